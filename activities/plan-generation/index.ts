import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { resourcePlanRepository } from '../../db/repositories/resource-plans';
import { testPlanRepository } from '../../db/repositories/test-plans';
import type { PlanGenerationActivities } from '../../workflows/contracts';
import { AiProviderError } from '../ai/chat';
import type { ActivityDeps } from '../deps';
import { createGenerator, GenerationError, type Generator } from '../generate';

/** The reason of a failure that gave none: what happened, and what to try. */
export const UNEXPLAINED =
  'the generator stopped without giving a reason; try again, and if it fails again name the page (such as /login), the fields and the buttons to use in the prompt';

/** Activities of plan generation: generate and save the steps, or record why not. */
export function planGenerationActivities(
  deps: ActivityDeps,
  generator: Generator = createGenerator(deps.config),
): PlanGenerationActivities {
  const { db, log } = deps;
  return {
    async generatePlanSteps(planId: string): Promise<number> {
      const generation = await resourcePlanRepository.generation(db.manager, planId);
      const plan = generation && (await testPlanRepository.get(db.manager, generation.orgId, planId));
      if (!generation || !plan)
        throw ApplicationFailure.nonRetryable(`plan ${planId} has no generation`, 'GenerationMissing');
      if (plan.status !== 'generating') return plan.steps.length;
      let steps;
      try {
        steps = await generator.generate(
          { source: generation.source, text: generation.input, platforms: generation.platforms },
          Context.current().cancellationSignal,
        );
      } catch (error) {
        if (error instanceof GenerationError) throw ApplicationFailure.nonRetryable(error.message, 'NothingToGenerate');
        if (error instanceof AiProviderError) {
          if (!error.retryable) throw ApplicationFailure.nonRetryable(error.message, 'GeneratorRefused');
          throw ApplicationFailure.retryable(error.message, 'GeneratorFailed');
        }
        if (Context.current().cancellationSignal.aborted) throw error;
        log.error('generator failed', { planId, error: (error as Error)?.stack ?? String(error) });
        throw ApplicationFailure.retryable('the generator failed unexpectedly', 'GeneratorFailed');
      }
      await resourcePlanRepository.finishGeneration(db.manager, planId, { steps });
      return steps.length;
    },

    async failPlanGeneration(planId: string, reason: string): Promise<void> {
      // Never `failed` without words a person can act on, whatever the failure carried.
      const said = reason?.trim() || UNEXPLAINED;
      await resourcePlanRepository.finishGeneration(db.manager, planId, { failureReason: said.slice(0, 2000) });
    },
  };
}
