import assert from 'node:assert/strict';
import { call, key, newCase, useApp } from '../helpers/app';
import { startSite, type TestSite } from '../helpers/site';
import { privateQueues, startWorkers } from '../helpers/temporal';
import { followRun } from '../helpers/runs';

// Issue 75: a graceful stop's hand-over as the Run shows it (docs/operations.md, "A worker"), with
// the workers in this process (graceful-stop.test.ts stops worker processes with SIGTERM): the Run
// resumes at the first step not yet passed; a step that passed is never run or reported again; a
// step cut short at the end of the grace time is run again on the next worker and recorded once.

/** A slow first step (the site's /slow page, 3 s) that the stop meets, then a quick one. */
const STEPS = [
  { action: 'navigate', target: '/slow', expect: { text: 'Finally' } },
  { action: 'navigate', target: '/', expect: { text: 'Home' } },
];
const ENDED = ['passing', 'failed', 'unverified', 'canceled', 'invalid'];

describe('a Run handed over between workers resumes at its first step not yet passed', function () {
  this.timeout(180_000);
  const t = useApp(privateQueues());
  let site: TestSite;
  before(async () => {
    site = await startSite('unused', { slowMs: 3000 });
    t.onClose(() => site.close());
  });

  const workers = (graceMs: number) => startWorkers(t.app, { config: { WORKER_SHUTDOWN_GRACE_MS: graceMs } });
  const trigger = async (name: string) => {
    const testCase = await newCase(t, { name, steps: STEPS });
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
  };
  const stepRows = async (runId: string) =>
    (
      (await t.app.deps.db.query('SELECT step_index, status FROM run_steps WHERE run_id = ? ORDER BY step_index', [
        runId,
      ])) as Array<{ step_index: number; status: string }>
    ).map((r) => `${r.step_index}:${r.status}`);
  const mediaCount = async (runId: string) =>
    ((await t.app.deps.db.query('SELECT id FROM run_media WHERE run_id = ?', [runId])) as unknown[]).length;
  /** Every step status each state the client saw showed, in order: e.g. step 0 → pending, running, passed. */
  const historyOf = (seen: Array<{ steps: Array<{ status: string }> }>, index: number) =>
    seen.map((s) => s.steps[index].status).filter((status, i, all) => status !== all[i - 1]);

  it('a step cut short by the end of the grace time runs again on the next worker, reported and recorded once', async () => {
    const first = await workers(300);
    const runId = await trigger('Cut short, resumed');
    await untilStepRunning(runId, 0);
    await first.stop();

    const between = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
    assert.equal(between.status, 'running', JSON.stringify(between));
    assert.notEqual(between.steps[0].status, 'passed', 'cut short: not recorded');
    assert.equal(between.steps[1].status, 'pending', 'no new step started');
    assert.equal(await mediaCount(runId), 0);

    const second = await workers(300);
    try {
      const { state, seen } = await followRun(t.app, t.org.apiKey, runId);
      assert.equal(state.status, 'passing', JSON.stringify(state));
      assert.equal(state.flaky, false);
      assert.ok(!seen.some((s) => s.status === 'retrying'), 'a hand-over is no retry');
      assert.deepEqual(
        await stepRows(runId),
        ['0:passed', '1:passed'],
        'the step cut short was run again and recorded',
      );
      assert.equal(await mediaCount(runId), 2, 'one screenshot per step');
    } finally {
      await second.stop();
    }
  });

  it('a step that passed within the grace time is not run again: the next worker starts at the step after it', async () => {
    const first = await workers(15_000);
    const runId = await trigger('Passed, then resumed');
    await untilStepRunning(runId, 0);
    await first.stop();

    const between = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
    assert.deepEqual(
      between.steps.map((s: { status: string }) => s.status),
      ['passed', 'pending'],
    );
    const second = await workers(15_000);
    try {
      const { state, seen } = await followRun(t.app, t.org.apiKey, runId);
      assert.equal(state.status, 'passing', JSON.stringify(state));
      assert.deepEqual(historyOf([between, ...seen], 0), ['passed'], 'step 0 never reported again');
      assert.deepEqual(await stepRows(runId), ['0:passed', '1:passed']);
      assert.equal(await mediaCount(runId), 2);
    } finally {
      await second.stop();
    }
  });
});
