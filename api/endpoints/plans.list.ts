import { z } from 'zod';
import { testPlanRepository } from '../../db/repositories/test-plans';
import { resourcePlanRepository } from '../../db/repositories/resource-plans';
import { resourcePlan } from '../plans/schemas';
import { resourcePlanView } from '../presenters/plans';
import { defineEndpoint, queryInt } from './model';

export default defineEndpoint({
  name: 'plans.list',
  bindings: { rest: { method: 'GET', path: '/api/plans' } },
  summary: 'Test Plans of the organization, newest first, in the resource-style shape.',
  description:
    'Plans made here and v1 plans share one catalog: a v1 plan shows its membership as memberCount and ' +
    'empty steps; a generated plan shows status generating until it is ready (or failed, with failureReason).',
  access: 'credential',
  query: z.strictObject({
    limit: queryInt(1, 100, 20).describe('Page size, 1..100 (default 20), as GET /api/runs.'),
    offset: queryInt(0, 1_000_000, 0).describe('Plans to skip, newest first (default 0).'),
  }),
  output: z.array(resourcePlan),
  async handler(input, { principal, deps }) {
    const rows = await resourcePlanRepository.list(deps.db.manager, principal.orgId, input.offset, input.limit);
    const counts = await testPlanRepository.memberCounts(
      deps.db.manager,
      rows.map((p) => p.id),
    );
    return rows.map((p) => resourcePlanView(p, counts.get(p.id) ?? 0));
  },
});
