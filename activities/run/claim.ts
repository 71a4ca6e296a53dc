import { ApplicationFailure } from '@temporalio/common';
import { referencedValues } from '../../core/steps';
import type { Run } from '../../db/entities/runs';
import { runRepository, terminalStatuses } from '../../db/repositories/runs';
import { environmentRepository } from '../../db/repositories/environments';
import type { EntityManager } from 'typeorm';
import type { ActivityDeps } from '../deps';

/** Names of runtime values the Run's steps reference that neither the Run nor its Environment holds. */
export async function missingValues(db: EntityManager, run: Run): Promise<string[]> {
  const needed = referencedValues(run.steps);
  if (!needed.length) return [];
  const available = new Set(await runRepository.valueNames(db, run.id));
  if (run.environmentId) {
    const names = await environmentRepository.valueNames(db, [run.environmentId]);
    for (const name of names.get(run.environmentId) ?? []) available.add(name);
  }
  return needed.filter((n) => !available.has(n));
}

/** What a runner does with a Run: run it, nothing (it already ended), or fail it (values missing). */
export type Claim = { run: Run } | { ended: true } | { missingValues: string[] };

/**
 * A runner takes a Run: it was `queued` until now and is `running` from here. A Run that already
 * ended (a late duplicate task) is left alone. The runtime values are checked here, where the
 * runner already is, rather than in an activity of their own before it: a Run missing one never
 * starts. A runner that cannot substitute values refuses Runs that use them (they are routed
 * elsewhere; this is the last line of defence).
 */
export async function claimRun({ db, config }: Pick<ActivityDeps, 'db' | 'config'>, runId: string): Promise<Claim> {
  const run = await runRepository.byId(db.manager, runId);
  if (!run) throw ApplicationFailure.nonRetryable('run not found', 'RunMissing');
  if (terminalStatuses.includes(run.status)) return { ended: true };
  const uses = referencedValues(run.steps).length > 0;
  const missing = uses ? await missingValues(db.manager, run) : [];
  if (missing.length) return { missingValues: missing };
  if (uses && !config.RUNNER_CAN_SUBSTITUTE) {
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
  return { run };
}
