import { CancellationScope, isCancellation, proxyActivities } from '@temporalio/workflow';
import { describeFailure } from './failures';
import type { PlanGenerationActivities, PlanGenerationWorkflowInput } from './contracts';

const bookkeeping = proxyActivities<PlanGenerationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/**
 * One plan generation (`generate-<planId>`): the generator activity writes the steps and the
 * plan becomes `ready`; when it still fails after its retries the plan becomes `failed` with
 * the reason. Either way the plan never stays `generating`.
 */
export async function planGenerationWorkflow(input: PlanGenerationWorkflowInput): Promise<'ready' | 'failed'> {
  const generating = proxyActivities<PlanGenerationActivities>({
    startToCloseTimeout: input.timeoutMs + 15_000,
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: input.attempts },
  });
  try {
    await generating.generatePlanSteps(input.planId);
    return 'ready';
  } catch (error) {
    if (isCancellation(error)) {
      await CancellationScope.nonCancellable(() =>
        bookkeeping.failPlanGeneration(input.planId, 'the generation was canceled'),
      );
      throw error;
    }
    await bookkeeping.failPlanGeneration(input.planId, describeFailure(error, input.attempts, 'generator'));
    return 'failed';
  }
}
