import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { idOf as id } from '../../../core/ids';
import { notFound } from '../../../core/errors';
import { resourceRunView } from '../../presenters/runs';
import { defineEndpoint } from '../../pipeline/model';
import { signedReportUrl } from '../../../domain/runs/report-links';
import { reportLinks } from '../../presenters/plan-groups';
import { resourceRun, logEntry } from '../../schemas/runs';

export default defineEndpoint({
  name: 'runs.get',
  bindings: { rest: { method: 'GET', path: '/api/runs/:runId' } },
  summary: 'One Run with its step logs.',
  access: 'credential',
  params: z.object({ runId: id('run') }),
  output: resourceRun.extend({
    logs: z.array(logEntry),
    reportUrl: z.string().describe('Signed link to the Run report page (no credential needed).'),
  }),
  async handler(input, { principal, deps }) {
    const run = await runRepository.get(deps.db.manager, principal.orgId, input.runId);
    if (!run) throw notFound(`Run ${input.runId}`);
    const steps = (await runRepository.steps(deps.db.manager, [run.id])).get(run.id)!;
    return resourceRunView(run, steps, signedReportUrl(reportLinks(deps.config), 'run', run.id));
  },
});
