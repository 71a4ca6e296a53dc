import {
  ActivityFailure,
  CancellationScope,
  isCancellation,
  patched,
  proxyActivities,
  TimeoutFailure,
} from '@temporalio/workflow';
import { TimeoutType } from '@temporalio/common';
import { describeFailure } from './failures';
import type { GenerationRunnerActivities, PlanGenerationActivities, PlanGenerationWorkflowInput } from './contracts';

const bookkeeping = proxyActivities<PlanGenerationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/**
 * One plan generation (`generate-<planId>`): the generator activity writes the steps and the
 * plan becomes `ready`; when it still fails after its retries the plan becomes `failed` with
 * the reason. Either way the plan never stays `generating`. A generation given an Environment
 * is a web runner's activity instead: it explores, writes, proves and ends the generation itself.
 */
export async function planGenerationWorkflow(input: PlanGenerationWorkflowInput): Promise<'ready' | 'failed'> {
  const explore = input.explore;
  // Histories from before exploring never carry `explore`; the marker keeps the branch explicit.
  const exploring = explore !== undefined && patched('generation-explores');
  const attempts = exploring ? 2 : input.attempts;
  try {
    if (exploring) {
      const runner = proxyActivities<GenerationRunnerActivities>({
        taskQueue: explore.taskQueue,
        scheduleToStartTimeout: explore.scheduleToStartMs,
        startToCloseTimeout: explore.timeoutMs,
        retry: { initialInterval: '1 second', maximumAttempts: attempts },
      });
      return await runner.exploreAndPropose(input.planId);
    }
    const generating = proxyActivities<PlanGenerationActivities>({
      startToCloseTimeout: input.timeoutMs + 15_000,
      retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: attempts },
    });
    await generating.generatePlanSteps(input.planId);
    return 'ready';
  } catch (error) {
    if (isCancellation(error)) {
      await CancellationScope.nonCancellable(() =>
        bookkeeping.failPlanGeneration(input.planId, 'the generation was canceled'),
      );
      throw error;
    }
    const reason =
      exploring && notPickedUp(error)
        ? `no web runner took the generation within ${Math.round(explore.scheduleToStartMs / 1000)} s; ` +
          `start a web runner that serves the task queue ${explore.taskQueue}, then generate again`
        : describeFailure(error, attempts, 'generator');
    await bookkeeping.failPlanGeneration(input.planId, reason);
    return 'failed';
  }
}

function notPickedUp(error: unknown): boolean {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  return cause instanceof TimeoutFailure && cause.timeoutType === TimeoutType.SCHEDULE_TO_START;
}
