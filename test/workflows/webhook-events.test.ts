import assert from 'node:assert/strict';
import { call, environment, key, newCase, useApp, type AppFixture, type WithOrg } from '../helpers/app';
import { startApiTarget, TOKENS, type ApiTarget } from '../helpers/api-target';
import { rest } from '../helpers/rest';
import {
  PAYLOAD_FIELDS,
  registerWebhook as register,
  settledDeliveries as settled,
  verifyWebhook as verify,
} from '../helpers/webhooks';
import { startReceiver, type Receiver, type ReceivedWebhook } from '../helpers/receiver';
import { followRequest } from '../helpers/run-requests';
import { followRun } from '../helpers/runs';
import { privateQueues, useWorkers } from '../helpers/temporal';

/**
 * Loopback egress only; a short retry schedule and a three-second "five days" stand in for hours
 * and days (WEBHOOK_DISABLE_AFTER_MS is the window the issue sets at five days).
 */
const DISABLE_AFTER_MS = 3000;
const settings = () => ({
  ...privateQueues(),
  EGRESS_ALLOW: '127.0.0.1,::1,localhost',
  WEBHOOK_RETRY_SCHEDULE: '0,1,1,1,1,1,1,1',
  WEBHOOK_DISABLE_AFTER_MS: String(DISABLE_AFTER_MS),
});

/** The two list fields the OpenAPI schema adds to the payload fields. */
const LIST_FIELDS = ['runIds', 'runRequestId'];

type Payload = ReturnType<typeof verify>;

/** Checks the envelope and that data holds only the fields (plus the documented lists). */
function thin(payload: Payload, type: string, raw: string) {
  assert.equal(payload.type, type);
  assert.ok(!Number.isNaN(Date.parse(payload.timestamp)), payload.timestamp);
  for (const field of Object.keys(payload.data))
    assert.ok([...PAYLOAD_FIELDS, ...LIST_FIELDS].includes(field), `unexpected field ${field} in ${type}`);
  assert.ok(!/media|screenshot|NO_SUCH_VALUE|alice-token|bob-token/.test(raw), `no media links or values: ${raw}`);
}

/** Waits past the test schedule's next retry, then: one request on `path`, one stored event for the subject. */
async function exactlyOnce(t: AppFixture, receiver: Receiver, path: string, type: string, subjectId: string) {
  await new Promise((r) => setTimeout(r, 2500));
  assert.equal(receiver.received.filter((r) => r.path === path).length, 1, `${type}: one request`);
  const events: unknown[] = await t.app.deps.db.query(
    'SELECT id FROM webhook_events WHERE type = ? AND subject_id = ?',
    [type, subjectId],
  );
  assert.equal(events.length, 1, `${type}: one event for ${subjectId}`);
}

