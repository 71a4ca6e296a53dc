import { resourcePlanRepository } from '../../db/repositories/resource-plans';
import { testPlanRepository } from '../../db/repositories/test-plans';
import { startGenerationWorkflow } from '../temporal/starts';
import type { AppDeps } from '../pipeline/deps';
import { newId } from '../../core/ids';
import { AppError, notFound } from '../../core/errors';
import { environmentRepository } from '../../db/repositories/environments';

export interface GenerationRequest {
  orgId: string;
  name: string;
  source: 'prompt' | 'diff';
  text: string;
  platforms: string[];
  /** The Environment to explore and prove the cases against (prompts only). */
  environmentSlug?: string;
}

/**
 * Records a placeholder plan (`generating`) with its generation input, then starts the
 * generation workflow. If the workflow cannot start the plan is marked failed at once, so no
 * plan waits forever for a generation that never began.
 */
export async function startGeneration(deps: AppDeps, g: GenerationRequest): Promise<string> {
  const environment = g.environmentSlug ? await explorable(deps, g.orgId, g.environmentSlug) : null;
  const usesValues = environment
    ? ((await environmentRepository.valueNames(deps.db.manager, [environment.id])).get(environment.id) ?? []).length > 0
    : false;
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
      environmentId: environment?.id ?? null,
      proposal: null,
      createdAt: now,
      finishedAt: null,
    });
  });
  try {
    await startGenerationWorkflow(deps, g.orgId, planId, environment ? { usesValues } : undefined);
  } catch (error) {
    await resourcePlanRepository.finishGeneration(deps.db.manager, planId, {
      failureReason: 'the generation could not be started; generate the plan again',
    });
    throw error;
  }
  return planId;
}

/** The Environment a generation explores: in the caller's organization, with a web target. */
async function explorable(deps: AppDeps, orgId: string, slug: string) {
  const environment = await environmentRepository.bySlug(deps.db.manager, orgId, slug);
  if (!environment) throw notFound(`Environment ${slug}`);
  if (!environment.targets.web?.baseUrl)
    throw new AppError(
      'FAILED_PRECONDITION',
      `the Environment ${slug} has no web target to explore; give it targets.web.baseUrl (environment.upsert)`,
    );
  return environment;
}
