import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { idOf as id } from '../../../core/ids';
import { notFound } from '../../../core/errors';
import { namesOf, resourceRunView } from '../../presenters/runs';
import { actorName } from '../../presenters/actors';
import { runNames } from '../../runs/names';
import { nameRepository } from '../../../db/repositories/names';
import { defineEndpoint } from '../../pipeline/model';
import { signedReportUrl } from '../../../domain/runs/report-links';
import { reportLinks } from '../../presenters/plan-groups';
import { resourceRun, logEntry } from '../../schemas/runs';
import { visualAcceptance } from '../../../core/visual';

export default defineEndpoint({
  name: 'runs.get',
  bindings: { rest: { method: 'GET', path: '/api/runs/:runId' } },
  summary: 'One Run with its step logs.',
  access: 'credential',
  params: z.object({ runId: id('run') }),
  output: resourceRun.extend({
    logs: z.array(logEntry),
    reportUrl: z.string().describe('Signed link to the Run report page (no credential needed).'),
    names: z
      .object({
        testCaseName: z.string().optional(),
        testPlanName: z.string().optional(),
        environmentName: z.string().optional(),
      })
      .describe("The names of the Run's Test Case, plan and Environment (each absent when none)."),
    visualAcceptance: visualAcceptance
      .extend({ byName: z.string().describe('Who, as a person reads it: "key <key name>" or the member.') })
      .optional()
      .describe("Who accepted the Run's screenshots as its steps' visual baseline, and when; omitted until accepted."),
  }),
  async handler(input, { principal, deps }) {
    const run = await runRepository.get(deps.db.manager, principal.orgId, input.runId);
    if (!run) throw notFound(`Run ${input.runId}`);
    const db = deps.db.manager;
    const steps = (await runRepository.steps(db, [run.id])).get(run.id)!;
    const [names, keyNames] = await Promise.all([
      runNames(db, principal.orgId, [run]),
      nameRepository.apiKeys(db, principal.orgId, run.visualAcceptance ? [run.visualAcceptance.by] : []),
    ]);
    const view = resourceRunView(run, steps, signedReportUrl(reportLinks(deps.config), 'run', run.id));
    const acceptance = run.visualAcceptance;
    return {
      ...view,
      names: namesOf(run, names),
      // Left out of the JSON until someone accepted.
      visualAcceptance: acceptance
        ? { ...acceptance, byName: actorName(acceptance.by, acceptance.credential, keyNames) }
        : undefined,
    };
  },
});
