import assert from 'node:assert/strict';
import { call, key, newCase, useApp } from '../helpers/app';
import { privateQueues } from '../helpers/temporal';
import { rest } from '../helpers/rest';

describe('dependencies down and state that forbids a request', function () {
  this.timeout(60_000);
  const queues = privateQueues();
  const down = useApp({ ...queues, TEMPORAL_ADDRESS: '127.0.0.1:1' });
  const up = useApp(queues);

  it('answers UNAVAILABLE when Temporal is down, and the same key later starts the recorded Run', async () => {
    const testCase = await newCase(up, { name: 'x' });
    const body = {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
    };
    const failed = await call(down.app, up.org.apiKey, 'run.trigger', body);
    assert.equal(failed.status, 503);
    assert.equal(failed.body.error.code, 'UNAVAILABLE');
    assert.ok(failed.headers.get('retry-after'));

    const retried = await call(up.app, up.org.apiKey, 'run.trigger', body);
    assert.equal(retried.status, 200);
    const client = await up.app.deps.temporal();
    const description = await client.workflow.getHandle(`run-${retried.body.runIds[0]}`).describe();
    assert.equal(description.status.name, 'RUNNING', 'the replay started the workflow the first call could not');
  });

  it('a run request recorded while Temporal was down is started by the replay of its key', async () => {
    const body = { request: 'run the smoke tests', idempotencyKey: crypto.randomUUID() };
    const failed = await rest(down.app, up.org.apiKey, 'POST', '/api/run-requests', body);
    assert.equal(failed.status, 503, JSON.stringify(failed.body));
    const replayed = await rest(up.app, up.org.apiKey, 'POST', '/api/run-requests', body);
    assert.equal(replayed.status, 202, JSON.stringify(replayed.body));
    assert.equal(replayed.body.status, 'interpreting');
    const client = await up.app.deps.temporal();
    const description = await client.workflow.getHandle(`run-request-${replayed.body.requestId}`).describe();
    assert.equal(description.status.name, 'RUNNING', 'the replay started the workflow the first call could not');
  });

  it('a cancel while Temporal is down says so, not that the Run has no workflow', async () => {
    const testCase = await newCase(up, { name: 'to cancel' });
    const triggered = await call(up.app, up.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
    });
    const runId = triggered.body.runIds[0];
    const refused = await rest(down.app, up.org.apiKey, 'POST', `/api/runs/${runId}/cancel`);
    assert.equal(refused.status, 503, JSON.stringify(refused.body));
    assert.equal(refused.body.code, 'UNAVAILABLE');
    assert.ok(refused.headers.get('retry-after'));
    assert.doesNotMatch(refused.body.error, /no workflow/, 'the Run has its workflow; Temporal did not answer');
  });

  it('answers FAILED_PRECONDITION for a plan without members', async () => {
    const plan = await call(up.app, up.org.apiKey, 'test_plan.create', { idempotencyKey: key(), name: 'empty' });
    const res = await call(up.app, up.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testPlanId: plan.body.id,
      targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
    });
    assert.equal(res.status, 422);
    assert.equal(res.body.error.code, 'FAILED_PRECONDITION');
  });

  it('answers INVALID_ARGUMENT for a trigger without exactly one subject or without a target', async () => {
    const testCase = await newCase(up, { name: 'y' });
    const neither = await call(up.app, up.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
    });
    assert.equal(neither.status, 400);
    const noTarget = await call(up.app, up.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
    });
    assert.equal(noTarget.status, 400);
    assert.match(noTarget.body.error.message, /baseUrl/);
  });
});
