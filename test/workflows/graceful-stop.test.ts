import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { call, key, newCase, useApp, type TestApp } from '../helpers/app';
import { startSite, type TestSite } from '../helpers/site';
import { privateQueues, useWorkers } from '../helpers/temporal';
import { followRun } from '../helpers/runs';
import { killGroup, startWorkerProcess } from '../helpers/worker-process';

// Issue 56: a worker's graceful stop (SIGTERM, as a deploy, a scale-down or a node drain sends it;
// Ctrl-C under `npm start`) is not a cancel. The Run is handed to the next worker and ends with its
// true verdict; nothing of the stop shows as a failure, a retry or a flaky pass.

const ENDED = ['passing', 'failed', 'unverified', 'canceled', 'invalid'];
/** A slow first step (the site's /slow page) that the worker's stop meets, then a quick one. */
const STEPS = [
  { action: 'navigate', target: '/slow', expect: { text: 'Finally' } },
  { action: 'navigate', target: '/', expect: { text: 'Home' } },
];

describe('graceful stop of a runner during a step (issue 56)', function () {
  this.timeout(180_000);
  const t = useApp(privateQueues());
  let site: TestSite;
  const children: ChildProcess[] = [];

  before(async () => {
    site = await startSite('unused', { slowMs: 4000 });
    t.onClose(() => site.close());
  });
  useWorkers(t, { runnerPlatforms: [] });
  before(() => t.onClose(() => children.forEach(killGroup)));
  // Each test's runners serve the suite's one queue: none may take the next test's Run.
  afterEach(() => children.splice(0).forEach(killGroup));

  const runner = (app: TestApp, graceMs: number) => {
    const child = startWorkerProcess(app, {
      WORKER_RUNNER_PLATFORMS: 'web',
      WORKER_SHUTDOWN_GRACE_MS: String(graceMs),
    });
    children.push(child);
    return child;
  };
  /** SIGTERM to the worker process alone, as a process manager sends it; resolves with how it exited. */
  const stopGracefully = (child: ChildProcess) =>
    new Promise<{ code: number | null; signal: string | null; ms: number }>((resolve) => {
      const sent = Date.now();
      child.once('exit', (code, signal) => resolve({ code, signal, ms: Date.now() - sent }));
      child.kill('SIGTERM');
    });
  const trigger = async (name: string, steps: unknown[]) => {
    const testCase = await newCase(t, { name, steps });
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      targets: { web: { baseUrl: site.url } },
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    return triggered.body.runIds[0] as string;
  };
  const untilStepRunning = async (runId: string, index: number) => {
    let state = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
    while (state.steps[index].status !== 'running') {
      assert.ok(!ENDED.includes(state.status), `ended early: ${JSON.stringify(state)}`);
      state = (await call(t.app, t.org.apiKey, 'run.get', { runId, cursor: state.cursor, waitMs: 10_000 })).body;
    }
    return state;
  };
  const stepRows = async (runId: string) =>
    (
      (await t.app.deps.db.query('SELECT step_index, status FROM run_steps WHERE run_id = ? ORDER BY step_index', [
        runId,
      ])) as Array<{ step_index: number; status: string }>
    ).map((r) => `${r.step_index}:${r.status}`);

  it('a Run whose step outlives the grace time is handed over and passes on the next worker', async () => {
    const first = runner(t.app, 500);
    const runId = await trigger('Handed over mid-step', STEPS);
    await untilStepRunning(runId, 0);
    const stopped = await stopGracefully(first);
    assert.equal(stopped.code, 0, `the worker exits cleanly (${JSON.stringify(stopped)})`);

    // Between the workers the Run is still running: no verdict, no retry, nothing canceled.
    const between = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
    assert.equal(between.status, 'running', JSON.stringify(between));
    assert.equal(between.diagnosis, undefined);
    // The grace time bounds the wait (issue 75): the 4 s step was cut at 0.5 s, not waited for, so
    // the first worker recorded neither its result nor its screenshot.
    assert.notEqual(between.steps[0].status, 'passed', JSON.stringify(between.steps));
    const cut: unknown[] = await t.app.deps.db.query('SELECT id FROM run_media WHERE run_id = ?', [runId]);
    assert.equal(cut.length, 0, 'no screenshot of the step cut short');

    runner(t.app, 500);
    const { state, seen } = await followRun(t.app, t.org.apiKey, runId);
    assert.equal(state.status, 'passing', JSON.stringify(state));
    assert.equal(state.flaky, false, 'a hand-over is not a flaky pass');
    assert.deepEqual(state.progress, { total: 2, completed: 2, passed: 2, failed: 0, skipped: 0 });
    assert.deepEqual(
      seen.filter((s) => !['queued', 'running', 'passing'].includes(s.status)).map((s) => s.status),
      [],
      'never retrying, canceled or unverified on the way',
    );
    assert.deepEqual(await stepRows(runId), ['0:passed', '1:passed']);
    const media: unknown[] = await t.app.deps.db.query('SELECT id FROM run_media WHERE run_id = ?', [runId]);
    assert.equal(media.length, 2, 'one screenshot per step, none from the attempt that was cut');
  });

  it('a step that finishes within the grace time finishes, and the next step runs on the next worker', async () => {
    const first = runner(t.app, 15_000);
    const runId = await trigger('Finishes its step', STEPS);
    await untilStepRunning(runId, 0);
    await stopGracefully(first);

    // The slow step (4 s) fit in the grace time: recorded as passed; the next one never started there.
    const between = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
    assert.equal(between.status, 'running', JSON.stringify(between));
    assert.deepEqual(
      between.steps.map((s: { status: string }) => s.status),
      ['passed', 'pending'],
    );

    runner(t.app, 15_000);
    const { state } = await followRun(t.app, t.org.apiKey, runId);
    assert.equal(state.status, 'passing', JSON.stringify(state));
    assert.equal(state.flaky, false);
    assert.deepEqual(await stepRows(runId), ['0:passed', '1:passed']);
  });
});
