import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  condition,
  defineSignal,
  getExternalWorkflowHandle,
  isCancellation,
  ParentClosePolicy,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  startChild,
  sleep,
  TimeoutFailure,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { assuranceWorkflow } from './assurance.workflow';
import { announce } from './webhook.workflow';
import {
  assuranceWorkflowId,
  HANDED_OVER,
  QaRunStatus,
  runWorkflowId,
  type Diagnosis,
  type OrchestrationActivities,
  type RunnerActivities,
  type RunOutcome,
  type RunWorkflowInput,
} from './contracts';

const orchestrationOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
} as const;
const orchestration = proxyActivities<OrchestrationActivities>(orchestrationOptions);

/**
 * The same activities run by the worker that runs the workflow, without an activity task: for the
 * short MySQL statements every Run makes before its first step (taking its active-Run slot) and
 * after its last (recording its terminal state), which as ordinary activities cost a round trip
 * through the Temporal server each.
 */
const orchestrationHere = proxyLocalActivities<OrchestrationActivities>(orchestrationOptions);

/** A Run waiting for an active-Run slot was handed one (sent by the Run that freed it). */
const runSlotGranted = defineSignal('runSlotGranted');

/**
 * Waits in the organization's line for an active-Run slot. The Run that frees one hands it on
 * and signals; the timer only covers a slot that freed otherwise (an expired lease, a hand-off
 * that crossed this Run's arrival), so a long wait costs a few events every two minutes.
 */
async function takeRunSlot(input: RunWorkflowInput): Promise<void> {
  let granted = false;
  setHandler(runSlotGranted, () => {
    granted = true;
  });
  // Runs started before the slot was taken locally replay their ordinary activity.
  const take = patched('run-slot-local') ? orchestrationHere.takeRunSlot : orchestration.takeRunSlot;
  while (!(await take(input.runId, input.orgId))) {
    if (await condition(() => granted, '2 minutes')) return;
  }
}

/**
 * Wakes the Runs a freed slot was handed to. One whose workflow is gone (terminated) cannot
 * start: its slot is freed again and handed on.
 */
async function wake(orgId: string, runIds: string[] | undefined): Promise<void> {
  for (const runId of runIds ?? []) {
    try {
      await getExternalWorkflowHandle(runWorkflowId(runId)).signal(runSlotGranted);
    } catch (error) {
      if (isCancellation(error)) throw error;
      await wake(orgId, await orchestration.dropRunSlot(runId, orgId));
    }
  }
}

const infrastructure = (reason: string): Diagnosis => ({
  category: 'infrastructure',
  suggestedAction: 'Retry the Run; if it keeps failing, check that a runner for this platform is connected.',
  reason,
});

/**
 * One Run: hand it to a runner (which checks its runtime values exist and marks it running when
 * it starts, so the Run shows `queued` until then), record the outcome. The runner
 * activity is attempted here (not by Temporal's activity retry) so the Run can show `retrying`
 * between attempts; a runner that stops heartbeating is noticed within seconds.
 */
