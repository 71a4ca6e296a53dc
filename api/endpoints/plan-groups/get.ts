import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { notFound } from '../../../core/errors';
import { idOf as id } from '../../../core/ids';
import { planGroupState, planGroupView, reportLinks } from '../../presenters/plan-groups';
import { readPlanGroup } from '../../runs/plan-group-read';
import { defineEndpoint } from '../../pipeline/model';

/** GET /api/plan-groups/{planGroupRunId}: every member of a plan trigger, for CI gates and reports. */
export default defineEndpoint({
  name: 'plan_groups.get',
  bindings: { rest: { method: 'GET', path: '/api/plan-groups/:planGroupRunId' } },
  summary: 'One plan group: each plan member with its Run status, verdict and report link, and a summary.',
  description:
    'Extension. Members a re-run carried over show passed_in_original; members a scope "changed" trigger skipped ' +
    'show not_selected with the reason. finished is true when every member Run is terminal.',
  access: 'credential',
  params: z.object({ planGroupRunId: id('pgr') }),
  output: planGroupState,
  async handler(input, { principal, deps }) {
    const group = await runRepository.planGroup(deps.db.manager, principal.orgId, input.planGroupRunId);
    if (!group) throw notFound(`plan group ${input.planGroupRunId}`);
    return planGroupView(await readPlanGroup(deps.db.manager, group), reportLinks(deps.config));
  },
});
