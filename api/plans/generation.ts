import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { TypedSearchAttributes } from '@temporalio/common';
import { resourcePlanRepository } from '../../db/repositories/resource-plans';
import { testPlanRepository } from '../../db/repositories/test-plans';
import type { PlanGenerationWorkflowInput } from '../../workflows/planning-types';
import { QaOrgId, QaTestPlanId } from '../../workflows/search-attributes';
import type { AppDeps } from '../deps';
import { newId } from '../ids';

export const generationWorkflowId = (planId: string) => `generate-${planId}`;

export interface GenerationRequest { orgId: string; name: string; source: 'prompt' | 'diff'; text: string; platforms: string[] }

/**
 * Records a placeholder plan (`generating`) with its generation input, then starts the
 * generation workflow. If the workflow cannot start the plan is marked failed at once, so no
 * plan waits forever for a generation that never began.
 */
export async function startGeneration(deps: AppDeps, g: GenerationRequest): Promise<string> {
  const now = Date.now();
  const planId = newId('tp');
  await deps.db.transaction(async (tx) => {
    await testPlanRepository.insert(tx, {
      id: planId, orgId: g.orgId, name: g.name, description: '', platforms: g.platforms, steps: [], apiAuthProfiles: [],
      mode: 'auto', status: 'generating', failureReason: null, createdAt: now, updatedAt: now,
    });
    await resourcePlanRepository.insertGeneration(tx, { planId, orgId: g.orgId, source: g.source, input: g.text, platforms: g.platforms, createdAt: now, finishedAt: null });
  });
  const input: PlanGenerationWorkflowInput = { planId, orgId: g.orgId, attempts: deps.config.AI_MAX_ATTEMPTS, timeoutMs: deps.config.AI_TIMEOUT_MS };
  try {
    const client = await deps.temporal();
    await client.workflow.start('planGenerationWorkflow', {
      taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
      workflowId: generationWorkflowId(planId),
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      args: [input],
      typedSearchAttributes: [{ key: QaOrgId, value: g.orgId }, { key: QaTestPlanId, value: planId }] as unknown as TypedSearchAttributes,
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) {
      await resourcePlanRepository.finishGeneration(deps.db.manager, planId, { failureReason: 'the generation could not be started; generate the plan again' });
      throw error;
    }
  }
  return planId;
}
