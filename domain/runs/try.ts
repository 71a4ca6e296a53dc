import type { EntityManager } from 'typeorm';
import type { RunTrigger } from '../../core/runs';
import type { Step } from '../../core/steps';
import { environmentRepository } from '../../db/repositories/environments';
import { runRepository } from '../../db/repositories/runs';
import { notFound } from '../../core/errors';
import { artifactGate } from '../artifacts/gate';
import { draftRun, type QueuedRuns, type TriggerInput } from './trigger';

/** What a try runs: unsaved steps against an Environment or explicit targets. */
export interface TryInput {
  steps: Step[];
  platforms: string[];
  environmentSlug?: string;
  targets?: TriggerInput['targets'];
}

/**
 * Records a Run of steps that are not a saved Test Case (a draft being tried): no Test Case and no
 * plan, so no health, flake rate or insight counts it, and its trigger says `try: true`. Otherwise
 * it is a Run like any other: the same runner, evidence and screenshots.
 */
export async function recordTry(
  input: TryInput,
  { db, orgId, source }: { db: EntityManager; orgId: string; source: RunTrigger['source'] },
): Promise<QueuedRuns> {
  const environment = input.environmentSlug
    ? await environmentRepository.bySlug(db, orgId, input.environmentSlug)
    : null;
  if (input.environmentSlug && !environment) throw notFound(`Environment ${input.environmentSlug}`);
  const now = Date.now();
  const { run, steps } = draftRun({
    orgId,
    unit: { testCaseId: null, steps: input.steps, platforms: input.platforms, apiAuthProfiles: [] },
    testPlanId: null,
    planGroupId: null,
    environment,
    explicit: input.targets ?? {},
    branch: null,
    trigger: {
      source,
      branch: null,
      pr: null,
      deployment: null,
      scope: null,
      changedFiles: [],
      environmentSlug: environment?.slug ?? null,
      try: true,
    },
    now,
  });
  await artifactGate.check(db, orgId, [run.targets]);
  await runRepository.insert(db, run, steps);
  return { runIds: [run.id] };
}
