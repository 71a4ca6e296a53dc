import assert from 'node:assert/strict';
import { call, environment, key, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';
import { privateQueues } from '../helpers/temporal';

const go = (target: string) => ({ action: 'navigate', target });
const click = { action: 'click', target: 'Go' };

/** Issue 76, point 4: a saved case keeps its history, a Run names the version it ran, a try runs unsaved steps. */
describe('Test Case versions and tries', () => {
  const t = useApp(privateQueues());
  before(() => environment(t, 'local', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } }));

  const update = (testCaseId: string, steps: unknown[]) =>
    call(t.app, t.org.apiKey, 'test_case.update_steps', { idempotencyKey: key(), testCaseId, steps, confirm: true });

  it('keeps every save as a version, pages them newest first, and says what each changed and who saved it', async () => {
    const created = await call(t.app, t.org.apiKey, 'test_case.create', {
      idempotencyKey: key(),
      name: 'Versioned',
      platforms: ['web'],
      steps: [go('/a')],
    });
    const id: string = created.body.id;
    assert.equal((await update(id, [go('/b')])).status, 200);
    assert.equal((await update(id, [go('/b'), click])).status, 200);

    const first = await rest(t.app, t.org.apiKey, 'GET', `/api/test-cases/${id}/versions?limit=2`);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.current, 3);
    assert.deepEqual(
      first.body.items.map((v: { version: number; changes: string[] }) => [v.version, v.changes]),
      [
        [3, ['step 2 added: click "Go"']],
        [2, ['step 1: target "/a" → "/b"']],
      ],
    );
    assert.deepEqual(first.body.items[0].changedBy, { kind: 'api_key', subject: t.org.keyId });
    assert.deepEqual(first.body.items[0].steps, [go('/b'), click]);
    const rest2 = await rest(
      t.app,
      t.org.apiKey,
      'GET',
      `/api/test-cases/${id}/versions?limit=2&before=${first.body.nextBefore}`,
    );
    assert.deepEqual(
      rest2.body.items.map((v: { version: number; changes: string[] }) => [v.version, v.changes]),
      [[1, ['created with 1 step(s)']]],
    );
    assert.ok(rest2.body.nextBefore === null || rest2.body.nextBefore === undefined);

    const bad = await rest(t.app, t.org.apiKey, 'GET', `/api/test-cases/${id}/versions?limit=0`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'INVALID_ARGUMENT');
  });

  it('records on each Run the version of the case it runs, alone or as a plan member', async () => {
    const created = await call(t.app, t.org.apiKey, 'test_case.create', {
      idempotencyKey: key(),
      name: 'Run me',
      platforms: ['web'],
      steps: [go('/a')],
    });
    const id: string = created.body.id;
    await update(id, [go('/c')]);
    const queued = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: id,
      environmentSlug: 'local',
    });
    const run = await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${queued.body.runIds[0]}`);
    assert.equal(run.body.trigger.testCaseVersion, 2);
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'P',
      testCaseIds: [id],
    });
    const member = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testPlanId: plan.body.id,
      environmentSlug: 'local',
    });
    const memberRun = await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${member.body.runIds[0]}`);
    assert.equal(memberRun.body.trigger.testCaseVersion, 2);
  });

  it('tries unsaved steps as a Run marked as a try, with the rules of a saved case', async () => {
    const tryIt = (body: unknown, headers: Record<string, string> = { 'Idempotency-Key': key() }) =>
      rest(t.app, t.org.apiKey, 'POST', '/api/runs/try', body, headers);
    const tried = await tryIt({ steps: [go('/a')], environmentSlug: 'local' });
    assert.equal(tried.status, 201, JSON.stringify(tried.body));
    const run = await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${tried.body.runId}`);
    assert.equal(run.body.trigger.try, true);
    assert.equal(run.body.testCaseId, undefined);
    assert.equal(run.body.testPlanId, undefined);

    const secret = await tryIt({
      steps: [{ action: 'fill', target: 'Password', valueSpec: { kind: 'literal', text: 'hunter2hunter2' } }],
      environmentSlug: 'local',
    });
    assert.equal(secret.status, 400);
    assert.equal(secret.body.code, 'INVALID_ARGUMENT');
    assert.equal(secret.body.details.credentialSteps[0].stepIndex, 0);
    const unkeyed = await tryIt({ steps: [go('/a')], environmentSlug: 'local' }, {});
    assert.equal(unkeyed.status, 400);
    assert.equal(unkeyed.body.code, 'INVALID_ARGUMENT');
    const nowhere = await tryIt({ steps: [go('/a')] });
    assert.equal(nowhere.status, 400, JSON.stringify(nowhere.body));
    const empty = await tryIt({ steps: [], environmentSlug: 'local' });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.code, 'INVALID_ARGUMENT');
  });
});