describe('webhooks: plan_group.completed, run_request.completed and assurance.ready end to end', function () {
  this.timeout(240_000);
  const t = useApp(settings);
  let receiver: Receiver;
  let target: ApiTarget;
  before(async () => {
    receiver = await startReceiver();
    t.onClose(() => receiver.close());
    target = await startApiTarget();
    t.onClose(() => target.close());
    await environment(t, 'hooks', {
      targets: {
        web: { baseUrl: receiver.url },
        api: { baseUrl: target.url, openapiUrl: `${target.url}/openapi.json` },
      },
    });
  });
  // Web Runs here end before any runner (a missing runtime value); API Runs need the API runner.
  useWorkers(t, { runnerPlatforms: ['api', 'web'], hostEnv: { SHOP_ALICE_TOKEN: TOKENS.alice } });

  /** A plan of two web Test Cases that end `failed` at once: their step needs a value the Environment lacks. */
  async function failingPlan(name: string) {
    const ids: string[] = [];
    for (const n of ['first', 'second'])
      ids.push(
        (
          await newCase(t, {
            name: `${name} ${n}`,
            steps: [
              { action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'NO_SUCH_VALUE' } },
            ],
          })
        ).id,
      );
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', { idempotencyKey: key(), name, testCaseIds: ids });
    assert.equal(plan.status, 200, JSON.stringify(plan.body));
    return plan.body.id as string;
  }

  it('plan_group.completed: once, when every Run of the group ended, with the group fields', async () => {
    const hook = await register(t, receiver, '/group', ['plan_group.completed']);
    const testPlanId = await failingPlan('Hooked group');
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testPlanId,
      environmentSlug: 'hooks',
      branch: 'feature/x',
      pr: '42',
      deployment: { commitSha: 'fedcba9876543' },
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const { planGroupRunId, runIds } = triggered.body as { planGroupRunId: string; runIds: string[] };
    for (const runId of runIds) assert.equal((await followRun(t.app, t.org.apiKey, runId)).state.status, 'failed');

    const [got] = await receiver.waitFor('/group', 1);
    const payload = verify(hook.secret, got);
    thin(payload, 'plan_group.completed', got.body);
    const d = payload.data;
    assert.equal(d.planGroupRunId, planGroupRunId);
    assert.equal(d.testPlanId, testPlanId);
    assert.equal(d.environmentSlug, 'hooks');
    assert.equal(d.status, 'failed');
    assert.equal(d.verdict, 'failed');
    assert.equal(d.branch, 'feature/x');
    assert.equal(d.commitSha, 'fedcba9876543');
    assert.equal(d.pr, '42');
    assert.equal(d.flaky, false);
    assert.deepEqual([...d.runIds].sort(), [...runIds].sort());
    assert.ok(runIds.includes(d.runId));
    assert.equal(typeof d.completedAt, 'number');
    // The signed group report page: a teammate opens it without a credential.
    const page = await fetch(d.reportUrl);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    const [delivery] = await settled(t, hook.id);
    assert.equal(delivery.status, 'delivered');
    assert.equal(delivery.eventType, 'plan_group.completed');
    await exactlyOnce(t, receiver, '/group', 'plan_group.completed', planGroupRunId);
  });

  it('run_request.completed: once, when the request ended, naming the request and its Runs', async () => {
    const hook = await register(t, receiver, '/request', ['run_request.completed']);
    await failingPlan('Hooked request');
    const created = await rest(t.app, t.org.apiKey, 'POST', '/api/run-requests', {
      planNames: ['Hooked request'],
      environmentSlugs: ['hooks'],
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const done = await followRequest(t.app, t.org.apiKey, created.body.requestId);
    assert.equal(done.status, 'completed', JSON.stringify(done));

    const [got] = await receiver.waitFor('/request', 1);
    const payload = verify(hook.secret, got);
    thin(payload, 'run_request.completed', got.body);
    const runIds = done.entries.map((e: { runId: string }) => e.runId);
    assert.equal(payload.data.runRequestId, done.requestId);
    assert.equal(payload.data.status, 'completed');
    assert.deepEqual([...payload.data.runIds].sort(), [...runIds].sort());
    assert.equal(typeof payload.data.completedAt, 'number');
    const [delivery] = await settled(t, hook.id);
    assert.equal(delivery.status, 'delivered');
    await exactlyOnce(t, receiver, '/request', 'run_request.completed', done.requestId);
  });

  it('assurance.ready: once, after an API Run ended and its snapshot was built', async () => {
    const hook = await register(t, receiver, '/assurance', ['assurance.ready']);
    const plan = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: 'Hooked API',
      platforms: ['api'],
      apiAuthProfiles: [
        { name: 'alice', credentials: [{ kind: 'bearer', source: 'environment', variable: 'SHOP_ALICE_TOKEN' }] },
      ],
      steps: [{ action: 'request', target: 'GET /profiles/alice', config: { authProfile: 'alice' } }],
    });
    assert.equal(plan.status, 201, JSON.stringify(plan.body));
    const triggered = await rest(t.app, t.org.apiKey, 'POST', '/api/trigger', {
      testPlanId: plan.body.testPlanId,
      environmentSlug: 'hooks',
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const runId = triggered.body.runId as string;
    const { state } = await followRun(t.app, t.org.apiKey, runId);
    assert.ok(['passing', 'failed'].includes(state.status), JSON.stringify(state));

    const [got] = await receiver.waitFor('/assurance', 1);
    const payload = verify(hook.secret, got);
    thin(payload, 'assurance.ready', got.body);
    assert.equal(payload.data.runId, runId);
    assert.equal(payload.data.testPlanId, plan.body.testPlanId);
    assert.equal(payload.data.status, state.status);
    assert.equal(payload.data.environmentSlug, 'hooks');
    // The event says the snapshot is ready: it is there when the receiver asks.
    const snapshot = await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${runId}/assurance`);
    assert.equal(snapshot.status, 200);
    assert.ok(snapshot.body.report, JSON.stringify(snapshot.body));
    await exactlyOnce(t, receiver, '/assurance', 'assurance.ready', runId);
  });

  it('a successful delivery ends the failing streak: an endpoint that recovers is never disabled for old failures', async () => {
    // Issue 34: "failing for the whole window" counts from the last success.
    const hook = await register(t, receiver, '/flappy', ['plan_group.completed']);
    const event = async () => {
      const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testPlanId: await failingPlan(`Flappy ${key()}`),
        environmentSlug: 'hooks',
      });
      assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
      for (const runId of triggered.body.runIds) await followRun(t.app, t.org.apiKey, runId);
    };
    receiver.answer('/flappy', { status: 503 }, { status: 200 });
    await event();
    const [first] = await settled(t, hook.id, 1, 60_000);
    assert.equal(first.status, 'delivered', JSON.stringify(first));
    // Longer than the window since the first failure; the success in between reset it.
    await new Promise((r) => setTimeout(r, DISABLE_AFTER_MS + 500));
    receiver.answer('/flappy', { status: 503 }, { status: 200 });
    await event();
    const deliveries = await settled(t, hook.id, 2, 60_000);
    assert.deepEqual(
      deliveries.map((d: { status: string }) => d.status),
      ['delivered', 'delivered'],
    );
    const endpoint = (await rest(t.app, t.org.apiKey, 'GET', `/api/webhooks/${hook.id}`)).body;
    assert.equal(endpoint.enabled, true, JSON.stringify(endpoint));
  });

  it('disables an endpoint whose every delivery failed for the whole window, with a reason; later events are not sent', async () => {
    const hook = await register(t, receiver, '/down', ['plan_group.completed']);
    receiver.answer('/down', ...Array.from({ length: 20 }, () => ({ status: 503 })));
    const trigger = async () => {
      const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testPlanId: await failingPlan(`Down ${key()}`),
        environmentSlug: 'hooks',
      });
      assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
      for (const runId of triggered.body.runIds) await followRun(t.app, t.org.apiKey, runId);
    };
    const started = Date.now();
    await trigger();
    const [delivery] = await settled(t, hook.id, 1, 90_000);
    assert.equal(delivery.status, 'failed');
    const attempts = delivery.attempts as Array<{ statusCode: number; at: number }>;
    assert.ok(
      attempts.every((a) => a.statusCode === 503),
      JSON.stringify(attempts),
    );
    // Disabled once failures spanned the window, not at the first failure, and before the schedule ran out.
    assert.ok(attempts.length >= 2 && attempts.length < 8, `attempts: ${attempts.length}`);
    assert.ok(attempts.at(-1)!.at - attempts[0].at >= DISABLE_AFTER_MS, JSON.stringify(attempts));
    const endpoint = (await rest(t.app, t.org.apiKey, 'GET', `/api/webhooks/${hook.id}`)).body;
    assert.equal(endpoint.enabled, false);
    assert.match(endpoint.disabledReason, /^every delivery failed for 3 second\(s\)/);
    assert.ok(Date.now() - started < 90_000);

    // A disabled endpoint hears nothing more.
    const before = receiver.received.filter((r) => r.path === '/down').length;
    await trigger();
    await new Promise((r) => setTimeout(r, 3000));
    assert.equal(receiver.received.filter((r) => r.path === '/down').length, before);
  });
});
