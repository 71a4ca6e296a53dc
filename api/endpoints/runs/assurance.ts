import { z } from 'zod';
import { assuranceSnapshot } from '../../../core/assurance';
import { idOf } from '../../../core/ids';
import { isApiStep } from '../../../core/steps';
import { notFound } from '../../../core/errors';
import { assuranceRepository } from '../../../db/repositories/assurance';
import { runRepository, terminalStatuses } from '../../../db/repositories/runs';
import { startAssuranceWorkflow } from '../../temporal/starts';
import { defineEndpoint } from '../../pipeline/model';
import { empty } from './assurance-empty';

/** GET /api/runs/{runId}/assurance: the immutable, value-free API assurance snapshot of a Run. */
export default defineEndpoint({
  name: 'runs.assurance',
  bindings: { rest: { method: 'GET', path: '/api/runs/:runId/assurance' } },
  summary: "A Run's API assurance snapshot: contract, isolation, fuzz, coverage and overlay patches.",
  description:
    'Built once after a Run with API steps ends (an API Run, or a web + API Run; workflow assurance-<runId>) and ' +
    'never changed. Until then, and for Runs without API steps, report is null and reason says why. Value-free: statuses, path shapes, type ' +
    'fingerprints and counts only.',
  access: 'credential',
  params: z.object({ runId: idOf('run') }),
  output: assuranceSnapshot,
  async handler(input, { principal, deps }) {
    const run = await runRepository.byId(deps.db.manager, input.runId);
    if (!run || run.orgId !== principal.orgId) throw notFound(`Run ${input.runId}`);
    // Served whenever one was built: an API Run's, and a mixed web + API Run's too.
    const stored = await assuranceRepository.snapshot(deps.db.manager, run.orgId, run.id);
    if (stored) return stored.snapshot;
    if (!run.platforms.includes('api') || !run.steps.some(isApiStep)) {
      return empty(
        `only Runs with API steps on the api platform have an assurance snapshot; this Run's platforms are ${run.platforms.join(', ')}`,
      );
    }
    if (!terminalStatuses.includes(run.status))
      return empty(`the Run is ${run.status}; the snapshot follows once it ends`);
    // A Run that ended without its snapshot (e.g. before this build): start the backfill now.
    await startAssuranceWorkflow(deps, run.orgId, run.id).catch((error: unknown) =>
      deps.log.warn('assurance backfill not started', {
        runId: run.id,
        error: String((error as Error)?.message ?? error),
      }),
    );
    return empty('the snapshot is being built; ask again in a moment');
  },
});
