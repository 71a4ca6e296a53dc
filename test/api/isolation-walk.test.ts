import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { servedEndpoints } from '../../api/app';
import { jsonSchema } from '../../api/surfaces/openapi';
import { splitApiKey } from '../../core/crypto';
import { call, createOrg, environment, key, newCase, useApp, type TestOrg } from '../helpers/app';
import { scan, upload } from '../helpers/artifacts';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { rest } from '../helpers/rest';
import { privateQueues, useWorkers } from '../helpers/temporal';
import { apkZip } from '../helpers/zips';

/** The ids of one organization's records, one of each kind an endpoint can name. */
interface Seeded {
  testCaseId: string;
  testPlanId: string;
  runId: string;
  planGroupRunId: string;
  noteId: string;
  environmentSlug: string;
  flowSlug: string;
  webhookId: string;
  deliveryId: string;
  storageId: string;
  intentId: string;
  runRequestId: string;
  scheduleId: string;
  viewId: string;
  keyId: string;
  channelId: string;
}

type Probe =
  | { v1: Record<string, unknown>; expect?: 'not_found' | 'empty' }
  | {
      rest: [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown];
      expect?: 'not_found' | 'empty';
    };

/**
 * How the walk calls each endpoint that names a record, as the other organization, with the first
 * organization's ids. `not_found` (the default): NOT_FOUND. `empty`: a filter by the id answers no
 * items. An endpoint that names a record and is missing here fails the walk until it is taught.
 */
