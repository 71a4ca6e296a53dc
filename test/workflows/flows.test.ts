import assert from 'node:assert/strict';
import { rest } from '../helpers/rest';
import { followRun, useRunStack } from '../helpers/runs';

const SECRET = 'Flow-Passphrase-31c7a9';

describe('plans with inline steps and flows, run on Temporal', function () {
  this.timeout(120_000);
  const s = useRunStack(SECRET);

  it("expands a saved flow into the Run's steps, which pass against the site", async () => {
    await rest(s.app, s.org.apiKey, 'PUT', '/api/flows/sign-in', {
      name: 'Sign in',
      steps: [
        { action: 'navigate', target: '/login' },
        { action: 'fill', target: 'Email' },
        { action: 'fill', target: 'Password', value: '{{env.PASSWORD}}' },
      ],
    });
    const plan = await rest(s.app, s.org.apiKey, 'POST', '/api/plans', {
      name: 'Sign in through a flow',
      steps: [
        { action: 'flow', target: 'sign-in' },
        { action: 'click', target: 'Sign in' },
      ],
    });
    const triggered = await rest(s.app, s.org.apiKey, 'POST', '/api/trigger', {
      testPlanId: plan.body.testPlanId,
      environmentSlug: 'local',
    });
    assert.equal(triggered.status, 200);
    assert.equal(triggered.body.status, 'queued');
    const { state } = await followRun(s.app, s.org.apiKey, triggered.body.runId);
    assert.equal(state.status, 'passing');
    assert.ok(!('testCaseId' in state), 'a Run of inline steps has no Test Case: the field is omitted');
    assert.equal(state.testPlanId, plan.body.testPlanId);
    assert.deepEqual(
      state.steps.map((s: { action: string; target?: string }) => `${s.action} ${s.target ?? ''}`.trim()),
      ['navigate /login', 'fill Email', 'fill Password', 'click Sign in'],
    );
    assert.ok(s.site.passwords.includes(SECRET), "the flow's {{env.PASSWORD}} reached the form");
  });
});
