import type { EntityManager } from 'typeorm';
import type { CarriedMember, Run, RunStep } from '../../db/entities/runs';
import { runRepository, terminalStatuses } from '../../db/repositories/runs';
import { testCaseRepository } from '../../db/repositories/test-cases';
import { quarantineRepository } from '../../db/repositories/quarantine';
import { AppError, notFound } from '../../core/errors';
import { newId } from '../../core/ids';
import type { SecretBox } from '../../core/crypto';
import { pendingStep, type QueuedRuns } from './trigger';

/**
 * Re-runs the members of a finished plan group whose Run did not pass, as a new plan group
 * linked to it (`rerunOf`). Each new Run repeats the original's snapshot: the same steps,
 * Environment, targets, deployment fields and Run-only runtime values. The members that passed
 * (and those the original itself carried) are carried into the new group as passed-in-original.
 */
export async function recordRerun(
  planGroupRunId: string,
  { db, orgId, secrets }: { db: EntityManager; orgId: string; secrets: SecretBox },
): Promise<QueuedRuns & { planGroupRunId: string; rerunOf: string; carried: CarriedMember[] }> {
  const original = await runRepository.planGroup(db, orgId, planGroupRunId);
  if (!original) throw notFound(`plan group ${planGroupRunId}`);
  const runs = await runRepository.byPlanGroup(db, original.id);
  const unfinished = runs.filter((r) => !terminalStatuses.includes(r.status));
  if (unfinished.length) {
    throw new AppError(
      'FAILED_PRECONDITION',
      `plan group ${planGroupRunId} is still running (${unfinished.length} Run(s) not finished); re-run it once every Run has ended`,
    );
  }
  const names = new Map(
    (
      await testCaseRepository.getMany(
        db,
        orgId,
        runs.flatMap((r) => (r.testCaseId ? [r.testCaseId] : [])),
      )
    ).map((c) => [c.id, c.name]),
  );
  const carried: CarriedMember[] = [
    ...(original.carried ?? []),
    ...runs
      .filter((r) => r.status === 'passing')
      .map((r) => ({
        testCaseId: r.testCaseId,
        name: r.testCaseId ? (names.get(r.testCaseId) ?? r.testCaseId) : 'inline steps',
        runId: r.id,
        planGroupRunId: original.id,
        flaky: r.flaky,
      })),
  ];
  const again = runs.filter((r) => r.status !== 'passing');
  const id = newId('pgr');
  const now = Date.now();
  await runRepository.insertPlanGroup(db, {
    id,
    orgId,
    testPlanId: original.testPlanId,
    runCount: again.length,
    createdAt: now,
    rerunOf: original.id,
    selection: original.selection ?? null,
    carried,
    environmentSlug: original.environmentSlug ?? null,
    commitSha: original.commitSha ?? null,
  });
  const stepsByRun = await runRepository.steps(
    db,
    again.map((r) => r.id),
  );
  const runIds: string[] = [];
  for (const previous of again) {
    const run: Run = {
      ...previous,
      id: newId('run'),
      planGroupId: id,
      status: 'queued',
      flaky: false,
      cursor: 1,
      attempt: 0,
      diagnosis: null,
      createdAt: now,
      updatedAt: now,
      startedAt: null,
      finishedAt: null,
    };
    const steps: RunStep[] = stepsByRun
      .get(previous.id)!
      .map((s) =>
        pendingStep({ runId: run.id, stepIndex: s.stepIndex, action: s.action, target: s.target }, s.platform, now),
      );
    await runRepository.insert(db, run, steps);
    // Run-only values are sealed to their Run: open them with the old id, seal them to the new one.
    for (const name of await runRepository.valueNames(db, previous.id)) {
      const sealed = (await runRepository.sealedValue(db, previous.id, name))!;
      const value = secrets.openValue(previous.id, name, sealed);
      await runRepository.putValue(db, run.id, name, secrets.sealValue(run.id, name, value));
    }
    runIds.push(run.id);
  }
  await quarantineRepository.markQueued(db, runIds);
  return { runIds, planGroupRunId: id, rerunOf: original.id, carried };
}
