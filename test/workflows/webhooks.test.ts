import assert from 'node:assert/strict';
import { oauthScopes } from '../helpers/openapi';
import { recordHistory } from '../helpers/histories';
import { webhookDeliveryWorkflowId, webhookEventWorkflowId } from '../../workflows/contracts';
import type { ChildProcess } from 'node:child_process';
import { call, createOrg, environment, key, newCase, useApp, type TestApp, type WithOrg } from '../helpers/app';
import { rest } from '../helpers/rest';
import {
  PAYLOAD_FIELDS,
  registerWebhook as register,
  settledDeliveries as settled,
  verifyWebhook as verify,
} from '../helpers/webhooks';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { killGroup, startWorkerProcess } from '../helpers/worker-process';
import { privateQueues, useWorkers } from '../helpers/temporal';
import { followRun } from '../helpers/runs';

/** Loopback is the only egress the tests allow; a short retry schedule stands in for hours. */
const settings = () => ({
  ...privateQueues(),
  EGRESS_ALLOW: '127.0.0.1,::1,localhost',
  WEBHOOK_RETRY_SCHEDULE: '0,1,1,1',
});

const auth = (t: WithOrg) => t.org.apiKey;
/** POST …/deliveries/{id}/redeliver with a fresh Idempotency-Key. */
const redeliver = (t: WithOrg, deliveryId: string) =>
  rest(t.app, auth(t), 'POST', `/api/webhooks/deliveries/${deliveryId}/redeliver`, undefined, {
    'Idempotency-Key': key(),
  });

/**
 * Ends a Run at once: its step needs a runtime value the Environment lacks, so the runner refuses
 * to start it (no browser opened), the Run workflow records it `failed` and announces run.completed.
 */
async function endRun(t: { app: TestApp; org: { apiKey: string } }): Promise<string> {
  const testCase = await newCase(t, {
    name: `hook-${key()}`,
    steps: [{ action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'NO_SUCH_VALUE' } }],
  });
  const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
    idempotencyKey: key(),
    testCaseId: testCase.id,
    environmentSlug: 'hooks',
    branch: 'main',
    deployment: { commitSha: 'abc1234' },
  });
  assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
  const [runId] = triggered.body.runIds;
  const { state } = await followRun(t.app, t.org.apiKey, runId);
  assert.equal(state.status, 'failed');
  return runId;
}

