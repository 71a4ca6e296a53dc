import { CancellationScope, isCancellation, proxyActivities } from '@temporalio/workflow';
import { describeFailure } from './failures';
import { runChildren } from './child-runs';
import { announce } from './webhook.workflow';
import type {
  Interpretation,
  RunRequestActivities,
  RunRequestOutcome,
  RunRequestWorkflowInput,
  RunWorkflowInput,
} from './contracts';

const bookkeeping = proxyActivities<RunRequestActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/** Queuing is bounded too: a request must end in a final state, never stay `interpreting`. */
const queuing = proxyActivities<RunRequestActivities>({
  startToCloseTimeout: '60 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 5 },
});

/**
 * One run request (`run-request-<id>`): interpret, build and record the plan × environment
 * matrix, run each entry's Run as a child workflow (`run-<id>`, at most `window` at once), and
 * end `completed` when every Run has finished. Interpretation is retried by Temporal a few
 * times; when it still fails the request ends `failed` with the reason.
 */
export async function runRequestWorkflow(input: RunRequestWorkflowInput): Promise<RunRequestOutcome> {
  let outcome: RunRequestOutcome;
  try {
    outcome = await handleRequest(input);
  } catch (error) {
    if (isCancellation(error))
      await CancellationScope.nonCancellable(() => announce(input.orgId, 'run_request.completed', input.requestId));
    throw error;
  }
  await announce(input.orgId, 'run_request.completed', input.requestId);
  return outcome;
}

async function handleRequest(input: RunRequestWorkflowInput): Promise<RunRequestOutcome> {
  const interpreting = proxyActivities<RunRequestActivities>({
    startToCloseTimeout: input.interpretTimeoutMs + 15_000,
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: input.interpretAttempts },
  });
  const finish = (status: 'completed' | 'failed' | 'canceled', error?: string) =>
    bookkeeping.finishRunRequest(input.requestId, { status, error });
  try {
    let interpretation: Interpretation;
    try {
      interpretation = await interpreting.interpretRunRequest(input.requestId);
    } catch (error) {
      if (isCancellation(error)) throw error;
      await finish(
        'failed',
        `interpretation failed: ${describeFailure(error, input.interpretAttempts, 'interpreter')}`,
      );
      return 'failed';
    }
    let runs: RunWorkflowInput[];
    try {
      const queued = await queuing.queueRunRequest(input.requestId, interpretation);
      if (queued.status !== 'queued') return queued.status;
      runs = queued.runs;
    } catch (error) {
      if (isCancellation(error)) throw error;
      await finish('failed', 'the entries could not be queued; submit the request again with a new idempotency key');
      return 'failed';
    }
    await runChildren(input.orgId, runs, input.window);
    await finish('completed');
    return 'completed';
  } catch (error) {
    if (!isCancellation(error)) throw error;
    await CancellationScope.nonCancellable(() => finish('canceled', 'the run request was canceled'));
    throw error;
  }
}
