import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { testCaseRepository } from '../../../db/repositories/test-cases';
import { testPlanRepository } from '../../../db/repositories/test-plans';
import { notFound } from '../../../core/errors';
import { signedReportUrl } from '../../../domain/runs/report-links';
import { evidenceView } from '../../presenters/runs';
import { reportLinks } from '../../presenters/plan-groups';
import { runReportPage } from '../../presenters/report-page';
import { defineEndpoint } from '../../pipeline/model';
import { signedQuery, requireSignature, html, reportResponses } from './shared';
import { evidenceSources } from '../../runs/evidence-sources';

/** GET /api/reports/runs/{runId}?exp&sig: the report page of one Run. */
export default defineEndpoint({
  name: 'reports.run',
  bindings: { rest: { method: 'GET', path: '/api/reports/runs/:runId', responses: reportResponses } },
  summary: 'The HTML report page of a Run, reached by the signed reportUrl of run.get (no bearer).',
  description:
    'Extension. Verdict banner, steps with status, reason, observed facts, diagnosis and suggested action, screenshots ' +
    '(fresh 15-minute media links on every load), durations and the flaky marker. Customer-safe like run.evidence.',
  access: 'public',
  params: z.object({ runId: z.string().max(100) }),
  query: signedQuery,
  output: z.string(),
  async handler(input, { deps, koa }) {
    requireSignature(deps, 'run', input.runId, input);
    const db = deps.db.manager;
    const run = await runRepository.byId(db, input.runId);
    if (!run) throw notFound(`Run ${input.runId}`);
    const { steps, media, baseline } = await evidenceSources(db, run);
    const evidence = evidenceView(
      run,
      steps,
      media,
      { baseUrl: deps.config.BASE_URL, signingKey: deps.config.SIGNING_KEY },
      baseline,
    );
    const name = run.testCaseId
      ? ((await testCaseRepository.get(db, run.orgId, run.testCaseId))?.name ?? run.testCaseId)
      : ((run.testPlanId && (await testPlanRepository.get(db, run.orgId, run.testPlanId))?.name) ?? 'Run');
    const groupUrl = run.planGroupId ? signedReportUrl(reportLinks(deps.config), 'group', run.planGroupId) : undefined;
    html(koa, runReportPage(run, name, evidence, groupUrl));
    return undefined;
  },
});
