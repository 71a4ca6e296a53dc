import { testPlanRepository } from '../../../db/repositories/test-plans';
import { DEFAULT_LIMIT, decodeCursor, pageFrom } from '../../pipeline/pagination';
import { defineEndpoint, listPage, pageOf } from '../../pipeline/model';
import { testPlanSummary } from '../../schemas/catalog';

export default defineEndpoint({
  name: 'test_plan.list',
  bindings: { v1: true, mcp: true },
  summary: 'List Test Plans, newest first.',
  access: { scope: 'svc:read' },
  idempotency: 'none',
  confirm: 'never',
  body: { ...listPage },
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
