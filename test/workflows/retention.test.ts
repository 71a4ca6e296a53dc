import assert from 'node:assert/strict';
import { oauthScopes } from '../helpers/openapi';
import { mkdir, writeFile } from 'node:fs/promises';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { ensureRetentionSchedule } from '../../activities/retention/schedule';
import { newId } from '../../core/ids';
import { LocalMediaStorage } from '../../core/storage/local';
import { S3MediaStorage } from '../../core/storage/s3';
import { runRepository } from '../../db/repositories/runs';
import { webhookRepository } from '../../db/repositories/webhooks';
import type { Run } from '../../db/entities/runs';
import { call, createOrg, key, testConfig, useApp, type TestApp } from '../helpers/app';
import { recordHistory } from '../helpers/histories';
import { rest } from '../helpers/rest';
import { killGroup, startWorkerProcess } from '../helpers/worker-process';
import { privateQueues, startWorkers, useWorkers } from '../helpers/temporal';

const DAY = 24 * 3600 * 1000;
/** The defaults: media of passing Runs 30 days, of other Runs 90, Run records 400; the delivery log 30. */
const defaults = { mediaDays: 30, nonPassingMediaDays: 90, runDays: 400 };

const tag = () => randomBytes(6).toString('hex');

interface OldRun {
  runId: string;
  keys: string[];
}

/** A Run that ended `ageDays` ago with one finished step and `media` screenshots, inserted through repositories. */
async function oldRun(
  app: TestApp,
  orgId: string,
  ageDays: number,
  status: Run['status'],
  options: { media?: number; pinned?: boolean; mediaIds?: string[]; visualBaselineRunId?: string } = {},
): Promise<OldRun> {
  const createdAt = Date.now() - ageDays * DAY - 60_000;
  const runId = newId('run');
  const db = app.deps.db.manager;
  await runRepository.insert(
    db,
    {
      id: runId,
      orgId,
      testCaseId: null,
      testPlanId: null,
      planGroupId: null,
      environmentId: null,
      environmentSlug: null,
      status,
      flaky: false,
      cursor: 1,
      attempt: 1,
      platforms: ['web'],
      targets: {},
      steps: [],
      trigger: { source: 'api' } as never,
      branch: null,
      diagnosis: null,
      api: null,
      createdAt,
      updatedAt: createdAt,
      startedAt: createdAt,
      finishedAt: createdAt + 1000,
      pinnedAt: options.pinned ? createdAt : null,
      mediaExpiredAt: null,
      visualBaselineRunId: options.visualBaselineRunId ?? null,
    },
    [0, 1].map((stepIndex) => ({
      runId,
      stepIndex,
      action: 'navigate',
      target: '/',
      platform: 'web',
      status: status === 'passing' ? 'passed' : 'failed',
      reason: 'done',
      observed: {},
      expectation: 'the page loads',
      verdictSource: 'dom',
      postconditionProven: true,
      recoveryCount: 0,
      diagnosis: null,
      durationMs: 100,
      updatedAt: createdAt,
    })),
  );
  const keys: string[] = [];
  const ids = options.mediaIds ?? Array.from({ length: options.media ?? 2 }, (_, i) => `med_${tag()}${i}`);
  for (const [i, id] of ids.entries()) {
    const storageKey = `media/${orgId}/${runId}/${i}.png`;
    await app.deps.storage.put(storageKey, Buffer.from(`png ${i}`), 'image/png');
    await runRepository.putMedia(db, {
      id,
      orgId,
      runId,
      stepIndex: i % 2,
      kind: i < 2 ? 'screenshot' : 'frame',
      storageKey,
      contentType: 'image/png',
      byteSize: 5,
      createdAt,
    });
    keys.push(storageKey);
  }
  return { runId, keys };
}

async function purge(app: TestApp, label?: string, batchSize = 2, workflowId = `retention-purge-test-${tag()}`) {
  const client = await app.deps.temporal();
  const handle = await client.workflow.start('retentionPurgeWorkflow', {
    taskQueue: app.deps.config.TEMPORAL_TASK_QUEUE,
    workflowId,
    args: [{ batchSize }],
  });
  const result = handle.result() as Promise<{
    media: number;
    runs: number;
    webhookDeliveries: number;
    webhookAttempts: number;
  }>;
  if (label) await result.finally(() => recordHistory(app, workflowId, label)).catch(() => undefined);
  return result;
}

