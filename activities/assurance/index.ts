import type { AssuranceSnapshot } from '../../core/assurance';
import { assuranceRepository } from '../../db/repositories/assurance';
import { runRepository } from '../../db/repositories/runs';
import type { AssuranceActivities } from '../../workflows/contracts';
import type { ActivityDeps } from '../deps';
import { buildSnapshot } from './snapshot';

/** The snapshot of an API Run that left no observations (no runner took it, or it was refused). */
const withoutObservations = (reason: string): AssuranceSnapshot => ({
  report: null,
  reason,
  findings: [],
  coverage: [],
  inferredPatches: [],
});

/** Activities of the orchestration queue that build assurance snapshots. */
export function assuranceActivities({ db }: Pick<ActivityDeps, 'db'>): AssuranceActivities {
  return {
    async buildAssuranceSnapshot(runId: string): Promise<void> {
      const run = await runRepository.byId(db.manager, runId);
      if (!run) return;
      if (await assuranceRepository.snapshot(db.manager, run.orgId, runId)) return;
      const result = await assuranceRepository.result(db.manager, runId);
      const snapshot = result
        ? buildSnapshot(
            result.result,
            (await assuranceRepository.baseline(db.manager, result))?.result ?? null,
            Date.now(),
          )
        : withoutObservations(`the Run ended ${run.status} before the API runner observed anything`);
      await assuranceRepository.putSnapshot(db.manager, { runId, orgId: run.orgId, snapshot, generatedAt: Date.now() });
    },
  };
}
