import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { notFound } from '../../../core/errors';
import { planGroupView, reportLinks } from '../../presenters/plan-groups';
import { readPlanGroup } from '../../runs/plan-group-read';
import { planGroupReportPage } from '../../presenters/report-page';
import { defineEndpoint } from '../../pipeline/model';
import { signedQuery, requireSignature, html, reportResponses } from './shared';

/** GET /api/reports/plan-groups/{planGroupRunId}?exp&sig: the report page of a plan group. */
export default defineEndpoint({
  name: 'reports.plan_group',
  bindings: { rest: { method: 'GET', path: '/api/reports/plan-groups/:planGroupRunId', responses: reportResponses } },
  summary: 'The HTML report page of a plan group, reached by its signed reportUrl (no bearer).',
  description:
    'Extension. A summary banner and one row per plan member (passed in the original group of a re-run, and not ' +
    'selected by a scope "changed" trigger, included), each linking to its Run report.',
  access: 'public',
  params: z.object({ planGroupRunId: z.string().max(100) }),
  query: signedQuery,
  output: z.string(),
  async handler(input, { deps, koa }) {
    requireSignature(deps, 'group', input.planGroupRunId, input);
    const group = await runRepository.planGroupById(deps.db.manager, input.planGroupRunId);
    if (!group) throw notFound(`plan group ${input.planGroupRunId}`);
    const state = planGroupView(await readPlanGroup(deps.db.manager, group), reportLinks(deps.config));
    html(koa, planGroupReportPage(state as never));
    return undefined;
  },
});
