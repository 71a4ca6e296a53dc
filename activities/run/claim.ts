import { ApplicationFailure } from '@temporalio/common';
import { referencedValues } from '../../core/steps';
import type { Run } from '../../db/entities/runs';
import { runRepository, terminalStatuses } from '../../db/repositories/runs';
import { environmentRepository } from '../../db/repositories/environments';
import type { EntityManager } from 'typeorm';
import type { ActivityDeps } from '../deps';
import type { RunnerResult } from '../../workflows/contracts';

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

const TARGET_WORDS = {
  web: { field: 'targets.web.baseUrl', kind: 'web', address: 'web address to open' },
  api: { field: 'targets.api.baseUrl', kind: 'API', address: 'API address to call' },
} as const;

/** claimRun, or the result a runner answers at once for a Run it does not run (ended, values missing). */
export async function claimOrAnswer(
  deps: Pick<ActivityDeps, 'db' | 'config'>,
  runId: string,
): Promise<{ run: Run } | { answer: RunnerResult }> {
  const claim = await claimRun(deps, runId);
  if ('ended' in claim) return { answer: { outcome: 'unverified', flaky: false } };
  if ('missingValues' in claim)
    return { answer: { outcome: 'failed', flaky: false, missingValues: claim.missingValues } };
  return claim;
}

/**
 * A runner of `platform` takes a Run (claimRun) and reads its target: the claimed Run and the
 * address to run against, or the result to answer at once (the Run already ended, or runtime values
 * are missing). A Run without a target of this platform cannot run anywhere: a non-retryable failure.
 */
export async function claimWithTarget(
  deps: Pick<ActivityDeps, 'db' | 'config'>,
  runId: string,
  platform: keyof typeof TARGET_WORDS,
): Promise<{ run: Run; baseUrl: string } | { answer: RunnerResult }> {
  const claim = await claimOrAnswer(deps, runId);
  if ('answer' in claim) return claim;
  const baseUrl = claim.run.targets[platform]?.baseUrl;
  if (baseUrl) return { run: claim.run, baseUrl };
  const words = TARGET_WORDS[platform];
  throw ApplicationFailure.nonRetryable(`run has no ${platform} target`, 'NoTarget', {
    category: 'test_definition',
    suggestedAction: `Give the Run a ${words.kind} target: an Environment with ${words.field}, or ${words.field}.`,
    reason: `The Run has no ${words.address}.`,
  });
}
