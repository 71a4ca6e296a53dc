import { z } from 'zod';
import { environmentRepository } from '../../db/repositories/environments';
import { runRepository } from '../../db/repositories/runs';
import { safeEqual, sha256 } from '../../core/crypto';
import { AppError } from '../../core/errors';
import { idOf as id } from '../../core/ids';
import { referencedValues, variableName } from '../../core/steps';
import { defineEndpoint } from './define';

/**
 * The channel that delivers one runtime value to a runner immediately before the step that
 * needs it. Runners authenticate with `Authorization: Runner <RUNNER_TOKEN>`; a value is only
 * given for a Run that is executing and whose steps reference that name. Never logged.
 */
export const runnerValuesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/internal/runner/values',
  summary: 'Runner channel for runtime values.',
  access: 'public',
  internal: true,
  body: z.strictObject({ runId: id('run'), name: variableName }),
  response: z.object({ value: z.string() }),
  async handler({ body, deps, koa }) {
    const expected = deps.config.RUNNER_TOKEN;
    const presented = /^Runner (.+)$/.exec(koa.get('Authorization'))?.[1] ?? '';
    if (!expected || !safeEqual(sha256(presented), sha256(expected))) {
      throw new AppError('UNAUTHENTICATED', 'runner credential required');
    }
    koa.set('Cache-Control', 'no-store');
    const run = await runRepository.byId(deps.db.manager, body.runId);
    if (!run || !['running', 'retrying'].includes(run.status))
      throw new AppError('FAILED_PRECONDITION', 'the Run is not executing');
    const referenced = referencedValues(run.steps).includes(body.name);
    if (!referenced) throw new AppError('PERMISSION_DENIED', 'the Run does not reference this value');
    const runSealed = await runRepository.sealedValue(deps.db.manager, run.id, body.name);
    if (runSealed) return { value: deps.secrets.openValue(run.id, body.name, runSealed) };
    if (run.environmentId) {
      const [value] = await environmentRepository.sealedValues(deps.db.manager, run.environmentId, [body.name]);
      if (value) return { value: deps.secrets.openValue(run.environmentId, body.name, value.sealed) };
    }
    throw new AppError('NOT_FOUND', 'no such runtime value');
  },
});
