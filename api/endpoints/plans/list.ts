import { z } from 'zod';
import { testPlanRepository } from '../../../db/repositories/test-plans';
import { resourcePlanRepository } from '../../../db/repositories/resource-plans';
import { resourcePlan } from '../../plans/schemas';
import { resourcePlanView } from '../../presenters/plans';
import { defineEndpoint, queryInt } from '../../pipeline/model';

/** The most plans one answer holds; the specification's GET /api/plans takes no parameters and returns them all. */
const MAX_PLANS = 1000;

export default defineEndpoint({
  name: 'plans.list',
  bindings: {
    rest: {
      method: 'GET',
      path: '/api/plans',
      headers: { Link: `<…/api/plans?offset=N&limit=${MAX_PLANS}>; rel="next" when more plans follow` },
    },
  },
  summary: 'Test Plans of the organization, newest first, in the resource-style shape.',
  description:
    'Plans made here and v1 plans share one catalog: a v1 plan shows its membership as memberCount and ' +
    'empty steps; a generated plan shows status generating until it is ready (or failed, with failureReason).',
  access: 'credential',
  query: z.strictObject({
    limit: queryInt(1, MAX_PLANS, MAX_PLANS).describe(
      `Plans to return, 1..${MAX_PLANS}. Without it, every plan: past ${MAX_PLANS}, the first ${MAX_PLANS} and a Link header (rel="next") to the rest.`,
    ),
    offset: queryInt(0, 1_000_000, 0).describe('Plans to skip, newest first (default 0).'),
  }),
  output: z.array(resourcePlan),
  async handler(input, { principal, deps, koa }) {
    // One more than asked tells whether a next page exists without counting.
    const rows = await resourcePlanRepository.list(deps.db.manager, principal.orgId, input.offset, input.limit + 1);
    if (rows.length > input.limit) {
      rows.pop();
      const next = `/api/plans?offset=${input.offset + input.limit}&limit=${input.limit}`;
      koa?.set('Link', `<${next}>; rel="next"`);
    }
    const counts = await testPlanRepository.memberCounts(
      deps.db.manager,
      rows.map((p) => p.id),
    );
    return rows.map((p) => resourcePlanView(p, counts.get(p.id) ?? 0));
  },
});
