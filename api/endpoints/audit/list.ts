import { z } from 'zod';
import { auditRepository } from '../../../db/repositories/audit';
import { decodeCursor, pageFrom } from '../../pipeline/pagination';
import { defineEndpoint, queryInt } from '../../pipeline/model';
import { access } from '../keys/shared';

export default defineEndpoint({
  name: 'audit.list',
  bindings: { rest: { method: 'GET', path: '/api/audit' } },
  summary: "The organization's audit trail, newest first, a page at a time: every change made through the API.",
  description:
    "One line per change (each endpoint that takes an idempotency key), written in the change's transaction: " +
    'who (an API key by id or a member by subject), what (the endpoint and the id it changed), when, and from ' +
    'where (console, API or MCP; the client address and user agent).',
  access,
  query: z.strictObject({
    limit: queryInt(1, 100, 20),
    cursor: z.string().max(500).optional().describe("The previous page's nextCursor."),
  }),
  output: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        at: z.number(),
        actor: z.object({ kind: z.enum(['api_key', 'oauth']), id: z.string() }),
        action: z.string().describe('The endpoint, e.g. test_case.update_steps or runs.visual_accept.'),
        target: z.string().optional(),
        channel: z.enum(['console', 'API', 'MCP']),
        ip: z.string().optional(),
        userAgent: z.string().optional(),
      }),
    ),
    nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page.'),
  }),
  async handler(input, { principal, deps }) {
    const after = decodeCursor(input.cursor, {});
    const rows = await auditRepository.list(deps.db.manager, principal.orgId, after, input.limit + 1);
    return pageFrom(rows, input.limit, {}, (e) => ({
      id: e.id,
      at: e.at,
      actor: { kind: e.actorKind, id: e.actor },
      action: e.action,
      target: e.target,
      channel: e.channel,
      ip: e.ip,
      userAgent: e.userAgent,
    }));
  },
});
