import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { idOf } from '../../../core/ids';
import { savedViewRepository } from '../../../db/repositories/saved-views';
import { defineEndpoint } from '../../pipeline/model';
import { ownerOf } from './shared';

export default defineEndpoint({
  name: 'saved_views.delete',
  bindings: { rest: { method: 'DELETE', path: '/api/saved-views/:viewId' } },
  summary: "Delete one of your saved views (another member's is NOT_FOUND).",
  access: { scope: 'svc:read' },
  idempotency: 'optional',
  params: z.object({ viewId: idOf('view') }),
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  async handler(input, { principal, db }) {
    if (!(await savedViewRepository.delete(db, principal.orgId, ownerOf(principal), input.viewId)))
      throw notFound(`saved view ${input.viewId}`);
    return { id: input.viewId, deleted: true as const };
  },
});