/** The deliveries of an endpoint once none is pending. */
describe('webhooks: durable, signed delivery of run.completed', function () {
  this.timeout(180_000);
  const t = useApp(settings);
  let receiver: Receiver;
  before(async () => {
    receiver = await startReceiver();
    t.onClose(() => receiver.close());
    await environment(t, 'hooks', { targets: { web: { baseUrl: receiver.url } } });
  });
  useWorkers(t, { runnerPlatforms: ['web'] });

  it('shows the secret once and lists endpoints without it', async () => {
    const hook = await register(t, receiver, '/crud');
    assert.match(hook.secret, /^whsec_/);
    const listed = await rest(t.app, auth(t), 'GET', '/api/webhooks');
    const mine = listed.body.items.find((e: { id: string }) => e.id === hook.id);
    assert.deepEqual(
      { url: mine.url, events: mine.events, enabled: mine.enabled },
      { url: `${receiver.url}/crud`, events: ['run.completed'], enabled: true },
    );
    assert.ok(!JSON.stringify(listed.body).includes(hook.secret), 'the list never shows the secret');
    assert.equal((await rest(t.app, auth(t), 'GET', `/api/webhooks/${hook.id}`)).body.secret, undefined);
    const patched = await rest(t.app, auth(t), 'PATCH', `/api/webhooks/${hook.id}`, { description: 'ci' });
    assert.equal(patched.body.description, 'ci');
    const deleted = await rest(t.app, auth(t), 'DELETE', `/api/webhooks/${hook.id}`);
    assert.equal(deleted.status, 200);
    const gone = await rest(t.app, auth(t), 'GET', `/api/webhooks/${hook.id}`);
    assert.equal(gone.status, 404);
    assert.equal(gone.body.code, 'NOT_FOUND');
  });

  it('refuses plain http to hosts not in EGRESS_ALLOW, and private addresses', async () => {
    for (const url of ['http://example.com/hook', 'https://10.0.0.1/hook', 'https://[::ffff:192.168.1.1]/hook']) {
      const reply = await rest(t.app, auth(t), 'POST', '/api/webhooks', { url, events: ['run.completed'] });
      assert.equal(reply.status, 400, url);
      assert.equal(reply.body.code, 'INVALID_ARGUMENT', url);
    }
  });

  it('allows at most 10 endpoints per organization', async () => {
    const other = { app: t.app, org: await createOrg(t.app.deps) };
    for (let i = 0; i < 10; i++) await register(other, receiver, `/quota-${i}`);
    const eleventh = await rest(t.app, other.org.apiKey, 'POST', '/api/webhooks', {
      url: `${receiver.url}/quota-10`,
      events: ['run.completed'],
    });
    assert.equal(eleventh.status, 429);
    assert.equal(eleventh.body.code, 'RESOURCE_EXHAUSTED');
  });

  it('starts no event for a Run whose organization has no endpoint for run.completed', async () => {
    const other = { app: t.app, org: await createOrg(t.app.deps) };
    await environment(other, 'hooks', { targets: { web: { baseUrl: receiver.url } } });
    await register(other, receiver, '/other-events', ['plan_group.completed']);
    const runId = await endRun(other);
    const client = await t.app.deps.temporal();
    const run = client.workflow.getHandle(`run-${runId}`);
    assert.equal(await run.result(), 'failed');
    const children = (await run.fetchHistory()).events?.filter(
      (e) => e.startChildWorkflowExecutionInitiatedEventAttributes,
    );
    assert.deepEqual(children, [], 'the Run started no event workflow');
    await assert.rejects(client.workflow.getHandle(webhookEventWorkflowId('run.completed', runId)).describe(), {
      name: 'WorkflowNotFoundError',
    });
  });

  it('delivers a thin run.completed that the reference library verifies', async () => {
    const hook = await register(t, receiver, '/verified');
    const runId = await endRun(t);
    const [got] = await receiver.waitFor('/verified', 1);
    const payload = verify(hook.secret, got) as { type: string; timestamp: string; data: Record<string, unknown> };
    assert.equal(payload.type, 'run.completed');
    assert.ok(!Number.isNaN(Date.parse(payload.timestamp)));
    assert.equal(payload.data.runId, runId);
    assert.equal(payload.data.status, 'failed');
    assert.equal(payload.data.verdict, 'failed');
    assert.equal(payload.data.validity, 'valid');
    assert.equal(payload.data.environmentSlug, 'hooks');
    assert.equal(payload.data.branch, 'main');
    assert.equal(payload.data.commitSha, 'abc1234');
    for (const field of Object.keys(payload.data)) assert.ok(PAYLOAD_FIELDS.includes(field), `unexpected ${field}`);
    assert.ok(!/media|screenshot|evidence\/|NO_SUCH_VALUE/.test(got.body), 'no media links, no value names');
    assert.match(String(got.headers['webhook-signature']), /^v1,[A-Za-z0-9+/=]+$/);
    const [delivery] = await settled(t, hook.id);
    assert.equal(delivery.status, 'delivered');
    assert.equal(delivery.eventId, got.headers['webhook-id']);
    assert.equal(receiver.received.filter((r) => r.path === '/verified').length, 1, 'one event per Run');
  });

  it('retries a 500 on the schedule, then succeeds with the same webhook-id', async () => {
    const hook = await register(t, receiver, '/flaky');
    receiver.answer('/flaky', { status: 500 }, { status: 503, headers: { 'retry-after': '1' } });
    const runId = await endRun(t);
    const got = await receiver.waitFor('/flaky', 3);
    assert.equal(new Set(got.map((g) => g.headers['webhook-id'])).size, 1);
    got.forEach((g) => verify(hook.secret, g));
    const [delivery] = await settled(t, hook.id);
    assert.equal(delivery.status, 'delivered');
    assert.deepEqual(
      delivery.attempts.map((a: { statusCode: number }) => a.statusCode),
      [500, 503, 200],
    );
    assert.equal(delivery.attempts[0].errorClass, 'http_status');
    assert.equal(delivery.attempts[0].response, 'answered 500', 'the log keeps the response');
    const eventId = String(got[0].headers['webhook-id']);
    await recordHistory(t.app, webhookEventWorkflowId('run.completed', runId), 'webhookEventWorkflow-run-completed');
    await recordHistory(
      t.app,
      webhookDeliveryWorkflowId(eventId, hook.id),
      'webhookDeliveryWorkflow-retried-delivered',
    );
  });

  it('tries a receiver that keeps failing once per step of the schedule, each wait its step ±10 %', async () => {
    // WEBHOOK_RETRY_SCHEDULE 0,1,1,1 (settings): four attempts, the first at once, then timers of 1 s
    // with the Standard Webhooks jitter of ±10 % (docs/webhooks-and-retention.md).
    const hook = await register(t, receiver, '/down');
    receiver.answer('/down', ...Array.from({ length: 6 }, () => ({ status: 500 })));
    await endRun(t);
    const [delivery] = await settled(t, hook.id);
    assert.equal(delivery.status, 'failed');
    assert.deepEqual(
      delivery.attempts.map((a: { statusCode: number }) => a.statusCode),
      [500, 500, 500, 500],
      'one attempt a step, no more',
    );
    const eventId = String((await receiver.waitFor('/down', 4))[0].headers['webhook-id']);
    const history = await (
      await t.app.deps.temporal()
    ).workflow
      .getHandle(webhookDeliveryWorkflowId(eventId, hook.id))
      .fetchHistory();
    const timersMs = (history.events ?? [])
      .map((e) => e.timerStartedEventAttributes?.startToFireTimeout)
      .filter((d) => d != null)
      .map((d) => Number(d.seconds ?? 0) * 1000 + Math.round((d.nanos ?? 0) / 1e6));
    assert.equal(timersMs.length, 3, `timers ${timersMs.join(', ')} ms: none before the first attempt`);
    for (const ms of timersMs) assert.ok(ms >= 900 && ms <= 1100, `a wait of ${ms} ms for a step of 1 s`);
    assert.ok(
      timersMs.some((ms) => ms !== 1000),
      `jittered, not the schedule exactly: ${timersMs.join(', ')} ms`,
    );
  });

  it('disables the endpoint on 410 Gone', async () => {
    const hook = await register(t, receiver, '/gone');
    receiver.answer('/gone', { status: 410 });
    await endRun(t);
    const [delivery] = await settled(t, hook.id);
    assert.equal(delivery.status, 'failed');
    assert.equal(delivery.attempts.length, 1);
    const endpoint = (await rest(t.app, auth(t), 'GET', `/api/webhooks/${hook.id}`)).body;
    assert.equal(endpoint.enabled, false);
    assert.match(endpoint.disabledReason, /410/);

    // docs/webhooks-and-retention.md: no redelivery while disabled; PATCH enabled: true clears the reason.
    const refused = await redeliver(t, delivery.id);
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.equal(refused.body.code, 'FAILED_PRECONDITION');
    const described = await rest(t.app, auth(t), 'PATCH', `/api/webhooks/${hook.id}`, { description: 'gone' });
    assert.equal(described.body.enabled, false, 'another change leaves it disabled');
    assert.match(described.body.disabledReason, /410/);
    const enabled = await rest(t.app, auth(t), 'PATCH', `/api/webhooks/${hook.id}`, { enabled: true });
    assert.equal(enabled.status, 200, JSON.stringify(enabled.body));
    assert.equal(enabled.body.enabled, true);
    assert.ok(!('disabledReason' in enabled.body), JSON.stringify(enabled.body));
    receiver.answer('/gone', { status: 200 });
    assert.equal((await redeliver(t, delivery.id)).status, 202);
  });

  it('stops at a permanent 4xx', async () => {
    const hook = await register(t, receiver, '/bad');
    receiver.answer('/bad', { status: 400 }, { status: 400 }, { status: 400 });
    await endRun(t);
    const [delivery] = await settled(t, hook.id);
    assert.equal(delivery.status, 'failed');
    assert.equal(delivery.attempts.length, 1);
    assert.equal(receiver.received.filter((r) => r.path === '/bad').length, 1);
    const endpoint = (await rest(t.app, auth(t), 'GET', `/api/webhooks/${hook.id}`)).body;
    assert.equal(endpoint.enabled, true, 'one 4xx does not disable the endpoint');
  });

  it('sends the test event once, never retried', async () => {
    const hook = await register(t, receiver, '/test-event');
    receiver.answer('/test-event', { status: 500 });
    const tested = await rest(t.app, auth(t), 'POST', `/api/webhooks/${hook.id}/test`, undefined, {
      'Idempotency-Key': key(),
    });
    assert.equal(tested.status, 200, JSON.stringify(tested.body));
    assert.equal(tested.body.status, 'failed');
    assert.equal(tested.body.eventType, 'webhook.test');
    assert.deepEqual(
      tested.body.attempts.map((a: { statusCode: number }) => a.statusCode),
      [500],
    );
    await new Promise((r) => setTimeout(r, 2500)); // longer than the test schedule's next wait
    assert.equal(receiver.received.filter((r) => r.path === '/test-event').length, 1);
    // A well-formed request the delivery's kind forbids: 422 FAILED_PRECONDITION (interface.md), not 400.
    const again = await redeliver(t, tested.body.id);
    assert.equal(again.status, 422, JSON.stringify(again.body));
    assert.equal(again.body.code, 'FAILED_PRECONDITION');
    assert.equal(receiver.received.filter((r) => r.path === '/test-event').length, 1, 'nothing was sent');
  });

  it('signs with the old and the new secret after a rotation', async () => {
    const hook = await register(t, receiver, '/rotated');
    const rotated = await rest(t.app, auth(t), 'POST', `/api/webhooks/${hook.id}/rotate-secret`, undefined, {
      'Idempotency-Key': key(),
    });
    assert.equal(rotated.status, 200);
    assert.match(rotated.body.secret, /^whsec_/);
    assert.notEqual(rotated.body.secret, hook.secret);
    const overlap = rotated.body.secretRotatedUntil - Date.now();
    assert.ok(overlap > 23.9 * 3600_000 && overlap <= 24 * 3600_000, 'the old secret signs for 24 hours');
    await rest(t.app, auth(t), 'POST', `/api/webhooks/${hook.id}/test`, undefined, { 'Idempotency-Key': key() });
    const [got] = await receiver.waitFor('/rotated', 1);
    assert.equal(String(got.headers['webhook-signature']).split(' ').length, 2);
    verify(hook.secret, got);
    verify(rotated.body.secret, got);
    assert.throws(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, got));
  });

  it('redelivers with the same webhook-id', async () => {
    const hook = await register(t, receiver, '/again');
    await endRun(t);
    const [first] = await settled(t, hook.id);
    const redelivered = await redeliver(t, first.id);
    assert.equal(redelivered.status, 202, JSON.stringify(redelivered.body));
    const got = await receiver.waitFor('/again', 2);
    assert.equal(got[0].headers['webhook-id'], got[1].headers['webhook-id']);
    verify(hook.secret, got[1]);
  });

  it('answers NOT_FOUND for a redelivery to an endpoint deleted since', async () => {
    const hook = await register(t, receiver, '/deleted');
    await endRun(t);
    const [delivery] = await settled(t, hook.id);
    assert.equal((await rest(t.app, auth(t), 'DELETE', `/api/webhooks/${hook.id}`)).status, 200);
    const redelivered = await redeliver(t, delivery.id);
    assert.equal(redelivered.status, 404, JSON.stringify(redelivered.body));
    assert.equal(redelivered.body.code, 'NOT_FOUND');
    assert.equal(receiver.received.filter((r) => r.path === '/deleted').length, 1, 'nothing was sent again');
  });

  it('documents the events in the OpenAPI webhooks map and the new scope', async () => {
    const doc = await fetch(`${t.app.url}/api/openapi.json`).then((r) => r.json());
    for (const type of ['run.completed', 'plan_group.completed', 'run_request.completed', 'assurance.ready'])
      assert.ok(doc.webhooks?.[type]?.post, type);
    assert.ok(oauthScopes(doc)['svc:webhooks:write']);
    assert.deepEqual(doc.paths['/api/webhooks'].post.security[1], { oauth2: ['svc:webhooks:write'] });
  });
});

