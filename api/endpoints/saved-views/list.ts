import { z } from 'zod';
import { savedViewRepository } from '../../../db/repositories/saved-views';
import { decodeCursor, pageFrom } from '../../pipeline/pagination';
import { defineEndpoint, queryInt } from '../../pipeline/model';
import { ownerOf, presentView, savedView } from './shared';

export default defineEndpoint({
  name: 'saved_views.list',
  bindings: { rest: { method: 'GET', path: '/api/saved-views' } },
  summary: "The calling member's saved views of the Runs list, newest first, a page at a time.",
  access: { scope: 'svc:read' },
  query: z.strictObject({
    limit: queryInt(1, 100, 50),
    cursor: z.string().max(500).optional().describe("The previous page's nextCursor."),
  }),
  output: z.object({
    items: z.array(savedView),
    nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page.'),
  }),
  async handler(input, { principal, deps }) {
    const limit = input.limit ?? 50;
    const owner = ownerOf(principal);
    const after = decodeCursor(input.cursor, {});
    const rows = await savedViewRepository.list(deps.db.manager, principal.orgId, owner, after, limit + 1);
    return pageFrom(rows, limit, {}, presentView);
  },
});
