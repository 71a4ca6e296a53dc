import { z } from 'zod';
import { orgMemberRepository } from '../../../db/repositories/org-members';
import { decodeCursor, pageFrom } from '../../pipeline/pagination';
import { defineEndpoint, queryInt } from '../../pipeline/model';
import { access } from '../keys/shared';

export default defineEndpoint({
  name: 'members.list',
  bindings: { rest: { method: 'GET', path: '/api/members' } },
  summary:
    "The organization's members (the OpenID Connect subjects who may sign in for it), by subject, a page at a time.",
  access,
  query: z.strictObject({
    limit: queryInt(1, 100, 20),
    cursor: z.string().max(500).optional().describe("The previous page's nextCursor."),
  }),
  output: z.object({
    items: z.array(z.object({ userSub: z.string(), createdAt: z.number() })),
    nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page.'),
  }),
  async handler(input, { principal, deps }) {
    const after = decodeCursor(input.cursor, {});
    const rows = await orgMemberRepository.list(deps.db.manager, principal.orgId, after, input.limit + 1);
    return pageFrom(rows, input.limit, {}, (m) => ({ userSub: m.userSub, createdAt: m.createdAt }));
  },
});
