import { z } from 'zod';
import { apiKeyRepository } from '../../../db/repositories/organizations';
import { decodeCursor, pageFrom } from '../../pipeline/pagination';
import { defineEndpoint, queryInt } from '../../pipeline/model';
import { access, keyView, presentKey } from './shared';

export default defineEndpoint({
  name: 'keys.list',
  bindings: { rest: { method: 'GET', path: '/api/keys' } },
  summary: "The organization's API keys (active and revoked), newest first, a page at a time; never a secret.",
  access,
  query: z.strictObject({
    limit: queryInt(1, 100, 20),
    cursor: z.string().max(500).optional().describe("The previous page's nextCursor."),
  }),
  output: z.object({
    items: z.array(keyView),
    nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page.'),
  }),
  async handler(input, { principal, deps }) {
    const after = decodeCursor(input.cursor, {});
    const rows = await apiKeyRepository.list(deps.db.manager, principal.orgId, after, input.limit + 1);
    return pageFrom(rows, input.limit, {}, presentKey);
  },
});
