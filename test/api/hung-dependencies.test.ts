import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, createOrg, key, startApp, type TestApp } from '../helpers/app';
import { freeze as freezeProcess } from '../../scripts/lib/process-tree';
import { privateQueues } from '../helpers/temporal';

// Plain CommonJS shared with scripts/start.js.
import * as services from '../../scripts/lib/services';
import type { StartedService } from '../../scripts/lib/services';

/** The specification's bound for a dependency that hangs: 503 UNAVAILABLE within 10 s. */
const BOUND_MS = 10_000;

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
}

/**
 * A hung dependency (process stopped with SIGSTOP: connections stay open, nothing answers) must
 * give 503 UNAVAILABLE within 10 s, never a hang or a 500, and the API recovers by itself once the
 * process continues. Private MariaDB and Temporal servers, so the rest of the suite is not frozen.
 */
describe('hung dependencies: bounded 503 UNAVAILABLE, then recovery without a restart', function () {
  this.timeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-hung-'));
  let db: StartedService & { url: string };
  let temporal: StartedService & { address: string };
  let app: TestApp;
  let org: { apiKey: string };
  const frozen = new Set<number>();
  const freeze = async (pid: number) => {
    frozen.add(pid);
    await freezeProcess(pid);
  };
  const thaw = (pid: number) => {
    process.kill(pid, 'SIGCONT');
    frozen.delete(pid);
  };
  // A failed assertion must not leave a server stopped for the next test.
  afterEach(() => {
    for (const pid of [...frozen]) thaw(pid);
  });

  before(async () => {
    [db, temporal] = await Promise.all([
      services
        .freePort()
        .then((port) =>
          services.startMariadb({ dataDir: path.join(dir, 'mysql'), port, logFile: path.join(dir, 'mariadb.log') }),
        ),
      services.freePort().then((port) =>
        services.startTemporal({
          bin: process.env.TEMPORAL_BIN,
          port,
          uiPort: null,
          dbFile: null,
          logFile: path.join(dir, 'temporal.log'),
        }),
      ),
    ]);
    app = await startApp({ ...privateQueues(), DATABASE_URL: db.url, TEMPORAL_ADDRESS: temporal.address });
    await app.deps.db.runMigrations({ transaction: 'each' });
    org = await createOrg(app.deps);
  });
  after(async () => {
    await app?.close();
    await Promise.all([db?.stop(), temporal?.stop()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('MariaDB hung: reads, long-polls and mutations answer UNAVAILABLE within 10 s; then it recovers', async () => {
    const testCase = (
      await call(app, org.apiKey, 'test_case.create', {
        idempotencyKey: key(),
        name: 'Home',
        platforms: ['web'],
        steps: [{ action: 'navigate', target: '/' }],
      })
    ).body;
    assert.equal((await call(app, org.apiKey, 'test_case.list', {})).status, 200);
    await freeze(db.pid);
    const replies = await Promise.all([
      timed(call(app, org.apiKey, 'test_case.list', {})),
      timed(call(app, org.apiKey, 'test_case.get', { testCaseId: testCase.id })),
      timed(
        call(app, org.apiKey, 'test_case.create', {
          idempotencyKey: key(),
          name: 'x',
          platforms: ['web'],
          steps: [{ action: 'navigate' }],
        }),
      ),
    ]);
    for (const { value, ms } of replies) {
      assert.equal(value.status, 503, JSON.stringify(value.body));
      assert.equal(value.body.error.code, 'UNAVAILABLE');
      assert.ok(value.headers.get('retry-after'));
      assert.ok(ms < BOUND_MS, `answered in ${Math.round(ms)} ms`);
    }
    thaw(db.pid);
    const deadline = Date.now() + 60_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await call(app, org.apiKey, 'test_case.list', {})).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 500));
    }
    assert.equal(status, 200, 'the same API process answers again once MariaDB continues');
  });

  it('MariaDB hung: a parked long-poll and a new one answer UNAVAILABLE within 10 s, not after their wait', async () => {
    const testCase = (
      await call(app, org.apiKey, 'test_case.create', {
        idempotencyKey: key(),
        name: 'Home',
        platforms: ['web'],
        steps: [{ action: 'navigate', target: '/' }],
      })
    ).body;
    // No worker serves the private queues: the Run stays queued, its cursor does not move.
    const runId = (
      await call(app, org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        targets: { web: { baseUrl: 'http://127.0.0.1:9/' } },
      })
    ).body.runIds[0];
    const { cursor } = (await call(app, org.apiKey, 'run.get', { runId })).body;
    // The longest wait the operation allows: answering only after it would be far past the bound.
    const poll = (apiKey = org.apiKey, to = app) => call(to, apiKey, 'run.get', { runId, cursor, waitMs: 25_000 });
    // An API process with one pool connection and a key it has not seen yet: under load, a
    // long-poll then waits for the database before it ever starts waiting for the Run.
    const busy = await startApp({
      ...privateQueues(),
      DATABASE_URL: db.url,
      TEMPORAL_ADDRESS: temporal.address,
      DATABASE_POOL_SIZE: '1',
    });
    const unseen = (await createOrg(app.deps)).apiKey;
    const parked = poll();
    await new Promise((r) => setTimeout(r, 1500)); // parked before the database stops
    await freeze(db.pid);
    const hung = performance.now();
    const hogs = [1, 2, 3].map(() => call(busy, org.apiKey, 'test_case.list', {}));
    const [old, fresh, unauthenticated] = await Promise.all([parked, timed(poll()), timed(poll(unseen, busy))]);
    await Promise.all(hogs);
    const oldMs = performance.now() - hung;
    for (const [reply, ms] of [
      [old, oldMs],
      [fresh.value, fresh.ms],
      [unauthenticated.value, unauthenticated.ms],
    ] as const) {
      assert.equal(reply.status, 503, JSON.stringify(reply.body));
      assert.equal(reply.body.error.code, 'UNAVAILABLE');
      assert.ok(ms < BOUND_MS, `answered ${Math.round(ms)} ms after the hang`);
    }
    thaw(db.pid);
    const deadline = Date.now() + 60_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await call(app, org.apiKey, 'run.get', { runId, cursor, waitMs: 1000 })).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 500));
    }
    assert.equal(status, 200, 'long-polls answer again once MariaDB continues');
    await busy.close();
  });

  it('Temporal hung: run.trigger answers UNAVAILABLE within 10 s; the same key later starts the recorded Run', async () => {
    const testCase = (
      await call(app, org.apiKey, 'test_case.create', {
        idempotencyKey: key(),
        name: 'Home',
        platforms: ['web'],
        steps: [{ action: 'navigate', target: '/' }],
      })
    ).body;
    const body = {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      targets: { web: { baseUrl: 'http://127.0.0.1:9/' } },
    };
    await freeze(temporal.pid);
    const { value: refused, ms } = await timed(call(app, org.apiKey, 'run.trigger', body));
    assert.equal(refused.status, 503, JSON.stringify(refused.body));
    assert.equal(refused.body.error.code, 'UNAVAILABLE');
    assert.ok(ms < BOUND_MS, `answered in ${Math.round(ms)} ms`);
    thaw(temporal.pid);
    const deadline = Date.now() + 60_000;
    let replay = await call(app, org.apiKey, 'run.trigger', body);
    while (replay.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      replay = await call(app, org.apiKey, 'run.trigger', body);
    }
    assert.equal(replay.status, 200, JSON.stringify(replay.body));
    const description = await (await app.deps.temporal()).workflow.getHandle(`run-${replay.body.runIds[0]}`).describe();
    assert.equal(description.status.name, 'RUNNING', 'the replay started the recorded Run');
  });
});