const startDeliveryWorker = (app: TestApp) => startWorkerProcess(app, { WORKER_WEBHOOKS: 'true' });

describe('webhooks: a delivery worker SIGKILLed mid-delivery', function () {
  this.timeout(180_000);
  const t = useApp(settings);
  let receiver: Receiver;
  const children: ChildProcess[] = [];
  before(async () => {
    receiver = await startReceiver();
    t.onClose(() => receiver.close());
    await environment(t, 'hooks', { targets: { web: { baseUrl: receiver.url } } });
  });
  // Orchestration in this process; delivery attempts only in the child process.
  useWorkers(t, { runnerPlatforms: ['web'], config: { WORKER_WEBHOOKS: false } });
  before(() => t.onClose(() => children.forEach(killGroup)));

  it('delivers the event with one webhook-id, and no second event', async () => {
    const hook = await register(t, receiver, '/durable');
    receiver.answer('/durable', 'hang');
    children.push(startDeliveryWorker(t.app));
    const runId = await endRun(t);
    await receiver.waitFor('/durable', 1);
    killGroup(children[0]);
    children.push(startDeliveryWorker(t.app));
    const got = await receiver.waitFor('/durable', 2, 90_000);
    const [delivery] = await settled(t, hook.id, 1, 90_000);
    assert.equal(delivery.status, 'delivered');
    assert.equal(new Set(got.map((g) => g.headers['webhook-id'])).size, 1, 'every attempt carries one webhook-id');
    got.forEach((g) => verify(hook.secret, g));
    const events: unknown[] = await t.app.deps.db.query('SELECT id FROM webhook_events WHERE subject_id = ?', [runId]);
    assert.equal(events.length, 1, 'the Run produced one event');
    const deliveries = await rest(t.app, auth(t), 'GET', `/api/webhooks/${hook.id}/deliveries`);
    assert.equal(deliveries.body.items.length, 1, 'and one delivery');
  });
});
