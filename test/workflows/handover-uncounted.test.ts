import assert from 'node:assert/strict';
import { ApplicationFailure } from '@temporalio/common';
import { NativeConnection, Worker } from '@temporalio/worker';
import { call, key, newCase, useApp } from '../helpers/app';
import { installRuntime, privateQueues, useWorkers } from '../helpers/temporal';
import { followRun } from '../helpers/runs';

// Issue 75: the Run workflow's side of a graceful stop (docs/operations.md, "A worker", 3): an
// attempt that ends with a hand-over (WorkerStopping) is run again at once on the next worker,
// uncounted: no `retrying` status, no attempt of RUN_MAX_ATTEMPTS used, no diagnosis. The runner
// here is a scripted one on the Run's queue, so each attempt ends exactly as the test says.

type Answer = 'handover' | 'fails' | 'passes';

describe('a Run handed over by stopping workers is run again at once, uncounted', function () {
  this.timeout(120_000);
  const queues = privateQueues();
  // Two attempts: a hand-over counted as one would leave none for a real failure's retry.
  const t = useApp({ ...queues, RUN_MAX_ATTEMPTS: '2' });
  useWorkers(t, { runnerPlatforms: [] });

  const scripts = new Map<string, Answer[]>();
  const calls = new Map<string, number[]>();
  before(async () => {
    installRuntime();
    const connection = await NativeConnection.connect({ address: t.app.deps.config.TEMPORAL_ADDRESS });
    const worker = await Worker.create({
      connection,
      namespace: t.app.deps.config.TEMPORAL_NAMESPACE,
      taskQueue: `${queues.RUNNER_TASK_QUEUE_PREFIX}web`,
      activities: {
        async executeRun(runId: string) {
          calls.set(runId, [...(calls.get(runId) ?? []), Date.now()]);
          const answer = scripts.get(runId)?.shift() ?? 'passes';
          if (answer === 'handover')
            throw ApplicationFailure.retryable('The worker stopped during the Run.', 'WorkerStopping');
          if (answer === 'fails') throw new Error('the runner crashed');
          return { outcome: 'passed', flaky: false };
        },
      },
    });
    const running = worker.run();
    t.onClose(async () => {
      worker.shutdown();
      await running;
      await connection.close();
    });
  });

  const trigger = async (script: Answer[]) => {
    const testCase = await newCase(t, { name: `handed over: ${script.join(', ')}` });
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const runId = triggered.body.runIds[0] as string;
    scripts.set(runId, [...script]);
    return runId;
  };
  const statuses = (seen: Array<{ status: string }>) => [...new Set(seen.map((s) => s.status))];

  it('three hand-overs, then a pass: passing, never retrying, run again at once', async () => {
    const runId = await trigger(['handover', 'handover', 'handover', 'passes']);
    const { state, seen } = await followRun(t.app, t.org.apiKey, runId);
    assert.equal(state.status, 'passing', JSON.stringify(state));
    assert.equal(state.flaky, false, 'a hand-over is not a flaky pass');
    assert.equal(state.diagnosis, undefined);
    assert.ok(!statuses(seen).includes('retrying'), `seen: ${statuses(seen).join(', ')}`);
    const at = calls.get(runId)!;
    assert.equal(at.length, 4);
    // A counted attempt waits 2 s, then 4 s, then 8 s before the next one; a hand-over does not wait.
    assert.ok(at[3] - at[0] < 4000, `the four attempts took ${at[3] - at[0]} ms`);
  });

  it('hand-overs use none of the attempts: a real failure after two of them is retried, and the Run passes', async () => {
    const runId = await trigger(['handover', 'handover', 'fails', 'passes']);
    const { state, seen } = await followRun(t.app, t.org.apiKey, runId);
    assert.equal(state.status, 'passing', `${JSON.stringify(state)}; seen: ${statuses(seen).join(', ')}`);
    assert.ok(statuses(seen).includes('retrying'), 'the real failure is counted and shown');
    assert.equal(calls.get(runId)!.length, 4);
  });

  it('a real failure still ends the Run invalid once its attempts are spent, hand-overs or not', async () => {
    const runId = await trigger(['fails', 'handover', 'fails']);
    const { state } = await followRun(t.app, t.org.apiKey, runId);
    assert.equal(state.status, 'invalid', JSON.stringify(state));
    assert.equal(calls.get(runId)!.length, 3);
  });
});