/** The purge's batches by phase, in the order its history ran them: each batch's `more`. */
async function purgeBatches(app: TestApp, workflowId: string) {
  const history = await (await app.deps.temporal()).workflow.getHandle(workflowId).fetchHistory();
  const scheduled = new Map<number, string>();
  const phases: Array<{ activity: string; more: boolean[] }> = [];
  for (const event of history.events ?? []) {
    const started = event.activityTaskScheduledEventAttributes;
    if (started) scheduled.set(Number(event.eventId), started.activityType?.name ?? '');
    const done = event.activityTaskCompletedEventAttributes;
    if (!done) continue;
    const activity = scheduled.get(Number(done.scheduledEventId)) ?? '';
    const { more } = JSON.parse(Buffer.from(done.result?.payloads?.[0]?.data ?? []).toString()) as { more: boolean };
    if (phases.at(-1)?.activity !== activity) phases.push({ activity, more: [] });
    phases.at(-1)?.more.push(more);
  }
  return phases;
}

const objects = (app: TestApp, keys: string[]) => Promise.all(keys.map((k) => app.deps.storage.exists(k)));
const mediaRows = async (app: TestApp, runId: string) => (await runRepository.media(app.deps.db.manager, runId)).length;
const evidence = (app: TestApp, apiKey: string, runId: string) => call(app, apiKey, 'run.evidence', { runId });
const links = (body: any): string[] => body.steps.flatMap((s: any) => s.media.map((m: any) => m.url));

describe('retention: policy and pinning', function () {
  this.timeout(60_000);
  const t = useApp(privateQueues());

  it('answers the defaults until a policy is saved', async () => {
    const res = await rest(t.app, t.org.apiKey, 'GET', '/api/retention');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { ...defaults, webhookLogDays: 30 });
  });

  it('previews a change with wouldChange and writes it only with confirm: true', async () => {
    const org = await createOrg(t.app.deps);
    const body = { mediaDays: 7, nonPassingMediaDays: 90, runDays: 365 };
    const preview = await rest(t.app, org.apiKey, 'PUT', '/api/retention', body);
    assert.equal(preview.status, 400);
    assert.equal(preview.body.code, 'INVALID_ARGUMENT');
    assert.equal(preview.body.details.confirmRequired, true);
    assert.deepEqual(preview.body.details.wouldChange, {
      mediaDays: { from: 30, to: 7 },
      runDays: { from: 400, to: 365 },
    });
    // An explicit confirm: false previews too (issue 34): only true applies.
    const explicit = await rest(t.app, org.apiKey, 'PUT', '/api/retention', { ...body, confirm: false });
    assert.equal(explicit.status, 400);
    assert.equal(explicit.body.details.confirmRequired, true);
    assert.deepEqual((await rest(t.app, org.apiKey, 'GET', '/api/retention')).body, {
      ...defaults,
      webhookLogDays: 30,
    });

    const applied = await rest(t.app, org.apiKey, 'PUT', '/api/retention', { ...body, confirm: true });
    assert.equal(applied.status, 200);
    assert.equal(applied.body.mediaDays, 7);
    assert.equal(typeof applied.body.updatedAt, 'number');
    const read = (await rest(t.app, org.apiKey, 'GET', '/api/retention')).body;
    assert.deepEqual({ ...read, updatedAt: 0 }, { ...body, webhookLogDays: 30, updatedAt: 0 });
    // The same policy again changes nothing and needs no confirmation.
    assert.equal((await rest(t.app, org.apiKey, 'PUT', '/api/retention', body)).status, 200);
    // Another organization still has the defaults.
    assert.equal((await rest(t.app, t.org.apiKey, 'GET', '/api/retention')).body.mediaDays, 30);
  });

  it('refuses days out of range and unknown fields', async () => {
    for (const bad of [
      { ...defaults, mediaDays: 0 },
      { ...defaults, runDays: 1.5 },
      { mediaDays: 30 },
      { ...defaults, keepForever: true },
    ]) {
      const res = await rest(t.app, t.org.apiKey, 'PUT', '/api/retention', { ...bad, confirm: true });
      assert.equal(res.status, 400, JSON.stringify(bad));
      assert.equal(res.body.code, 'INVALID_ARGUMENT');
    }
  });

  it('pins and unpins a Run of the organization, and 404s for another organization', async () => {
    const { runId } = await oldRun(t.app, t.org.orgId, 1, 'passing', { media: 0 });
    const pin = await rest(t.app, t.org.apiKey, 'POST', `/api/runs/${runId}/pin`, undefined, {
      'Idempotency-Key': key(),
    });
    assert.equal(pin.status, 200);
    assert.deepEqual(pin.body, { runId, pinned: true });
    assert.equal((await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${runId}`)).body.pinned, true);
    assert.equal((await evidence(t.app, t.org.apiKey, runId)).body.pinned, true);
    const unpin = await rest(t.app, t.org.apiKey, 'DELETE', `/api/runs/${runId}/pin`);
    assert.deepEqual(unpin.body, { runId, pinned: false });
    assert.equal((await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${runId}`)).body.pinned, false);
    const other = await createOrg(t.app.deps);
    const foreign = await rest(t.app, other.apiKey, 'POST', `/api/runs/${runId}/pin`);
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.code, 'NOT_FOUND');
  });

  it('documents the endpoints and the new scope in OpenAPI', async () => {
    const doc = (await rest(t.app, null, 'GET', '/api/openapi.json')).body;
    assert.ok(doc.paths['/api/retention'].get && doc.paths['/api/retention'].put);
    assert.ok(doc.paths['/api/runs/{runId}/pin'].post && doc.paths['/api/runs/{runId}/pin'].delete);
    assert.deepEqual(doc.paths['/api/retention'].put.security[1], { oauth2: ['svc:retention:write'] });
    assert.ok(oauthScopes(doc)['svc:retention:write']);
  });
});

