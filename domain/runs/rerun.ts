import type { EntityManager } from 'typeorm';
import type { CarriedMember, Run, RunStep } from '../../db/entities/runs';
import { runRepository, terminalStatuses } from '../../db/repositories/runs';
import { testCaseRepository } from '../../db/repositories/test-cases';
import { quarantineRepository } from '../../db/repositories/quarantine';
import { AppError, notFound } from '../../core/errors';
import { newId } from '../../core/ids';
import type { SecretBox } from '../../core/crypto';
import type { RunTrigger } from '../../core/runs';
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
    branch: original.branch ?? null,
  });
  const stepsByRun = await runRepository.steps(
    db,
    again.map((r) => r.id),
  );
  const runIds: string[] = [];
  for (const previous of again) {
    runIds.push(await queueAgain(previous, stepsByRun.get(previous.id)!, { db, secrets, planGroupId: id, now }));
  }
  await quarantineRepository.markQueued(db, runIds);
  return { runIds, planGroupRunId: id, rerunOf: original.id, carried };
}

/**
 * Queues a copy of a Run as it was queued: the same steps, targets, Environment, branch and
 * deployment fields, and its Run-only runtime values (sealed again to the new Run). Nothing the
 * first Run produced comes along: its outcome, pin, media, visual baseline choice or acceptance.
 */
async function queueAgain(
  previous: Run,
  previousSteps: RunStep[],
  {
    db,
    secrets,
    planGroupId,
    now,
    trigger = previous.trigger,
  }: { db: EntityManager; secrets: SecretBox; planGroupId: string | null; now: number; trigger?: RunTrigger },
): Promise<string> {
  const run: Run = {
    ...previous,
    id: newId('run'),
    planGroupId,
    trigger,
    status: 'queued',
    flaky: false,
    cursor: 1,
    attempt: 0,
    diagnosis: null,
    createdAt: now,
    updatedAt: now,
    startedAt: null,
    finishedAt: null,
    pinnedAt: null,
    mediaExpiredAt: null,
    visualBaselineRunId: null,
    visualAcceptance: null,
  };
  const steps = previousSteps.map((s) =>
    pendingStep({ runId: run.id, stepIndex: s.stepIndex, action: s.action, target: s.target }, s.platform, now),
  );
  await runRepository.insert(db, run, steps);
  // Run-only values are sealed to their Run: open them with the old id, seal them to the new one.
  for (const name of await runRepository.valueNames(db, previous.id)) {
    const sealed = (await runRepository.sealedValue(db, previous.id, name))!;
    const value = secrets.openValue(previous.id, name, sealed);
    await runRepository.putValue(db, run.id, name, secrets.sealValue(run.id, name, value));
  }
  return run.id;
}

/**
 * Runs one ended Run again, whatever it was started from (a Test Case, a plan's own steps in a plan
 * group, explicit targets): a new Run outside any plan group, queued as `previous` was (see
 * queueAgain), its trigger naming the Run it repeats (`rerunOf`) and the surface that asked.
 */
export async function recordRunRerun(
  runId: string,
  {
    db,
    orgId,
    secrets,
    source,
  }: { db: EntityManager; orgId: string; secrets: SecretBox; source: RunTrigger['source'] },
): Promise<QueuedRuns> {
  const previous = await runRepository.get(db, orgId, runId);
  if (!previous) throw notFound(`Run ${runId}`);
  if (!terminalStatuses.includes(previous.status))
    throw new AppError('FAILED_PRECONDITION', `Run ${runId} is ${previous.status}: rerun it once it has ended`);
  const { scheduleId: _schedule, runRequestId: _request, ...trigger } = previous.trigger;
  const steps = (await runRepository.steps(db, [previous.id])).get(previous.id)!;
  const id = await queueAgain(previous, steps, {
    db,
    secrets,
    planGroupId: null,
    now: Date.now(),
    trigger: { ...trigger, source, rerunOf: previous.id },
  });
  await quarantineRepository.markQueued(db, [id]);
  return { runIds: [id] };
}
