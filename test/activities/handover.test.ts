import assert from 'node:assert/strict';
import type { Context } from '@temporalio/activity';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { handover } from '../../activities/run/handover';

// Issue 75: the runner's side of a graceful stop (docs/operations.md, "A worker"): a stopping worker
// starts no new step; a step in flight that finishes within the grace time is recorded as usual;
// a step cut short is not recorded; the attempt ends with a hand-over (WorkerStopping, retryable),
// never with a failure of the Run; a cancel asked by a user is not a hand-over.

/** How the SDK aborts an activity: the worker's shutdown past its grace time, or a cancel (a user, the UI). */
const SHUTDOWN = () => new CancelledFailure('WORKER_SHUTDOWN');
const USER_CANCEL = () => new CancelledFailure('CANCELLED');

function attempt(options: { sdk?: () => Error; stopping?: boolean } = {}) {
  const sdk = new AbortController();
  if (options.sdk) sdk.abort(options.sdk());
  const stopping = new AbortController();
  if (options.stopping) stopping.abort();
  const ctx = { cancellationSignal: sdk.signal } as unknown as Context;
  const recorded: string[] = [];
  const steps = handover(ctx, stopping.signal).steps<{ index: number; status: string }>({
    onStepStart: async (index) => {
      recorded.push(`start ${index}`);
    },
    onStepDone: async (result) => {
      recorded.push(`done ${result.index} ${result.status}`);
    },
  });
  return { check: () => handover(ctx, stopping.signal).check(), steps, recorded };
}

/** The failure a hand-over ends the attempt with: the type the Run workflow reads as "run again, uncounted". */
async function assertHandedOver(promise: Promise<unknown> | (() => void)) {
  const run = typeof promise === 'function' ? Promise.resolve().then(promise) : promise;
  await assert.rejects(run, (error: unknown) => {
    assert.ok(error instanceof ApplicationFailure, String(error));
    assert.equal(error.type, 'WorkerStopping');
    assert.equal(error.nonRetryable, false, 'a hand-over is retryable, not a verdict');
    return true;
  });
}

describe('hand-over of a Run by a stopping worker (activities/run/handover.ts)', () => {
  it('a running worker starts and records steps as usual, passed or not', async () => {
    const a = attempt();
    await a.steps.onStepStart(0);
    await a.steps.onStepDone({ index: 0, status: 'passed' });
    await a.steps.onStepStart(1);
    await a.steps.onStepDone({ index: 1, status: 'failed' });
    assert.deepEqual(a.recorded, ['start 0', 'done 0 passed', 'start 1', 'done 1 failed']);
    a.check();
  });

  it('a stopping worker starts no new step: the attempt is handed over before the step is recorded as started', async () => {
    const a = attempt({ stopping: true });
    await assertHandedOver(a.steps.onStepStart(1));
    assert.deepEqual(a.recorded, [], 'no step started');
  });

  it('a step that passes within the grace time is recorded as usual', async () => {
    const a = attempt({ stopping: true });
    await a.steps.onStepDone({ index: 0, status: 'passed' });
    assert.deepEqual(a.recorded, ['done 0 passed']);
  });

  it('a step that did not pass while the worker stops is not recorded: the next worker runs it again', async () => {
    for (const status of ['failed', 'unverified']) {
      const a = attempt({ stopping: true });
      await assertHandedOver(a.steps.onStepDone({ index: 0, status }));
      assert.deepEqual(a.recorded, [], status);
    }
  });

  it('past the grace time (the SDK aborted the attempt for the shutdown) nothing is started or recorded, passed or not', async () => {
    for (const stopping of [true, false]) {
      const a = attempt({ sdk: SHUTDOWN, stopping });
      await assertHandedOver(a.steps.onStepStart(1));
      await assertHandedOver(a.steps.onStepDone({ index: 0, status: 'passed' }));
      await assertHandedOver(a.steps.onStepDone({ index: 0, status: 'failed' }));
      await assertHandedOver(() => a.check());
      assert.deepEqual(a.recorded, []);
    }
  });

  it("a user's cancel is not a hand-over: the step callbacks pass through and check() throws nothing (the Run ends canceled)", async () => {
    const a = attempt({ sdk: USER_CANCEL });
    a.check();
    await a.steps.onStepStart(0);
    await a.steps.onStepDone({ index: 0, status: 'failed' });
    assert.deepEqual(a.recorded, ['start 0', 'done 0 failed']);
  });

  it('an abort for another reason than a CancelledFailure is not a hand-over either', () => {
    attempt({ sdk: () => new Error('WORKER_SHUTDOWN') }).check();
  });
});
