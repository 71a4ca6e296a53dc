import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { idOf } from '../../../core/ids';
import { retentionRepository } from '../../../db/repositories/retention';
import { defineEndpoint } from '../../pipeline/model';
import { pinView } from '../../schemas/retention';

export default defineEndpoint({
  name: 'runs.unpin',
  bindings: { rest: { method: 'DELETE', path: '/api/runs/:runId/pin' } },
  summary: 'Unpin a Run: retention treats it by its age again.',
  access: { scope: 'svc:runs:write' },
  idempotency: 'optional',
  params: z.object({ runId: idOf('run') }),
  output: pinView,
  async handler(input, { principal, deps }) {
    if (!(await retentionRepository.setPinned(deps.db.manager, principal.orgId, input.runId, null)))
      throw notFound(`Run ${input.runId}`);
    return { runId: input.runId, pinned: false };
  },
});
