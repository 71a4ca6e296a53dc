import { WorkflowNotFoundError } from '@temporalio/client';
import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { idOf as id } from '../../../core/ids';
import { AppError, notFound } from '../../../core/errors';
import { defineEndpoint } from '../../pipeline/model';
import { isTerminal } from '../../../domain/runs/status';
import { cancelRunWorkflow } from '../../temporal/starts';

/** POST /api/runs/{runId}/cancel: what `qa --on-timeout cancel` and `--on-interrupt cancel` call. */
export default defineEndpoint({
  name: 'runs.cancel',
  bindings: { rest: { method: 'POST', path: '/api/runs/:runId/cancel' } },
  summary: 'Cancel a Run that has not ended (extension); it becomes canceled.',
  description:
    "Answers the Run's status when the cancellation was requested; the Run records canceled shortly after. " +
    'A Run that has already ended keeps its outcome: FAILED_PRECONDITION (422) with details.status. ' +
    "A plan group's member that its group has not started yet is UNAVAILABLE (503) with Retry-After. " +
    'An Idempotency-Key header makes a retry answer the first response.',
  access: { scope: 'svc:runs:write' },
  idempotency: 'optional',
  params: z.object({ runId: id('run') }),
  body: z.strictObject({}),
  output: z.object({ runId: z.string(), status: z.string() }),
  async handler(input, { principal, deps }) {
    const run = await runRepository.get(deps.db.manager, principal.orgId, input.runId);
    if (!run) throw notFound(`Run ${input.runId}`);
    if (isTerminal(run.status))
      throw new AppError(
        'FAILED_PRECONDITION',
        `Run ${run.id} has already ended (${run.status}); it keeps its outcome`,
        {
          status: run.status,
        },
      );
    try {
      await cancelRunWorkflow(deps, run.id);
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
      // A plan group records its members before it starts them; or the Run ended just now and its
      // workflow closed. Either way the retry reads what the Run is then (its start, or its outcome).
      throw new AppError(
        'UNAVAILABLE',
        `Run ${run.id} has no workflow to cancel at this moment (still being started, or just ended); retry`,
        undefined,
        {
          'Retry-After': '1',
        },
      );
    }
    return { runId: run.id, status: run.status };
  },
});
