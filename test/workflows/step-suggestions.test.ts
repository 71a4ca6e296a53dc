import assert from 'node:assert/strict';
import { call, key, newCase } from '../helpers/app';
import { followRun, useRunStack } from '../helpers/runs';

/**
 * Issue 51, item 4: a control the step names is not on the page. The reason names the closest
 * visible controls of that kind, the diagnosis offers the step change, nothing applies it silently,
 * and a user who applies it through the API gets a passing Run.
 */
describe('a step whose control is not found suggests the closest one, and only suggests it', function () {
  this.timeout(120_000);
  const s = useRunStack('pw-suggest-1');

  it('names the closest button, offers "Sign in" for "Log in", and the applied change passes', async () => {
    const steps = [
      { action: 'navigate', target: '/login' },
      { action: 'click', target: 'Log in' },
    ];
    const testCaseId = (await newCase(s, { name: 'Renamed button', steps })).id as string;
    const trigger = () =>
      call(s.app, s.org.apiKey, 'run.trigger', { idempotencyKey: key(), environmentSlug: 'local', testCaseId });
    const [runId] = (await trigger()).body.runIds;
    const { state } = await followRun(s.app, s.org.apiKey, runId);
    assert.equal(state.verdict, 'unverified');

    const evidence = await call(s.app, s.org.apiKey, 'run.evidence', { runId });
    const step = evidence.body.steps[1];
    assert.equal(step.diagnosis.category, 'test_definition');
    assert.match(step.reason, /No control named "Log in" appeared/);
    assert.match(step.reason, /the page has button "Sign in"/);
    assert.deepEqual(step.diagnosis.suggestedChange, { target: 'Sign in' });

    // Never applied silently: the Test Case still says "Log in".
    const stored = await call(s.app, s.org.apiKey, 'test_case.get', { testCaseId });
    assert.equal(stored.body.steps[1].target, 'Log in');

    const changed = steps.map((step, index) =>
      index === 1 ? { ...step, target: evidence.body.steps[1].diagnosis.suggestedChange.target } : step,
    );
    const updated = await call(s.app, s.org.apiKey, 'test_case.update_steps', {
      idempotencyKey: key(),
      testCaseId,
      steps: changed,
      confirm: true,
    });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    const [again] = (await trigger()).body.runIds;
    const after = await followRun(s.app, s.org.apiKey, again);
    assert.equal(after.state.verdict, 'passed');
  });

  it('suggests nothing when no visible control is close, but still names what the page has', async () => {
    const steps = [
      { action: 'navigate', target: '/login' },
      { action: 'click', target: 'Checkout' },
    ];
    const testCaseId = (await newCase(s, { name: 'Nothing close', steps })).id as string;
    const [runId] = (
      await call(s.app, s.org.apiKey, 'run.trigger', { idempotencyKey: key(), environmentSlug: 'local', testCaseId })
    ).body.runIds;
    await followRun(s.app, s.org.apiKey, runId);
    const step = (await call(s.app, s.org.apiKey, 'run.evidence', { runId })).body.steps[1];
    assert.match(step.reason, /the page has button "Sign in"/);
    assert.equal(step.diagnosis.suggestedChange, undefined);
  });
});
