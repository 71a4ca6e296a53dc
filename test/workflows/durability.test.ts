import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { call, key, newCase, useApp, type TestApp } from '../helpers/app';
import { startSite, type TestSite } from '../helpers/site';
import { privateQueues, useWorkers } from '../helpers/temporal';
import { followRun } from '../helpers/runs';
import { killGroup, startWorkerProcess } from '../helpers/worker-process';

const startRunnerProcess = (app: TestApp) => startWorkerProcess(app, { WORKER_RUNNER_PLATFORMS: 'web' });

describe('durability: a runner killed mid-Run', function () {
  this.timeout(180_000);
  // The default heartbeat timeout (docs/configuration.md): how soon a killed runner's Run moves on.
  const t = useApp({ ...privateQueues(), RUNNER_HEARTBEAT_TIMEOUT_MS: '10000' });
  let site: TestSite;
  const children: ChildProcess[] = [];

  before(async () => {
    site = await startSite('unused', { slowMs: 6000 });
    t.onClose(() => site.close());
  });
  useWorkers(t, { runnerPlatforms: [] });
  // Registered last, so the runner processes the test started are killed first.
  before(() => t.onClose(() => children.forEach(killGroup)));

  it('shows retrying, resumes on a new runner and reports every step once', async () => {
    const steps = [
      { action: 'navigate', target: '/', expect: { text: 'Home' } },
      { action: 'navigate', target: '/slow', expect: { text: 'Finally' } },
      { action: 'navigate', target: '/login', expect: { titleIncludes: 'Sign in' } },
    ];
    const testCase = await newCase(t, { name: 'Durable', steps });
    children.push(startRunnerProcess(t.app));
    const [runId] = (
      await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        targets: { web: { baseUrl: site.url } },
      })
    ).body.runIds;

    let state = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
    while (state.steps[1].status !== 'running') {
      state = (await call(t.app, t.org.apiKey, 'run.get', { runId, cursor: state.cursor, waitMs: 10_000 })).body;
      assert.ok(!['passing', 'failed', 'unverified', 'invalid'].includes(state.status), `ended early: ${state.status}`);
    }
    assert.equal(state.steps[0].status, 'passed');
    killGroup(children[0]);

    while (state.status !== 'retrying') {
      state = (await call(t.app, t.org.apiKey, 'run.get', { runId, cursor: state.cursor, waitMs: 10_000 })).body;
    }
    assert.equal(state.verdict, undefined);
    assert.equal(state.diagnosis.category, 'infrastructure');
    children.push(startRunnerProcess(t.app));

    const { state: final } = await followRun(t.app, t.org.apiKey, runId);
    assert.equal(final.status, 'passing');
    assert.equal(final.attempt, 2);
    assert.deepEqual(final.progress, { total: 3, completed: 3, passed: 3, failed: 0, skipped: 0 });
    const rows: Array<{ step_index: number }> = await t.app.deps.db.query(
      'SELECT step_index FROM run_steps WHERE run_id = ? ORDER BY step_index',
      [runId],
    );
    assert.deepEqual(
      rows.map((r) => r.step_index),
      [0, 1, 2],
    );
    const media: unknown[] = await t.app.deps.db.query('SELECT id FROM run_media WHERE run_id = ?', [runId]);
    assert.equal(media.length, 3, 'one screenshot per step, none duplicated');
    const evidence = await call(t.app, t.org.apiKey, 'run.evidence', { runId });
    assert.deepEqual(
      evidence.body.steps.map((s: { status: string }) => s.status),
      ['passed', 'passed', 'passed'],
    );
  });
});
