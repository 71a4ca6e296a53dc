import { resourcePlanRepository } from '../../db/repositories/resource-plans';
import { testPlanRepository } from '../../db/repositories/test-plans';
import { startGenerationWorkflow } from '../temporal/starts';
import type { AppDeps } from '../pipeline/deps';
import { newId } from '../../core/ids';

export interface GenerationRequest {
  orgId: string;
  name: string;
  source: 'prompt' | 'diff';
  text: string;
  platforms: string[];
}

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
      id: planId,
      orgId: g.orgId,
      name: g.name,
      description: '',
      platforms: g.platforms,
      steps: [],
      apiAuthProfiles: [],
      config: null,
      mode: 'auto',
      status: 'generating',
      failureReason: null,
      createdAt: now,
      updatedAt: now,
    });
    await resourcePlanRepository.insertGeneration(tx, {
      planId,
      orgId: g.orgId,
      source: g.source,
      input: g.text,
      platforms: g.platforms,
      createdAt: now,
      finishedAt: null,
    });
  });
  try {
    await startGenerationWorkflow(deps, g.orgId, planId);
  } catch (error) {
    await resourcePlanRepository.finishGeneration(deps.db.manager, planId, {
      failureReason: 'the generation could not be started; generate the plan again',
    });
    throw error;
  }
  return planId;
}
