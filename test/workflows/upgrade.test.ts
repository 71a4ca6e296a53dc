import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { Client, Connection } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { randomBytes } from 'node:crypto';
import { call, freePort, key } from '../helpers/app';
import { rest } from '../helpers/rest';
import { startSite, type TestSite } from '../helpers/site';
import { privateQueues } from '../helpers/temporal';
import { killGroup } from '../helpers/worker-process';
import { workflowBundle } from '../../activities/worker';
import { createDataSource } from '../../db/data-source';
import { spawnTypeScript } from '../../scripts/lib/node-children';

// Issue 56, an upgrade with Runs in flight: the previous released version (a pinned earlier commit,
// installed here from this repository's history) runs on a database and media directory and leaves
// Runs finished, running and queued; it stops; this version starts on the same data. Migrations
// apply, the held Runs end with their true verdicts, the finished Run and its evidence read back,
// the key and the Environment's secret keep working, and the histories replay on this code.

/** The release before this one; move it forward with each release. */
const PREVIOUS = '458e6c7addd4a5474d0f3be3c6d30a2d6a250e45';
/**
 * Whether that release's worker hands its Runs over on SIGTERM (releases from 2026-12-06 on do):
 * an earlier one canceled them, so it is stopped with SIGKILL, which keeps them (the runner's
 * heartbeat timeout hands them over).
 */
