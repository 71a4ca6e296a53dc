import { z } from 'zod';
import { environmentRepository } from '../../../db/repositories/environments';
import { runRepository } from '../../../db/repositories/runs';
import { resourcePlanRepository } from '../../../db/repositories/resource-plans';
import type { AppDeps } from '../../pipeline/deps';
import { safeEqual, sha256 } from '../../../core/crypto';
import { AppError } from '../../../core/errors';
import { idOf as id } from '../../../core/ids';
import { referencedValues, variableName } from '../../../core/steps';
import { defineEndpoint } from '../../pipeline/model';

/**
 * The channel that delivers one runtime value to a runner immediately before the step that
 * needs it. Runners authenticate with `Authorization: Runner <RUNNER_TOKEN>`; a value is only
 * given for a Run that is executing and whose steps reference that name. Never logged.
 */
export default defineEndpoint({
  name: 'runner.values',
  bindings: { rest: { method: 'POST', path: '/internal/runner/values', internal: true } },
  summary: 'Runner channel for runtime values.',
  access: 'public',
  body: z
    .strictObject({
      runId: id('run').optional(),
      planId: id('tp').optional().describe('A plan generation that explores its Environment (instead of runId).'),
      name: variableName,
    })
    .refine((b) => !!b.runId !== !!b.planId, { message: 'give exactly one of runId and planId', path: ['runId'] }),
  output: z.object({ value: z.string() }),
  async handler(input, { deps, koa }) {
    const expected = deps.config.RUNNER_TOKEN;
    const presented = /^Runner (.+)$/.exec(koa.get('Authorization'))?.[1] ?? '';
    if (!expected || !safeEqual(sha256(presented), sha256(expected))) {
      throw new AppError('UNAUTHENTICATED', 'runner credential required');
    }
    koa.set('Cache-Control', 'no-store');
    if (input.planId) return generationValue(deps, input.planId, input.name);
    const run = await runRepository.byId(deps.db.manager, input.runId!);
    if (!run || !['running', 'retrying'].includes(run.status))
      throw new AppError('FAILED_PRECONDITION', 'the Run is not executing');
    const referenced = referencedValues(run.steps).includes(input.name);
    if (!referenced) throw new AppError('PERMISSION_DENIED', 'the Run does not reference this value');
    const runSealed = await runRepository.sealedValue(deps.db.manager, run.id, input.name);
    if (runSealed) return { value: deps.secrets.openValue(run.id, input.name, runSealed) };
    if (run.environmentId) {
      const [value] = await environmentRepository.sealedValues(deps.db.manager, run.environmentId, [input.name]);
      if (value) return { value: deps.secrets.openValue(run.environmentId, input.name, value.sealed) };
    }
    throw new AppError('NOT_FOUND', 'no such runtime value');
  },
});

/**
 * A value for a plan generation that explores an Environment: only while it is generating, and
 * only one of that Environment's values (exploring signs in with them as a Run would).
 */
async function generationValue(deps: AppDeps, planId: string, name: string): Promise<{ value: string }> {
  const generation = await resourcePlanRepository.generation(deps.db.manager, planId);
  if (!generation || generation.finishedAt !== null || !generation.environmentId)
    throw new AppError('FAILED_PRECONDITION', 'the plan generation is not exploring an Environment');
  const [value] = await environmentRepository.sealedValues(deps.db.manager, generation.environmentId, [name]);
  if (!value) throw new AppError('NOT_FOUND', 'no such runtime value');
  return { value: deps.secrets.openValue(generation.environmentId, name, value.sealed) };
}
