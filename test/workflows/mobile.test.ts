import assert from 'node:assert/strict';
import { call, createOrg, environment, key, newCase, useApp } from '../helpers/app';
import { resource, scan, upload, type Uploaded } from '../helpers/artifacts';
import { privateQueues, useWorkers } from '../helpers/temporal';
import { apkZip, buildZip } from '../helpers/zips';

const SCHEDULE_TO_START_MS = 3000;

describe('Mobile Runs: scan gating and runner queues', function () {
  this.timeout(90_000);
  const t = useApp({ ...privateQueues(), MOBILE_SCHEDULE_TO_START_MS: String(SCHEDULE_TO_START_MS) });
  // The worker is asked for the mobile runners, but the runner host names no Appium server
  // (APPIUM_URL unset): no android or ios worker polls this suite's queues, and Runs wait queued.
  useWorkers(t, { runnerPlatforms: ['android', 'ios'] });
  let testCaseId: string;
  let testPlanId: string;

  before(async () => {
    testCaseId = (
      await newCase(t, {
        name: 'Open the app',
        platforms: ['android'],
        steps: [{ action: 'click', target: 'Get started' }],
      })
    ).id;
    testPlanId = (
      await call(t.app, t.org.apiKey, 'test_plan.create', {
        idempotencyKey: key(),
        name: 'Android smoke',
        testCaseIds: [testCaseId],
      })
    ).body.id;
  });

  const triggerV1 = (body: Record<string, unknown>, apiKey = t.org.apiKey) =>
    call(t.app, apiKey, 'run.trigger', { idempotencyKey: key(), testCaseId, ...body });
  const android = (up: Uploaded) => ({ targets: { android: { storageId: up.storageId } } });

  it("refuses a mobile trigger until the artifact's scan is clean, then accepts it", async () => {
    const up = await upload(t.app, t.org.apiKey, 'android', await apkZip());
    const v1Key = key();
    const refused = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: v1Key,
      testCaseId,
      ...android(up),
    });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.error.code, 'FAILED_PRECONDITION');
    assert.match(refused.body.error.message, new RegExp(`${up.storageId} \\(not scanned\\)`));
    const resourceRefused = await resource(t.app, t.org.apiKey, 'POST', '/api/trigger', { testPlanId, ...android(up) });
    assert.equal(resourceRefused.status, 422);
    assert.equal(typeof resourceRefused.body.error, 'string');

    assert.equal((await scan(t.app, t.org.apiKey, up, 'android')).body.status, 'clean');
    // The refused attempt left nothing behind: the same key now queues the Run.
    const accepted = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: v1Key,
      testCaseId,
      ...android(up),
    });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal(accepted.body.runIds.length, 1);
    const viaResource = await resource(t.app, t.org.apiKey, 'POST', '/api/trigger', { testPlanId, ...android(up) });
    assert.equal(viaResource.status, 200, JSON.stringify(viaResource.body));
    assert.equal(viaResource.body.status, 'queued');
  });

  it("refuses an artifact whose scan was rejected, and another organization's artifact", async () => {
    const text = await upload(t.app, t.org.apiKey, 'android', Buffer.from('not an apk'), 'application/octet-stream');
    assert.equal((await scan(t.app, t.org.apiKey, text, 'android')).body.status, 'rejected');
    const rejected = await triggerV1(android(text));
    assert.equal(rejected.status, 422);
    assert.match(rejected.body.error.message, /scan rejected/);

    const other = await createOrg(t.app.deps);
    const theirs = await upload(
      t.app,
      other.apiKey,
      'android',
      await buildZip([
        ['AndroidManifest.xml', '<manifest/>'],
        ['classes2.dex', 'dex'],
      ]),
    );
    assert.equal((await scan(t.app, other.apiKey, theirs, 'android')).body.status, 'clean');
    const foreign = await triggerV1(android(theirs));
    assert.equal(foreign.status, 422, 'a clean scan in another organization does not count');
    assert.match(foreign.body.error.message, /not scanned/);
  });

  it('gates the artifact an Environment names, too', async () => {
    const up = await upload(t.app, t.org.apiKey, 'android', await apkZip());
    const slug = `android-${up.storageId.slice(-6)}`;
    await environment(t, slug, { targets: { android: { storageId: up.storageId } } });
    assert.equal((await triggerV1({ environmentSlug: slug })).status, 422);
    assert.equal((await scan(t.app, t.org.apiKey, up, 'android')).body.status, 'clean');
    const accepted = await triggerV1({ environmentSlug: slug });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  });

  it('ends an android Run invalid (infrastructure) when no android runner picks it up in time', async () => {
    const up = await upload(t.app, t.org.apiKey, 'android', await apkZip());
    await scan(t.app, t.org.apiKey, up, 'android');
    const started = Date.now();
    const [runId] = (await triggerV1(android(up))).body.runIds;
    let state = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
    while (!['passing', 'failed', 'unverified', 'canceled', 'invalid'].includes(state.status)) {
      assert.ok(Date.now() - started < 60_000, `run still ${state.status}`);
      state = (await call(t.app, t.org.apiKey, 'run.get', { runId, cursor: state.cursor, waitMs: 5000 })).body;
    }
    const elapsed = Date.now() - started;
    assert.equal(state.status, 'invalid');
    assert.equal(state.diagnosis.category, 'infrastructure');
    assert.match(state.diagnosis.reason ?? state.diagnosis.suggestedAction, /runner/i);
    assert.ok(elapsed >= SCHEDULE_TO_START_MS, `waited the schedule-to-start timeout (${elapsed} ms)`);
    assert.ok(elapsed < SCHEDULE_TO_START_MS + 20_000, `did not hang (${elapsed} ms)`);

    const client = await t.app.deps.temporal();
    const history = await client.workflow.getHandle(`run-${runId}`).fetchHistory();
    const scheduled = history
      .events!.map((e) => e.activityTaskScheduledEventAttributes)
      .find((a) => a?.activityType?.name === 'executeRun')!;
    assert.equal(scheduled.taskQueue!.name, `${t.app.deps.config.RUNNER_TASK_QUEUE_PREFIX}android`);
    const evidence = await call(t.app, t.org.apiKey, 'run.evidence', { runId });
    assert.equal(evidence.body.steps[0].status, 'skipped');
  });
});