const PREVIOUS_HANDS_OVER = true;
const ROOT = path.resolve(__dirname, '../..');
const PASSWORD = `pw-${randomBytes(6).toString('hex')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ENDED = ['passing', 'failed', 'unverified', 'canceled', 'invalid'];

/**
 * Whether this checkout's installed packages are the release's own: every package its lockfile
 * pins is pinned here at the same version and integrity (this release may add packages). Then the
 * release runs on this node_modules instead of an `npm ci` of its own, a minute or more of CI.
 */
function samePins(release: string): boolean {
  type Lock = { packages: Record<string, { version?: string; integrity?: string }> };
  const theirs = JSON.parse(
    execFileSync('git', ['show', `${release}:package-lock.json`], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 }),
  ) as Lock;
  const ours = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as Lock;
  return Object.entries(theirs.packages).every(
    ([name, pin]) =>
      name === '' || (ours.packages[name]?.version === pin.version && ours.packages[name]?.integrity === pin.integrity),
  );
}

describe('an upgrade with Runs in flight (issue 56)', function () {
  this.timeout(600_000);
  const children: ChildProcess[] = [];
  const queues = privateQueues();
  let previous = '';
  let dir = '';
  let site: TestSite;
  let env: Record<string, string> = {};

  before(async function () {
    // A clone without that commit (a shallow one) cannot run this test.
    try {
      execFileSync('git', ['cat-file', '-e', `${PREVIOUS}^{commit}`], { cwd: ROOT, stdio: 'ignore' });
    } catch {
      throw new Error(
        `the previous release ${PREVIOUS} is not in this clone's history: fetch it (git fetch --unshallow)`,
      );
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-upgrade-'));
    previous = path.join(dir, 'previous');
    fs.mkdirSync(previous);
    execFileSync('sh', ['-c', `git archive ${PREVIOUS} | tar -x -C ${JSON.stringify(previous)}`], { cwd: ROOT });
    if (samePins(PREVIOUS)) fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(previous, 'node_modules'));
    else
      execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], {
        cwd: previous,
        stdio: 'ignore',
      });
    site = await startSite(PASSWORD, { slowMs: 8000 });
    const database = `upgrade_${randomBytes(4).toString('hex')}`;
    const admin = createDataSource(process.env.TEST_DATABASE_URL!, 1);
    await admin.initialize();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.destroy();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database}`;
    env = {
      DATABASE_URL: url.toString(),
      TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS!,
      SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'),
      RUNNER_TOKEN: 'upgrade-runner-token-0123456789',
      MEDIA_DIR: path.join(dir, 'media'),
      EGRESS_PUBLIC: 'false',
      EGRESS_ALLOW: '127.0.0.0/8,::1,localhost',
      RATE_LIMIT_PER_SECOND: '0',
      RUNNER_CONCURRENCY: '1',
      // Its own database, the suite's Temporal namespace: a reconciler here would delete the other
      // files' Schedules as orphans of this database.
      SCHEDULE_RECONCILE_INTERVAL_MS: '0',
      LOG_LEVEL: 'warn',
      ...queues,
    };
  });
  after(async () => {
    children.forEach(killGroup);
    await site?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A process of one version (its tree: `previous` or this repository), with `env` and its output in a log. */
  const serve = (tree: string, script: string, extra: Record<string, string> = {}) => {
    const log = fs.openSync(path.join(dir, `${path.basename(tree)}-${path.basename(script)}.log`), 'a');
    const child = spawnTypeScript(script, {
      cwd: tree,
      env: { ...env, ...extra },
      stdio: ['ignore', log, log],
      detached: true,
    });
    fs.closeSync(log);
    children.push(child);
    return child;
  };
  const migrate = (tree: string) =>
    new Promise<void>((resolve, reject) =>
      serve(tree, 'db/migrate.ts').once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`migrations of ${tree} exited ${code}`)),
      ),
    );
  const startApi = async (tree: string) => {
    const port = await freePort();
    const child = serve(tree, 'api/server.ts', {
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      API_INTERNAL_URL: `http://127.0.0.1:${port}`,
    });
    const api = { url: `http://127.0.0.1:${port}`, child };
    for (
      let i = 0;
      !(await fetch(`${api.url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    ) {
      if (i > 600) throw new Error(`the API of ${tree} did not start`);
      await sleep(100);
    }
    return api;
  };
  const startWorker = (tree: string, apiUrl: string) =>
    serve(tree, 'activities/worker.ts', { WORKER_RUNNER_PLATFORMS: 'web', API_INTERNAL_URL: apiUrl, BASE_URL: apiUrl });
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((r) => child.once('exit', () => r()));

  it('keeps every Run, key, secret and piece of evidence, and ends the held Runs with their true verdicts', async () => {
    // The previous release: its schema, its API and its worker.
    await migrate(previous);
    const oldApi = await startApi(previous);
    const created = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'api/admin.ts', 'org', 'create', '--name', 'upgrade'],
      { cwd: previous, env: { ...process.env, ...env }, encoding: 'utf8' },
    );
    const org = JSON.parse(created.trim().split('\n').pop()!) as { orgId: string; apiKey: string };
    const ok = async (api: { url: string }, op: string, body: unknown) => {
      const r = await call(api, org.apiKey, op, body);
      assert.equal(r.status, 200, `${op}: ${JSON.stringify(r.body)}`);
      return r.body;
    };
    await ok(oldApi, 'environment.upsert', {
      idempotencyKey: key(),
      slug: 'local',
      targets: { web: { baseUrl: site.url } },
      runtimeValues: { PASSWORD },
    });
    const signIn = await ok(oldApi, 'test_case.create', {
      idempotencyKey: key(),
      name: 'Sign in',
      platforms: ['web'],
      steps: [
        { action: 'navigate', target: '/login' },
        { action: 'fill', target: 'Email', valueSpec: { kind: 'literal', text: 'ann@example.com' } },
        { action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'PASSWORD' } },
        { action: 'click', target: 'Sign in', expect: { text: 'Welcome' } },
      ],
    });
    const slow = await ok(oldApi, 'test_case.create', {
      idempotencyKey: key(),
      name: 'Slow page',
      platforms: ['web'],
      steps: [{ action: 'navigate', target: '/slow', expect: { text: 'Finally' } }],
    });
    const trigger = async (testCaseId: string) =>
      (await ok(oldApi, 'run.trigger', { idempotencyKey: key(), testCaseId, environmentSlug: 'local' }))
        .runIds[0] as string;
    const runGet = (api: { url: string }, runId: string) => ok(api, 'run.get', { runId });

    const oldWorker = startWorker(previous, oldApi.url);
    const finished = await trigger(signIn.id);
    for (let s = await runGet(oldApi, finished); !ENDED.includes(s.status); s = await runGet(oldApi, finished))
      await sleep(200);
    assert.equal((await runGet(oldApi, finished)).status, 'passing');
    // One web Run at a time (RUNNER_CONCURRENCY=1): the first slow Run holds the runner, the second waits.
    const running = await trigger(slow.id);
    for (let s = await runGet(oldApi, running); s.steps[0].status !== 'running'; s = await runGet(oldApi, running))
      await sleep(200);
    const queued = await trigger(slow.id);
    assert.equal((await runGet(oldApi, queued)).status, 'queued');
    const evidenceBefore = await ok(oldApi, 'run.evidence', { runId: finished });
    const plan = await ok(oldApi, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Nightly sign-in',
      testCaseIds: [signIn.id],
    });
    const schedule = await rest(
      oldApi,
      org.apiKey,
      'POST',
      '/api/schedules',
      { name: 'Nightly', testPlanId: plan.id, environmentSlug: 'local', every: '1h', paused: true },
      { 'Idempotency-Key': key() },
    );
    assert.equal(schedule.status, 201, JSON.stringify(schedule.body));

    // Stop it: the API drains; the previous release's worker stops gracefully, handing its Runs over
    // (a release before the handover is killed instead, which keeps them too).
    oldApi.child.kill('SIGTERM');
    await exited(oldApi.child);
    if (PREVIOUS_HANDS_OVER) oldWorker.kill('SIGTERM');
    else killGroup(oldWorker);
    await exited(oldWorker);

    // This release on the same data.
    await migrate(ROOT);
    const api = await startApi(ROOT);
    startWorker(ROOT, api.url);
    const endOf = async (runId: string) => {
      const deadline = Date.now() + 180_000;
      let s = await runGet(api, runId);
      while (!ENDED.includes(s.status)) {
        assert.ok(Date.now() < deadline, `Run ${runId} still ${s.status}`);
        s = await ok(api, 'run.get', { runId, cursor: s.cursor, waitMs: 5000 });
      }
      return s;
    };
    for (const runId of [running, queued]) {
      const s = await endOf(runId);
      assert.equal(s.status, 'passing', `${runId}: ${JSON.stringify(s)}`);
    }
    // The finished Run and its evidence read back the same; its screenshots are served.
    assert.equal((await runGet(api, finished)).status, 'passing');
    const evidenceAfter = await ok(api, 'run.evidence', { runId: finished });
    assert.deepEqual(
      evidenceAfter.steps.map((s: { status: string }) => s.status),
      evidenceBefore.steps.map((s: { status: string }) => s.status),
    );
    type Media = { kind: string; url: string };
    const shot = evidenceAfter.steps
      .flatMap((s: { media: Media[] }) => s.media)
      .find((m: Media) => m.kind === 'screenshot')?.url;
    assert.ok(shot, 'a screenshot link');
    const image = await fetch(new URL(shot, api.url));
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/png');
    // The key and the Environment's secret still work: a new sign-in Run passes on this release.
    const again = await ok(api, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: signIn.id,
      environmentSlug: 'local',
    });
    assert.equal((await endOf(again.runIds[0])).status, 'passing');
    assert.ok(site.passwords.filter((p) => p === PASSWORD).length >= 2, 'the secret reached the site on both releases');

    // The schedule the previous release made is read, changed and triggered by this one.
    const id = schedule.body.id;
    const read = await rest(api, org.apiKey, 'GET', `/api/schedules/${id}`);
    assert.equal(read.status, 200, JSON.stringify(read.body));
    assert.equal(read.body.testPlanId, plan.id);
    const patched = await rest(
      api,
      org.apiKey,
      'PATCH',
      `/api/schedules/${id}`,
      { every: '2h' },
      {
        'Idempotency-Key': key(),
      },
    );
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    const fired = await rest(
      api,
      org.apiKey,
      'POST',
      `/api/schedules/${id}/trigger`,
      {},
      {
        'Idempotency-Key': key(),
      },
    );
    assert.equal(fired.status, 202, JSON.stringify(fired.body));

    // The histories the previous release started replay on this release's workflow code.
    const connection = await Connection.connect({ address: env.TEMPORAL_ADDRESS });
    try {
      const client = new Client({ connection });
      const bundle = await workflowBundle();
      for (const runId of [finished, running, queued]) {
        const history = await client.workflow.getHandle(`run-${runId}`).fetchHistory();
        await Worker.runReplayHistory({ workflowBundle: bundle }, history, `run-${runId}`);
      }
    } finally {
      await connection.close();
    }
  });
});
