import { testPlanRepository } from '../../db/repositories/test-plans';
import { DEFAULT_LIMIT, decodeCursor, pageFrom } from '../pagination';
import { defineOperation, listPage, pageOf } from './define';
import { testPlanSummary } from './schemas';

export default defineOperation({
  name: 'test_plan.list',
  summary: 'List Test Plans, newest first.',
  scope: 'svc:read',
  idempotency: 'none',
  confirm: 'never',
  input: { ...listPage },
  output: pageOf(testPlanSummary),
  async handler(input, { db, orgId }) {
    const limit = input.limit ?? DEFAULT_LIMIT;
    const rows = await testPlanRepository.list(db, orgId, decodeCursor(input.cursor, {}), limit + 1);
    return pageFrom(rows, limit, {}, (p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      memberCount: p.memberCount,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    }));
  },
});
