import { z } from 'zod';
import { runRepository, terminalStatuses } from '../../../db/repositories/runs';
import { idOf as id } from '../../../core/ids';
import { AppError, notFound } from '../../../core/errors';
import { defineEndpoint } from '../../pipeline/model';

export default defineEndpoint({
  name: 'runs.report_step',
  bindings: { rest: { method: 'POST', path: '/api/runs/report' } },
  summary: 'Update an existing step log of a Run (organization API keys only).',
  access: 'api_key_only',
  body: z.strictObject({
    runId: id('run'),
    stepIndex: z.number().int().min(0),
    status: z.enum(['pending', 'running', 'passed', 'failed', 'skipped']),
  }),
  output: z.object({ success: z.literal(true) }),
  async handler(input, { principal, deps }) {
    const run = await runRepository.get(deps.db.manager, principal.orgId, input.runId);
    if (!run) throw notFound(`Run ${input.runId}`);
    if (terminalStatuses.includes(run.status)) {
      throw new AppError(
        'FAILED_PRECONDITION',
        `Run ${run.id} has ended (${run.status}); its record no longer changes`,
      );
    }
    if (!(await runRepository.putStep(deps.db.manager, run.id, input.stepIndex, { status: input.status }))) {
      throw new AppError('NOT_FOUND', `Run ${run.id} has no step ${input.stepIndex}`);
    }
    return { success: true as const };
  },
});