const WALK: Record<string, (s: Seeded) => Probe> = {
  'test_case.get': (s) => ({ v1: { testCaseId: s.testCaseId } }),
  'test_cases.health': (s) => ({ rest: ['GET', `/api/test-cases/${s.testCaseId}/health`] }),
  'test_cases.versions': (s) => ({ rest: ['GET', `/api/test-cases/${s.testCaseId}/versions`] }),
  'runs.try': (s) => ({
    rest: [
      'POST',
      '/api/runs/try',
      { steps: [{ action: 'navigate', target: '/' }], environmentSlug: s.environmentSlug },
    ],
  }),
  'test_case.update_steps': (s) => ({
    v1: { testCaseId: s.testCaseId, steps: [{ action: 'navigate', target: '/x' }], confirm: true },
  }),
  'test_plan.get': (s) => ({ v1: { testPlanId: s.testPlanId } }),
  'test_plan.set_members': (s) => ({ v1: { testPlanId: s.testPlanId, testCaseIds: [], confirm: true } }),
  'run.trigger': (s) => ({ v1: { testPlanId: s.testPlanId, environmentSlug: 'b-env' } }),
  'run.list': (s) => ({ v1: { testCaseId: s.testCaseId }, expect: 'empty' }),
  'run.get': (s) => ({ v1: { runId: s.runId } }),
  'run.evidence': (s) => ({ v1: { runId: s.runId } }),
  'run.rerun': (s) => ({ v1: { planGroupRunId: s.planGroupRunId, only: 'not_passing' } }),
  'environment.get': (s) => ({ v1: { slug: s.environmentSlug } }),
  'note.comment': (s) => ({ v1: { noteId: s.noteId, body: 'a comment' } }),
  'runs.get': (s) => ({ rest: ['GET', `/api/runs/${s.runId}`] }),
  'runs.cancel': (s) => ({ rest: ['POST', `/api/runs/${s.runId}/cancel`] }),
  'runs.assurance': (s) => ({ rest: ['GET', `/api/runs/${s.runId}/assurance`] }),
  'runs.trace': (s) => ({ rest: ['GET', `/api/runs/${s.runId}/trace`] }),
  'runs.har': (s) => ({ rest: ['GET', `/api/runs/${s.runId}/har`] }),
  'runs.traceViewer': (s) => ({ rest: ['GET', `/api/runs/${s.runId}/trace/viewer`] }),
  'runs.video': (s) => ({ rest: ['GET', `/api/runs/${s.runId}/video`] }),
  'runs.report_step': (s) => ({
    rest: ['POST', '/api/runs/report', { runId: s.runId, stepIndex: 0, status: 'passed' }],
  }),
  'runs.pin': (s) => ({ rest: ['POST', `/api/runs/${s.runId}/pin`] }),
  'runs.unpin': (s) => ({ rest: ['DELETE', `/api/runs/${s.runId}/pin`] }),
  'runs.visual_accept': (s) => ({ rest: ['POST', `/api/runs/${s.runId}/visual/accept`] }),
  'runs.rerun': (s) => ({ rest: ['POST', `/api/runs/${s.runId}/rerun`] }),
  'plan_groups.get': (s) => ({ rest: ['GET', `/api/plan-groups/${s.planGroupRunId}`] }),
  'plan_groups.list': (s) => ({ rest: ['GET', `/api/plan-groups?testPlanId=${s.testPlanId}`], expect: 'empty' }),
  'flows.get': (s) => ({ rest: ['GET', `/api/flows/${s.flowSlug}`] }),
  'plans.generation': (s) => ({ rest: ['GET', `/api/generate/${s.testPlanId}`] }),
  'run_requests.status': (s) => ({ rest: ['GET', `/api/run-requests/status?id=${s.runRequestId}`] }),
  'artifacts.scan': (s) => ({
    rest: [
      'POST',
      '/api/artifacts/scan',
      {
        storageId: s.storageId,
        intentId: s.intentId,
        platform: 'android',
        fileName: 'app.apk',
        contentType: 'application/vnd.android.package-archive',
      },
    ],
  }),
  'webhooks.get': (s) => ({ rest: ['GET', `/api/webhooks/${s.webhookId}`] }),
  'webhooks.update': (s) => ({ rest: ['PATCH', `/api/webhooks/${s.webhookId}`, { enabled: false }] }),
  'webhooks.delete': (s) => ({ rest: ['DELETE', `/api/webhooks/${s.webhookId}`] }),
  'webhooks.rotate_secret': (s) => ({ rest: ['POST', `/api/webhooks/${s.webhookId}/rotate-secret`] }),
  'webhooks.test': (s) => ({ rest: ['POST', `/api/webhooks/${s.webhookId}/test`] }),
  'webhooks.deliveries': (s) => ({ rest: ['GET', `/api/webhooks/${s.webhookId}/deliveries`] }),
  'webhooks.redeliver': (s) => ({ rest: ['POST', `/api/webhooks/deliveries/${s.deliveryId}/redeliver`] }),
  'notification_channels.get': (s) => ({ rest: ['GET', `/api/notification-channels/${s.channelId}`] }),
  'notification_channels.update': (s) => ({
    rest: ['PATCH', `/api/notification-channels/${s.channelId}`, { enabled: false }],
  }),
  'notification_channels.delete': (s) => ({ rest: ['DELETE', `/api/notification-channels/${s.channelId}`] }),
  'notification_channels.test': (s) => ({ rest: ['POST', `/api/notification-channels/${s.channelId}/test`] }),
  'notification_channels.messages': (s) => ({ rest: ['GET', `/api/notification-channels/${s.channelId}/messages`] }),
  'schedules.create': (s) => ({
    rest: ['POST', '/api/schedules', { name: 'B', testPlanId: s.testPlanId, environmentSlug: 'b-env', every: '1h' }],
  }),
  'test_cases.quarantine': (s) => ({
    rest: ['POST', `/api/test-cases/${s.testCaseId}/quarantine`, { reason: 'not yours' }],
  }),
  'test_cases.release': (s) => ({ rest: ['DELETE', `/api/test-cases/${s.testCaseId}/quarantine`] }),
  'test_cases.update_settings': (s) => ({
    rest: ['PATCH', `/api/test-cases/${s.testCaseId}/settings`, { accessibility: { mode: 'report' } }],
  }),
  'schedules.get': (s) => ({ rest: ['GET', `/api/schedules/${s.scheduleId}`] }),
  'schedules.update': (s) => ({ rest: ['PATCH', `/api/schedules/${s.scheduleId}`, { paused: false }] }),
  'schedules.delete': (s) => ({ rest: ['DELETE', `/api/schedules/${s.scheduleId}`] }),
  'schedules.pause': (s) => ({ rest: ['POST', `/api/schedules/${s.scheduleId}/pause`] }),
  'schedules.resume': (s) => ({ rest: ['POST', `/api/schedules/${s.scheduleId}/resume`] }),
  'schedules.trigger': (s) => ({ rest: ['POST', `/api/schedules/${s.scheduleId}/trigger`] }),
  'test_cases.history': (s) => ({ rest: ['GET', `/api/test-cases/${s.testCaseId}/history`] }),
  'runs.export_csv': (s) => ({
    rest: ['GET', `/api/runs.csv?testCaseId=${s.testCaseId}&testPlanId=${s.testPlanId}`],
    expect: 'empty',
  }),
  'saved_views.delete': (s) => ({ rest: ['DELETE', `/api/saved-views/${s.viewId}`] }),
  'keys.revoke': (s) => ({ rest: ['POST', `/api/keys/${s.keyId}/revoke`] }),
};

/**
 * Endpoints that name a record but are not organization-scoped by a credential, each with why.
 * Slug writes create the caller's own record (slugs are per organization); the checks after the
 * walk show the first organization's record did not change.
 */
