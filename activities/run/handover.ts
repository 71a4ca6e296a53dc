import type { Context } from '@temporalio/activity';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { HANDED_OVER } from '../../workflows/contracts';

const handOver = () =>
  ApplicationFailure.retryable('The worker stopped during the Run; another worker takes it over.', HANDED_OVER);

/**
 * A runner attempt's side of a worker's graceful stop, told apart from a cancel asked by a user or
 * the Temporal UI by the reason the SDK gives (WORKER_SHUTDOWN). `stopping` aborts when the worker
 * begins to stop: no new step starts. A step still in flight when the worker's grace time ends is
 * aborted by the SDK: it is neither recorded nor answered, the next attempt runs it again.
 */
export function handover(ctx: Context, stopping: AbortSignal | undefined) {
  const shutDown = () => {
    const signal = ctx.cancellationSignal;
    return signal.aborted && signal.reason instanceof CancelledFailure && signal.reason.message === 'WORKER_SHUTDOWN';
  };
  return {
    /** Throws the hand-over failure when the worker's shutdown aborted this attempt. */
    check(): void {
      if (shutDown()) throw handOver();
    },
    /** Wraps a runner's step callbacks: a stopping worker starts no step and records no step it cut short. */
    steps<R>(callbacks: { onStepStart(index: number): Promise<void>; onStepDone(result: R): Promise<void> }) {
      return {
        onStepStart: async (index: number) => {
          if (stopping?.aborted || shutDown()) throw handOver();
          await callbacks.onStepStart(index);
        },
        onStepDone: async (result: R) => {
          // A step that did not pass while the worker stops may have failed of the stop itself (a
          // process manager that signals the whole group stops the browser too): the next worker
          // runs it again, and a real failure fails there.
          const passed = (result as { status?: string }).status === 'passed';
          if (shutDown() || (stopping?.aborted && !passed)) throw handOver();
          await callbacks.onStepDone(result);
        },
      };
    },
  };
}
