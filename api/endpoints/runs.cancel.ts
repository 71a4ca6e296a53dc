import { WorkflowNotFoundError } from '@temporalio/client';
import { z } from 'zod';
import { runRepository } from '../../db/repositories/runs';
import { idOf as id } from '../../core/ids';
import { AppError, notFound } from '../../core/errors';
import { defineEndpoint } from './model';
import { isTerminal } from '../../domain/runs/status';
import { cancelRunWorkflow } from '../workflow-starts';

/** POST /api/runs/{runId}/cancel: what `qa --on-timeout cancel` and `--on-interrupt cancel` call. */
export default defineEndpoint({
  name: 'runs.cancel',
  bindings: { rest: { method: 'POST', path: '/api/runs/:runId/cancel' } },
  summary: 'Cancel a Run that has not ended (extension); it becomes canceled.',
  description:
    "Answers the Run's status when the cancellation was requested; the Run records canceled shortly after. " +
    'A Run that has already ended keeps its outcome: FAILED_PRECONDITION (422) with details.status. ' +
    'An Idempotency-Key header makes a retry answer the first response.',
  access: { scope: 'svc:runs:write' },
  idempotency: 'optional',
  params: z.object({ runId: id('run') }),
  body: z.strictObject({}),
  output: z.object({ runId: z.string(), status: z.string() }),
  async handler(input, { principal, deps }) {
    const orgId = principal.orgId;
    const run = await runRepository.get(deps.db.manager, orgId, input.runId);
    if (!run) throw notFound(`Run ${input.runId}`);
    const ended = (status: string) =>
      new AppError('FAILED_PRECONDITION', `Run ${run.id} has already ended (${status}); it keeps its outcome`, {
        status,
      });
    if (isTerminal(run.status)) throw ended(run.status);
    try {
      await cancelRunWorkflow(deps, run.id);
    } catch (error) {
      // The Run ended between the read and the cancel: its workflow is closed.
      const now = await runRepository.get(deps.db.manager, orgId, run.id);
      if (now && isTerminal(now.status)) throw ended(now.status);
      // A plan group's member is recorded before the group starts its workflow: retry shortly.
      if (error instanceof WorkflowNotFoundError)
        throw new AppError('UNAVAILABLE', `Run ${run.id} is still being started; retry`, undefined, {
          'Retry-After': '1',
        });
      throw error;
    }
    return { runId: run.id, status: run.status };
  },
});