const NOT_BY_CREDENTIAL: Record<string, string> = {
  'environment.upsert': "upserts the caller's own Environment of that slug (checked unchanged below)",
  'flows.put': "saves the caller's own flow of that slug (checked unchanged below)",
  'reports.run': 'public: a signed link, checked by test/api/report-links',
  'reports.plan_group': 'public: a signed link, checked by test/api/report-links',
  'evidence.media': 'public: a signed media link (the signature names the organization)',
  'runs.traceSigned': "public: a trace link signed for the Run's organization, checked by test/api/console-trace",
  'runs.videoSigned': "public: a video link signed for the Run's organization, checked by test/api/run-video",
  'runner.values': 'the runner channel: a RUNNER_TOKEN and an executing Run, not an organization',
};

/** Request fields that name a record (ids, slugs): what makes an endpoint part of the walk. */
const namesRecord = (field: string) => /Id$|^slug$|^id$/.test(field);

function recordFields(schema: unknown): string[] {
  if (!schema) return [];
  const json = jsonSchema(schema as never, 'input') as { properties?: Record<string, unknown> };
  return Object.keys(json.properties ?? {}).filter(namesRecord);
}

describe('isolation, walked over every endpoint that names a record', function () {
  this.timeout(120_000);
  const t = useApp({ ...privateQueues(), EGRESS_ALLOW: '127.0.0.1,::1,localhost' });
  useWorkers(t, { runnerPlatforms: [] });
  let receiver: Receiver;
  let seeded: Seeded;
  let other: TestOrg;

  before(async () => {
    receiver = await startReceiver();
    t.onClose(() => receiver.close());
    const a = { app: t.app, org: t.org };
    await environment(a, 'a-env', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
    const testCase = await newCase(a, { name: 'A case' });
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'A plan',
      testCaseIds: [testCase.id],
    });
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testPlanId: plan.body.id,
      environmentSlug: 'a-env',
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const note = await call(t.app, t.org.apiKey, 'note.create', {
      idempotencyKey: key(),
      environmentSlug: 'a-env',
      title: 'A note',
      body: 'seen by A only',
    });
    assert.equal(note.status, 200, JSON.stringify(note.body));
    assert.equal(
      (
        await rest(t.app, t.org.apiKey, 'PUT', '/api/flows/a-flow', {
          name: 'A flow',
          steps: [{ action: 'navigate', target: '/' }],
        })
      ).status,
      200,
    );
    const webhook = await rest(t.app, t.org.apiKey, 'POST', '/api/webhooks', {
      url: `${receiver.url}/a`,
      events: ['run.completed'],
    });
    assert.equal(webhook.status, 201, JSON.stringify(webhook.body));
    const tested = await rest(t.app, t.org.apiKey, 'POST', `/api/webhooks/${webhook.body.id}/test`);
    assert.equal(tested.status, 200, JSON.stringify(tested.body));
    const channel = await rest(t.app, t.org.apiKey, 'POST', '/api/notification-channels', {
      name: 'A channel',
      kind: 'slack',
      url: `${receiver.url}/a-channel`,
    });
    assert.equal(channel.status, 201, JSON.stringify(channel.body));
    const up = await upload(t.app, t.org.apiKey, 'android', await apkZip());
    await scan(t.app, t.org.apiKey, up, 'android');
    const request = await rest(
      t.app,
      t.org.apiKey,
      'POST',
      '/api/run-requests',
      { planIds: [plan.body.id], environmentSlugs: ['a-env'] },
      { 'Idempotency-Key': randomUUID() },
    );
    assert.equal(request.status, 202, JSON.stringify(request.body));
    const schedule = await rest(t.app, t.org.apiKey, 'POST', '/api/schedules', {
      name: 'A nightly',
      testPlanId: plan.body.id,
      environmentSlug: 'a-env',
      cron: '0 2 * * *',
      paused: true,
    });
    assert.equal(schedule.status, 201, JSON.stringify(schedule.body));
    const view = await rest(
      t.app,
      t.org.apiKey,
      'POST',
      '/api/saved-views',
      { name: 'A failures', query: 'verdict=failed' },
      { 'Idempotency-Key': randomUUID() },
    );
    assert.equal(view.status, 201, JSON.stringify(view.body));
    seeded = {
      viewId: view.body.id,
      keyId: splitApiKey(t.org.apiKey)!.keyId,
      scheduleId: schedule.body.id,
      testCaseId: testCase.id,
      testPlanId: plan.body.id,
      runId: triggered.body.runIds[0],
      planGroupRunId: triggered.body.planGroupRunId,
      noteId: note.body.id ?? note.body.noteId,
      environmentSlug: 'a-env',
      flowSlug: 'a-flow',
      webhookId: webhook.body.id,
      deliveryId: tested.body.id,
      storageId: up.storageId,
      intentId: up.intentId,
      runRequestId: request.body.requestId,
      channelId: channel.body.id,
    };
    other = await createOrg(t.app.deps);
    await environment({ app: t.app, org: other }, 'b-env', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
  });

  /** What the first organization reads of its own records: must be the same after the walk. */
  async function aView() {
    const key = t.org.apiKey;
    const run = (await call(t.app, key, 'run.get', { runId: seeded.runId })).body;
    return {
      testCase: (await call(t.app, key, 'test_case.get', { testCaseId: seeded.testCaseId })).body,
      plan: (await call(t.app, key, 'test_plan.get', { testPlanId: seeded.testPlanId })).body,
      run: { status: run.status, pinned: (await rest(t.app, key, 'GET', `/api/runs/${seeded.runId}`)).body.pinned },
      notes: (await call(t.app, key, 'note.list', { environmentSlug: 'a-env' })).body,
      environment: (await call(t.app, key, 'environment.get', { slug: 'a-env' })).body,
      flow: (await rest(t.app, key, 'GET', '/api/flows/a-flow')).body,
      webhook: (await rest(t.app, key, 'GET', `/api/webhooks/${seeded.webhookId}`)).body,
      deliveries: (await rest(t.app, key, 'GET', `/api/webhooks/${seeded.webhookId}/deliveries`)).body,
      channel: (await rest(t.app, key, 'GET', `/api/notification-channels/${seeded.channelId}`)).body,
      messages: (await rest(t.app, key, 'GET', `/api/notification-channels/${seeded.channelId}/messages`)).body,
      schedule: (await rest(t.app, key, 'GET', `/api/schedules/${seeded.scheduleId}`)).body,
      views: (await rest(t.app, key, 'GET', '/api/saved-views')).body,
      keys: (await rest(t.app, key, 'GET', '/api/keys')).body.items.map((k: { keyId: string; revokedAt?: number }) => [
        k.keyId,
        k.revokedAt,
      ]),
      health: (await rest(t.app, key, 'GET', `/api/test-cases/${seeded.testCaseId}/health`)).body,
    };
  }

  it('covers every endpoint that names a record: walked, or exempt with a reason', () => {
    const untaught: string[] = [];
    for (const e of servedEndpoints()) {
      const fields = [e.params, e.query, e.body].flatMap(recordFields);
      if (!fields.length) continue;
      if (!WALK[e.name] && !NOT_BY_CREDENTIAL[e.name]) untaught.push(`${e.name} (${fields.join(', ')})`);
    }
    assert.deepEqual(untaught, [], 'teach the walk these endpoints (WALK) or say why they are exempt');
    for (const name of [...Object.keys(WALK), ...Object.keys(NOT_BY_CREDENTIAL)])
      assert.ok(
        servedEndpoints().some((e) => e.name === name),
        `${name} is no endpoint any more`,
      );
  });

  it("gives another organization NOT_FOUND for each read and write of the first one's records, and changes nothing", async () => {
    const before = await aView();
    const wrong: string[] = [];
    for (const [name, probe] of Object.entries(WALK)) {
      const p = probe(seeded);
      const expect = p.expect ?? 'not_found';
      let status: number;
      let body: any;
      if ('v1' in p) {
        const keyed = servedEndpoints().find((e) => e.name === name)?.idempotency !== 'none';
        ({ status, body } = await call(t.app, other.apiKey, name, {
          ...(keyed ? { idempotencyKey: key() } : {}),
          ...p.v1,
        }));
      } else {
        const [method, path, payload] = p.rest;
        ({ status, body } = await rest(t.app, other.apiKey, method, path, payload, {
          'Idempotency-Key': randomUUID(),
        }));
      }
      // A CSV export: its rows after the header line.
      const items =
        typeof body === 'string'
          ? body.split('\n').filter(Boolean).slice(1)
          : Array.isArray(body)
            ? body
            : (body?.items ?? body?.runs ?? body?.planGroups);
      const ok =
        expect === 'not_found'
          ? status === 404 && ('v1' in p ? body?.error?.code === 'NOT_FOUND' : true)
          : status === 200 && Array.isArray(items) && items.length === 0;
      if (!ok) wrong.push(`${name}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    // Slug writes land in the caller's own namespace.
    await call(t.app, other.apiKey, 'environment.upsert', {
      idempotencyKey: key(),
      slug: 'a-env',
      targets: { web: { baseUrl: 'http://127.0.0.1:8' } },
      confirm: true,
    });
    await rest(t.app, other.apiKey, 'PUT', '/api/flows/a-flow', {
      name: 'B flow',
      steps: [{ action: 'navigate', target: '/b' }],
    });
    assert.deepEqual(wrong, []);
    assert.deepEqual(await aView(), before, "nothing of the first organization's changed");
    assert.equal(
      receiver.received.filter((r) => r.path === '/a').length,
      1,
      'no test event sent for the other organization',
    );
  });
});
