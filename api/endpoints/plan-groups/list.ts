import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { idOf as id } from '../../../core/ids';
import { slug } from '../../../core/steps';
import { planGroupState, planGroupView, reportLinks } from '../../presenters/plan-groups';
import { readPlanGroup } from '../../runs/plan-group-read';
import { defineEndpoint, queryInt } from '../../pipeline/model';

/** GET /api/plan-groups: the newest plan groups of a plan (how `qa run --rerun-failed last` finds one). */
export default defineEndpoint({
  name: 'plan_groups.list',
  bindings: { rest: { method: 'GET', path: '/api/plan-groups' } },
  summary: 'Plan groups of a Test Plan, newest first; filter by commit and Environment.',
  description: 'Extension. Each item is the plan group state of GET /api/plan-groups/{planGroupRunId}.',
  access: 'credential',
  query: z.strictObject({
    testPlanId: id('tp'),
    commitSha: z
      .string()
      .regex(/^[0-9a-fA-F]{7,64}$/)
      .optional(),
    environmentSlug: slug.optional(),
    limit: queryInt(1, 20, 5),
  }),
  output: z.array(planGroupState),
  async handler(input, { principal, deps }) {
    const { limit, ...filter } = input;
    const groups = await runRepository.planGroups(deps.db.manager, principal.orgId, filter, limit);
    const links = reportLinks(deps.config);
    return Promise.all(groups.map(async (g) => planGroupView(await readPlanGroup(deps.db.manager, g), links)));
  },
});