describe('retention: the purge workflow', function () {
  this.timeout(120_000);
  const t = useApp(privateQueues());
  useWorkers(t, { runnerPlatforms: [] });

  it('removes media past its days (object, then row), Run records past theirs, keeps pinned Runs, and trims the delivery log', async () => {
    const orgId = t.org.orgId;
    const passingOld = await oldRun(t.app, orgId, 31, 'passing');
    const passingYoung = await oldRun(t.app, orgId, 29, 'passing');
    const failedMid = await oldRun(t.app, orgId, 31, 'failed');
    const failedOld = await oldRun(t.app, orgId, 91, 'unverified');
    const pinned = await oldRun(t.app, orgId, 500, 'passing', { pinned: true });
    const ancient = await oldRun(t.app, orgId, 401, 'failed');
    // An organization with its own, shorter policy.
    const other = await createOrg(t.app.deps);
    const put = { mediaDays: 5, nonPassingMediaDays: 6, runDays: 10, confirm: true };
    assert.equal((await rest(t.app, other.apiKey, 'PUT', '/api/retention', put)).status, 200);
    const otherMedia = await oldRun(t.app, other.orgId, 6, 'passing');
    const otherRun = await oldRun(t.app, other.orgId, 11, 'passing');
    // Delivery log: one delivery from 31 days ago, one from yesterday.
    const db = t.app.deps.db.manager;
    const delivery = async (ageDays: number) => {
      const at = Date.now() - ageDays * DAY;
      const id = `whd_${tag()}`;
      await webhookRepository.putDelivery(db, {
        id,
        orgId,
        endpointId: `whe_${tag()}`,
        eventId: `evt_${tag()}`,
        workflowId: `webhook-test-${id}`,
        status: 'delivered',
        attempts: 0,
        createdAt: at,
        updatedAt: at,
      });
      await webhookRepository.putAttempt(db, {
        deliveryId: id,
        attempt: 1,
        startedAt: at,
        durationMs: 10,
        statusCode: 200,
        errorClass: null,
        responseExcerpt: 'ok',
      });
      return id;
    };
    const oldDelivery = await delivery(31);
    const newDelivery = await delivery(1);
    const pinnedLinks = links((await evidence(t.app, t.org.apiKey, pinned.runId)).body);
    const staleLinks = links((await evidence(t.app, t.org.apiKey, passingOld.runId)).body);
    assert.equal(staleLinks.length, 2);

    const workflowId = `retention-purge-test-${tag()}`;
    const counts = await purge(t.app, 'retentionPurgeWorkflow-completed', 2, workflowId);

    // In the documented order (media, then Run records, then the delivery log), each phase asked
    // again only while its last batch said there was more.
    const phases = await purgeBatches(t.app, workflowId);
    assert.deepEqual(
      phases.map((p) => p.activity),
      ['purgeExpiredMedia', 'purgeExpiredRuns', 'purgeWebhookLog'],
    );
    for (const { activity, more } of phases)
      assert.deepEqual(more, [...more.slice(0, -1).map(() => true), false], `${activity}: ${more.join(', ')}`);

    // Media past its days: objects and rows gone; the Run record stays.
    assert.deepEqual(await objects(t.app, passingOld.keys), [false, false]);
    assert.equal(await mediaRows(t.app, passingOld.runId), 0);
    assert.deepEqual(await objects(t.app, failedOld.keys), [false, false]);
    assert.equal(await mediaRows(t.app, failedOld.runId), 0);
    assert.deepEqual(await objects(t.app, otherMedia.keys), [false, false]);
    // Within their days: kept.
    assert.deepEqual(await objects(t.app, passingYoung.keys), [true, true]);
    assert.deepEqual(await objects(t.app, failedMid.keys), [true, true]);
    assert.equal(await mediaRows(t.app, failedMid.runId), 2);
    // Pinned: everything kept, links still work.
    assert.deepEqual(await objects(t.app, pinned.keys), [true, true]);
    for (const url of pinnedLinks) assert.equal((await fetch(url, { redirect: 'manual' })).status, 302);
    // Run records past their days: gone, with their media.
    for (const gone of [ancient, otherRun]) {
      assert.equal(
        (await rest(t.app, gone === ancient ? t.org.apiKey : other.apiKey, 'GET', `/api/runs/${gone.runId}`)).status,
        404,
      );
      assert.deepEqual(await objects(t.app, gone.keys), [false, false]);
      assert.equal(await mediaRows(t.app, gone.runId), 0);
    }
    assert.equal((await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${pinned.runId}`)).status, 200);
    assert.equal((await evidence(t.app, t.org.apiKey, passingOld.runId)).status, 200);
    // Delivery log: older than 30 days gone, newer kept.
    assert.equal(await webhookRepository.deliveryById(db, oldDelivery), null);
    assert.equal((await webhookRepository.attempts(db, [oldDelivery])).get(oldDelivery)!.length, 0);
    assert.ok(await webhookRepository.deliveryById(db, newDelivery));
    assert.equal((await webhookRepository.attempts(db, [newDelivery])).get(newDelivery)!.length, 1);
    // Counts: at least what this test made expire (other suites' data is younger than any limit).
    assert.ok(counts.media >= 10, JSON.stringify(counts));
    assert.ok(counts.runs >= 2, JSON.stringify(counts));
    assert.ok(counts.webhookDeliveries >= 1 && counts.webhookAttempts >= 1, JSON.stringify(counts));

    // Evidence of a purged Run: the facts, no media items, and why.
    const purged = (await evidence(t.app, t.org.apiKey, passingOld.runId)).body;
    assert.equal(typeof purged.mediaExpiredAt, 'number');
    assert.equal(purged.steps.length, 2);
    assert.deepEqual(
      purged.steps.map((s: any) => s.media),
      [[], []],
    );
    const resource = (await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${passingOld.runId}`)).body;
    assert.equal(resource.mediaExpiredAt, purged.mediaExpiredAt);
    // The report page says so too (and shows no image).
    const page = await (await fetch(resource.reportUrl)).text();
    assert.match(page, /Screenshots of this Run expired on \d{4}-\d{2}-\d{2}/);
    assert.doesNotMatch(page, /<img /);
    // A link handed out before the purge answers "media missing", as the specification says.
    assert.equal((await fetch(staleLinks[0], { redirect: 'manual' })).status, 404);
    const kept = (await evidence(t.app, t.org.apiKey, passingYoung.runId)).body;
    assert.equal(kept.mediaExpiredAt, undefined);
    assert.equal(links(kept).length, 2);

    // Twice is harmless: nothing more of this test's data goes.
    await purge(t.app);
    assert.deepEqual(
      await objects(t.app, [...passingYoung.keys, ...failedMid.keys, ...pinned.keys]),
      Array(6).fill(true),
    );
    assert.equal((await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${pinned.runId}`)).status, 200);
  });

  it("keeps a pinned Run's visual baseline (screenshots and record) while an unpinned Run's baseline expires", async () => {
    const orgId = t.org.orgId;
    const keptBaseline = await oldRun(t.app, orgId, 401, 'passing');
    await oldRun(t.app, orgId, 20, 'failed', { pinned: true, visualBaselineRunId: keptBaseline.runId });
    const goneBaseline = await oldRun(t.app, orgId, 401, 'passing');
    await oldRun(t.app, orgId, 20, 'failed', { visualBaselineRunId: goneBaseline.runId });
    await purge(t.app);
    assert.deepEqual(await objects(t.app, keptBaseline.keys), [true, true]);
    assert.equal(await mediaRows(t.app, keptBaseline.runId), 2);
    assert.equal((await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${keptBaseline.runId}`)).status, 200);
    assert.deepEqual(await objects(t.app, goneBaseline.keys), [false, false]);
    assert.equal((await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${goneBaseline.runId}`)).status, 404);
  });

  it('a purge that dies after its first batch leaves nothing half-deleted, and a re-run finishes', async () => {
    const orgId = t.org.orgId;
    // Media ids sort a before b within a Run, and the purge takes Runs oldest first.
    const pair = (id = tag()) => [`med_${id}a`, `med_${id}b`];
    const first = await oldRun(t.app, orgId, 47, 'passing', { mediaIds: pair() });
    const stuck = await oldRun(t.app, orgId, 46, 'passing', { mediaIds: pair() });
    const last = await oldRun(t.app, orgId, 45, 'passing');
    // The stuck Run's second object cannot be deleted (a non-empty directory stands where the file
    // was), so the second batch fails every attempt after the first batch went through.
    const root = resolve(t.app.deps.config.MEDIA_DIR);
    const blocked = resolve(root, stuck.keys[1]);
    await rm(blocked);
    await mkdir(blocked);
    await writeFile(resolve(blocked, 'x'), 'x');
    const lastLinks = links((await evidence(t.app, t.org.apiKey, last.runId)).body);

    await assert.rejects(purge(t.app, 'retentionPurgeWorkflow-failed'));

    // First batch done: objects and rows gone.
    assert.deepEqual(await objects(t.app, first.keys), [false, false]);
    assert.equal(await mediaRows(t.app, first.runId), 0);
    // The failed batch: its Run is marked before any object went, so evidence links nothing
    // even though a row outlived its object.
    assert.deepEqual(await objects(t.app, [stuck.keys[0]]), [false]);
    // (The row of the stuck object remains; so does the first one's when both fell in one batch,
    // which depends on how much other expired media the shared database holds.)
    assert.ok((await mediaRows(t.app, stuck.runId)) >= 1);
    const half = (await evidence(t.app, t.org.apiKey, stuck.runId)).body;
    assert.equal(typeof half.mediaExpiredAt, 'number');
    assert.deepEqual(links(half), []);
    // Not reached: untouched, and its links work.
    assert.deepEqual(await objects(t.app, last.keys), [true, true]);
    for (const url of lastLinks) assert.equal((await fetch(url, { redirect: 'manual' })).status, 302);
    assert.equal((await evidence(t.app, t.org.apiKey, last.runId)).body.mediaExpiredAt, undefined);

    // The obstacle goes; the next purge finishes the job.
    await rm(blocked, { recursive: true });
    await purge(t.app);
    for (const r of [first, stuck, last]) {
      assert.deepEqual(await objects(t.app, r.keys), [false, false]);
      assert.equal(await mediaRows(t.app, r.runId), 0);
      const body = (await evidence(t.app, t.org.apiKey, r.runId)).body;
      assert.equal(typeof body.mediaExpiredAt, 'number');
      assert.deepEqual(links(body), []);
    }
  });
});

describe('retention: the daily Schedule', function () {
  this.timeout(60_000);
  const t = useApp(privateQueues());

  it('exists after the worker start path ran (twice: idempotent), starting the purge daily on the orchestration queue', async () => {
    const client = await t.app.deps.temporal();
    const config = t.app.deps.config;
    await ensureRetentionSchedule(client, config);
    await ensureRetentionSchedule(client, config);
    const handle = client.schedule.getHandle('retention-purge');
    t.onClose(() => handle.delete().catch(() => undefined));
    const schedule = await handle.describe();
    assert.equal(schedule.action.type, 'startWorkflow');
    assert.equal(schedule.action.type === 'startWorkflow' && schedule.action.workflowType, 'retentionPurgeWorkflow');
    assert.equal(schedule.action.type === 'startWorkflow' && schedule.action.taskQueue, config.TEMPORAL_TASK_QUEUE);
    assert.equal(schedule.state.paused, false);
    const next = schedule.info.nextActionTimes.map((d) => d.getTime());
    assert.ok(next.length >= 2);
    assert.ok(next[0] - Date.now() <= DAY, 'runs within a day');
    assert.equal(next[1] - next[0], DAY, 'daily');
    const schedules: string[] = [];
    for await (const s of client.schedule.list()) schedules.push(s.scheduleId);
    assert.equal(schedules.filter((id) => id === 'retention-purge').length, 1);
  });
});

const startPurgeWorker = (app: TestApp) => startWorkerProcess(app, { WORKER_ORCHESTRATION: 'true' });

describe('retention: a purge worker SIGKILLed midway, then a new purge', function () {
  this.timeout(240_000);
  const t = useApp(privateQueues());
  let child: ChildProcess | undefined;
  const kill = () => killGroup(child!);
  before(() =>
    t.onClose(async () => {
      if (child) kill();
      // The worker's start path made the daily Schedule on this test server: leave none behind.
      const client = await t.app.deps.temporal();
      await client.schedule
        .getHandle('retention-purge')
        .delete()
        .catch(() => undefined);
    }),
  );

  it('leaves every Run either untouched or marked (no link to a missing object); the next purge finishes', async () => {
    // Many small batches (one Run each), so the kill lands in the middle of the purge.
    const runs: OldRun[] = [];
    for (let i = 0; i < 120; i++) runs.push(await oldRun(t.app, t.org.orgId, 60, 'passing'));
    const ids = runs.map((r) => r.runId);
    const marked = async () =>
      Number(
        (
          await t.app.deps.db.query('SELECT COUNT(*) AS n FROM runs WHERE id IN (?) AND media_expired_at IS NOT NULL', [
            ids,
          ])
        )[0].n,
      );
    child = startPurgeWorker(t.app);
    const client = await t.app.deps.temporal();
    const handle = await client.workflow.start('retentionPurgeWorkflow', {
      taskQueue: t.app.deps.config.TEMPORAL_TASK_QUEUE,
      workflowId: `retention-purge-test-${tag()}`,
      args: [{ batchSize: 1 }],
    });
    for (const deadline = Date.now() + 120_000; (await marked()) < 3;) {
      if (Date.now() > deadline) throw new Error('the purge did not start within 2 minutes');
      await new Promise((r) => setTimeout(r, 20));
    }
    kill();
    child = undefined;
    // The killed purge is abandoned (its in-flight batch would wait out its timeout); the next one starts fresh.
    await handle.terminate('its worker was killed');

    let untouched = 0;
    for (const r of runs) {
      const [present, rows, body] = await Promise.all([
        objects(t.app, r.keys),
        mediaRows(t.app, r.runId),
        evidence(t.app, t.org.apiKey, r.runId).then((x) => x.body),
      ]);
      if (body.mediaExpiredAt === undefined) {
        // Not reached: everything there, and its links work.
        assert.deepEqual(present, [true, true], r.runId);
        assert.equal(rows, 2, r.runId);
        assert.equal(links(body).length, 2, r.runId);
        untouched++;
      } else {
        // Reached, wholly or in part: marked first, so evidence links nothing whatever is left.
        assert.deepEqual(links(body), [], r.runId);
        assert.ok(rows <= 2, r.runId);
      }
    }
    assert.ok(untouched > 0 && untouched < runs.length, `killed midway: ${untouched} of ${runs.length} untouched`);

    const workers = await startWorkers(t.app, { runnerPlatforms: [] });
    try {
      await purge(t.app, undefined, 25);
    } finally {
      await workers.stop();
    }
    for (const r of runs) {
      assert.deepEqual(await objects(t.app, r.keys), [false, false], r.runId);
      assert.equal(await mediaRows(t.app, r.runId), 0, r.runId);
      const body = (await evidence(t.app, t.org.apiKey, r.runId)).body;
      assert.equal(typeof body.mediaExpiredAt, 'number');
      assert.deepEqual(links(body), []);
    }
  });
});

describe('retention: MediaStorage.delete', () => {
  it('deletes a local object, and a missing one without error', async () => {
    const config = testConfig();
    const storage = new LocalMediaStorage(config.MEDIA_DIR, () => 'http://127.0.0.1', config.SIGNING_KEY);
    const k = `media/test/${tag()}.png`;
    await storage.put(k, Buffer.from('x'), 'image/png');
    await storage.delete(k);
    assert.equal(await storage.exists(k), false);
    await storage.delete(k);
  });

  it('sends an S3 DeleteObject for the key (a loopback stand-in for the object store)', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.statusCode = 204;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const storage = new S3MediaStorage(
        testConfig({
          S3_BUCKET: 'media',
          S3_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          S3_FORCE_PATH_STYLE: 'true',
          S3_ACCESS_KEY_ID: 'test',
          S3_SECRET_ACCESS_KEY: 'test-secret',
        }),
      );
      await storage.delete('media/org/run/0.png');
      assert.equal(seen.length, 1);
      assert.match(seen[0], /^DELETE \/media\/media\/org\/run\/0\.png(\?|$)/);
    } finally {
      server.close();
    }
  });
});
