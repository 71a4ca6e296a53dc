import { environmentRepository } from '../../../db/repositories/environments';
import { DEFAULT_LIMIT, decodeCursor, pageFrom } from '../../pipeline/pagination';
import { defineEndpoint, listPage, pageOf } from '../../pipeline/model';
import { environment } from '../../schemas/catalog';
import { presentEnvironments } from './shared';

export default defineEndpoint({
  name: 'environment.list',
  bindings: { v1: true, mcp: true },
  summary: 'List Environments with their per-platform targets; runtime value names only, never values.',
  access: { scope: 'svc:read' },
  idempotency: 'none',
  confirm: 'never',
  body: { ...listPage },
  output: pageOf(environment),
  async handler(input, { db, orgId }) {
    const limit = input.limit ?? DEFAULT_LIMIT;
    const rows = await environmentRepository.list(db, orgId, decodeCursor(input.cursor, {}), limit + 1);
    const page = pageFrom(rows, limit, {}, (e) => e);
    return { items: await presentEnvironments(db, page.items), nextCursor: page.nextCursor };
  },
});
