import { environmentRepository } from '../../db/repositories/environments';
import { DEFAULT_LIMIT, decodeCursor, pageFrom } from '../pagination';
import { defineOperation, listPage, pageOf } from './define';
import { environment } from './schemas';
import { environmentViews } from '../presenters/catalog';

export default defineOperation({
  name: 'environment.list',
  summary: 'List Environments with their per-platform targets; runtime value names only, never values.',
  scope: 'svc:read',
  idempotency: 'none',
  confirm: 'never',
  input: { ...listPage },
  output: pageOf(environment),
  async handler(input, { db, orgId }) {
    const limit = input.limit ?? DEFAULT_LIMIT;
    const rows = await environmentRepository.list(db, orgId, decodeCursor(input.cursor, {}), limit + 1);
    const page = pageFrom(rows, limit, {}, (e) => e);
    return { items: await environmentViews(db, page.items), nextCursor: page.nextCursor };
  },
});
