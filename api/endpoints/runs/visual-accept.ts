import { z } from 'zod';
import { idOf } from '../../../core/ids';
import { acceptVisual } from '../../../domain/visual';
import { commitReportRepository } from '../../../db/repositories/commit-reports';
import { runRepository } from '../../../db/repositories/runs';
import { reportReview } from '../../temporal/starts';
import { defineEndpoint } from '../../pipeline/model';

export default defineEndpoint({
  name: 'runs.visual_accept',
  bindings: { rest: { method: 'POST', path: '/api/runs/:runId/visual/accept' } },
  summary: "Accept a Run's screenshots as the visual baseline of its steps.",
  description:
    'The next Runs of its Test Case (or plan inline steps) in its Environment compare each step with these ' +
    'screenshots, until a later passing Run becomes the baseline. Needs an ended web Run with an Environment whose ' +
    'screenshots are still kept (FAILED_PRECONDITION otherwise). Accepting again makes it the baseline again. ' +
    'The Run records who accepted it and when: visualAcceptance on run.get and GET /api/runs/{runId}.',
  access: { scope: 'svc:runs:write' },
  idempotency: 'optional',
  params: z.object({ runId: idOf('run') }),
  output: z.object({
    runId: z.string(),
    subjectId: z.string().describe("The Test Case (tc_…) or, for a plan's inline steps, the plan (tp_…)."),
    environmentSlug: z.string(),
    viewport: z.string().describe('e.g. 1280x800'),
    acceptedAt: z.number(),
    screenshots: z.number().int().describe('How many step screenshots the baseline holds.'),
  }),
  async handler(input, { principal, deps }) {
    const accepted = await acceptVisual(deps.db.manager, principal.orgId, input.runId, principal);
    // The check on the Run's commit says the change is reviewed (the last one accepted: it passes).
    const run = await runRepository.get(deps.db.manager, principal.orgId, input.runId);
    if (run?.planGroupId)
      await reportReview(
        deps,
        principal.orgId,
        await commitReportRepository.reportedGroups(deps.db.manager, principal.orgId, { planGroupId: run.planGroupId }),
      );
    return accepted;
  },
});
