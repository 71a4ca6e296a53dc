import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { idOf } from '../../../core/ids';
import { retentionRepository } from '../../../db/repositories/retention';
import { defineEndpoint } from '../../pipeline/model';
import { pinView } from '../../schemas/retention';

/** POST and DELETE …/pin: one endpoint each, told apart by the state they set. */
export function pinEndpoint(pinned: boolean, text: { summary: string; description?: string }) {
  return defineEndpoint({
    name: pinned ? 'runs.pin' : 'runs.unpin',
    bindings: { rest: { method: pinned ? 'POST' : 'DELETE', path: '/api/runs/:runId/pin' } },
    ...text,
    access: { scope: 'svc:runs:write' },
    idempotency: 'optional',
    params: z.object({ runId: idOf('run') }),
    output: pinView,
    async handler(input, { principal, deps }) {
      const pinnedAt = pinned ? Date.now() : null;
      if (!(await retentionRepository.setPinned(deps.db.manager, principal.orgId, input.runId, pinnedAt)))
        throw notFound(`Run ${input.runId}`);
      return { runId: input.runId, pinned };
    },
  });
}
