import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { idOf } from '../../../core/ids';
import { retentionRepository } from '../../../db/repositories/retention';
import { defineEndpoint } from '../../pipeline/model';
import { pinView } from '../../schemas/retention';

export default defineEndpoint({
  name: 'runs.pin',
  bindings: { rest: { method: 'POST', path: '/api/runs/:runId/pin' } },
  summary: 'Pin a Run: retention keeps it and its media whatever their age.',
  description: 'Pinning twice is harmless. DELETE on the same path unpins.',
  access: { scope: 'svc:runs:write' },
  idempotency: 'optional',
  params: z.object({ runId: idOf('run') }),
  output: pinView,
  async handler(input, { principal, deps }) {
    if (!(await retentionRepository.setPinned(deps.db.manager, principal.orgId, input.runId, Date.now())))
      throw notFound(`Run ${input.runId}`);
    return { runId: input.runId, pinned: true };
  },
});
