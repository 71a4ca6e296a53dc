import { ApplicationFailure } from '@temporalio/common';
import { referencedValues } from '../../core/steps';
import type { Run } from '../../db/entities/runs';
import { runRepository, terminalStatuses } from '../../db/repositories/runs';
import type { ActivityDeps } from '../deps';

/**
 * A runner takes a Run: it was `queued` until now and is `running` from here. Returns null for a
 * Run that already ended (a late duplicate task). A runner that cannot substitute values refuses
 * Runs that use them (they are routed elsewhere; this is the last line of defence).
 */
export async function claimRun(
  { db, config }: Pick<ActivityDeps, 'db' | 'config'>,
  runId: string,
): Promise<Run | null> {
  const run = await runRepository.byId(db.manager, runId);
  if (!run) throw ApplicationFailure.nonRetryable('run not found', 'RunMissing');
  if (terminalStatuses.includes(run.status)) return null;
  if (referencedValues(run.steps).length && !config.RUNNER_CAN_SUBSTITUTE) {
    throw ApplicationFailure.nonRetryable('runner cannot substitute values', 'CannotSubstitute', {
      category: 'infrastructure',
      suggestedAction: 'This runner cannot substitute Environment values; run the Test Case on a runner that can.',
      reason: 'The runner refused the Run because its steps use Environment values.',
    });
  }
  await runRepository.transition(db.manager, runId, {
    status: 'running',
    attempt: run.attempt + 1,
    startedAt: run.startedAt ?? Date.now(),
  });
  return run;
}