export async function runWorkflow(input: RunWorkflowInput): Promise<RunOutcome> {
  const record = async (status: Parameters<OrchestrationActivities['recordRunState']>[1], here = false) => {
    const recorded = await (here ? orchestrationHere : orchestration).recordRunState(input.runId, status);
    upsertSearchAttributes([{ key: QaRunStatus, value: status.status }]);
    await wake(input.orgId, recorded?.slotsHandedTo);
    return recorded;
  };
  /**
   * Records the terminal state (then `afterRecord`) and announces `run.completed`, but only when an
   * endpoint subscribes: its event workflow (a child, an activity, a stored event) is what most
   * organizations' Runs need not pay for. Histories from before that check announced every Run.
   * The terminal state is written by the worker that runs the workflow (a local activity): an
   * activity task would cost a round trip through the Temporal server and one more workflow task
   * for every Run. Histories from before that change recorded it in an ordinary activity.
   */
  const finish = async (
    status: Parameters<OrchestrationActivities['recordRunState']>[1],
    afterRecord?: () => Promise<void>,
  ) => {
    const recorded = await record(status, patched('terminal-record-local'));
    await afterRecord?.();
    // Only Runs recorded with a quarantine change carry one, so older histories replay unchanged.
    if (recorded?.quarantine) await announce(input.orgId, recorded.quarantine.type, recorded.quarantine.subjectId);
    if (patched('announce-subscribed-only') && recorded?.subscribed === false) return;
    await announce(input.orgId, 'run.completed', input.runId);
  };
  try {
    const failMissing = async (names: string[]): Promise<RunOutcome> => {
      await finish({
        status: 'failed',
        diagnosis: {
          category: 'environment',
          // core/suggestion.ts: a person's words, then the call after "By API:".
          suggestedAction: `Add the runtime value(s) ${names.join(', ')} to the Environment, then trigger again. By API: environment.upsert.`,
          reason: 'The Run references Environment runtime values that do not exist; no step was started.',
        },
      });
      return 'failed';
    };
    // The runner checks the values as it claims the Run (one activity less before the first step);
    // histories from before that change checked them in an activity of their own first.
    if (!patched('runner-checks-values')) {
      const prepared = await orchestration.prepareRun(input.runId);
      if (prepared.missingValues.length) return await failMissing(prepared.missingValues);
    }
    const runner = proxyActivities<RunnerActivities>({
      taskQueue: input.runnerTaskQueue,
      scheduleToStartTimeout: input.scheduleToStartMs,
      startToCloseTimeout: '20 minutes',
      heartbeatTimeout: input.heartbeatTimeoutMs ?? 10_000,
      retry: { maximumAttempts: 1 },
    });
    // Past the organization's active-Run cap the Run stays queued here until a slot frees.
    if (patched('org-active-run-cap')) await takeRunSlot(input);
    upsertSearchAttributes([{ key: QaRunStatus, value: 'running' }]);
    let handovers = 0;
    for (let attempt = 1; ; attempt++) {
      // Histories from before the runner recorded its own start still record it here.
      if (attempt > 1 && !patched('runner-records-start')) await record({ status: 'running', attempt });
      try {
        const result = await runner.executeRun(input.runId);
        if (result.missingValues?.length) return await failMissing(result.missingValues);
        const outcome: RunOutcome = result.outcome === 'passed' ? 'passing' : result.outcome;
        await finish({ status: outcome, flaky: result.flaky, diagnosis: result.diagnosis }, () =>
          startAssurance(input),
        );
        return outcome;
      } catch (error) {
        if (isCancellation(error)) throw error;
        // A worker that stopped gracefully (a deploy, a scale-down) handed the Run over: the attempt
        // runs again at once wherever a runner polls, uncounted and unrecorded. Only new histories
        // hold this failure type, so older ones replay unchanged.
        if (handedOver(error) && handovers++ < MAX_HANDOVERS) {
          attempt--;
          continue;
        }
        const failure = describe(error);
        if (failure.permanent || attempt >= input.maxAttempts) {
          await finish({ status: 'invalid', diagnosis: failure.diagnosis }, () => startAssurance(input));
          return 'invalid';
        }
        await record({ status: 'retrying', attempt, diagnosis: failure.diagnosis });
        await sleep(Math.min(2 ** attempt * 1000, 30_000));
      }
    }
  } catch (error) {
    if (!isCancellation(error)) throw error;
    await CancellationScope.nonCancellable(async () => {
      await finish({
        status: 'canceled',
        diagnosis: {
          category: 'canceled',
          suggestedAction: 'Trigger the Run again when needed.',
          reason: 'The Run was canceled.',
        },
      });
    });
    throw error;
  }
}

/** Hand-overs a Run takes without counting them: past this, a worker that stops every time counts as failing. */
const MAX_HANDOVERS = 20;

/** A runner attempt ended by its worker's graceful stop (activities/run/handover.ts). */
function handedOver(error: unknown): boolean {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  return cause instanceof ApplicationFailure && cause.type === HANDED_OVER;
}

/** Customer-safe words for a failed runner attempt; raw errors stay in Temporal's history. */
function describe(error: unknown): { permanent: boolean; diagnosis: Diagnosis } {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  if (cause instanceof ApplicationFailure && cause.nonRetryable) {
    const details = cause.details?.[0] as Diagnosis | undefined;
    return { permanent: true, diagnosis: details?.category ? details : infrastructure('The runner refused the Run.') };
  }
  if (cause instanceof TimeoutFailure) {
    const noRunner = cause.timeoutType === 'SCHEDULE_TO_START';
    return {
      permanent: noRunner,
      diagnosis: infrastructure(
        noRunner
          ? 'No runner for this platform picked the Run up in time.'
          : 'The runner stopped responding during the Run.',
      ),
    };
  }
  // A runner that names its trouble (e.g. the Appium server is down) says so in the details.
  const details = cause instanceof ApplicationFailure ? (cause.details?.[0] as Diagnosis | undefined) : undefined;
  return {
    permanent: false,
    diagnosis: details?.category ? details : infrastructure('The runner failed before finishing the Run.'),
  };
}

/**
 * Starts the snapshot of an ended API Run as its own workflow, which outlives this one
 * (ABANDON): the Run's outcome never waits for its report. Inputs from before API Runs carry no
 * `assurance` flag, so their histories replay unchanged.
 */
async function startAssurance(input: RunWorkflowInput): Promise<void> {
  if (!input.assurance) return;
  try {
    await startChild(assuranceWorkflow, {
      workflowId: assuranceWorkflowId(input.runId),
      args: [{ runId: input.runId, orgId: input.orgId }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
    });
  } catch (error) {
    // Already started (e.g. by GET /api/runs/{runId}/assurance): the snapshot is on its way.
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}
