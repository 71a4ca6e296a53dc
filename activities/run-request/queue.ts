import type { EntityManager } from 'typeorm';
import type { Environment, TestPlan } from '../../db/entities';
import type { RunRequest, RunRequestEntry } from '../../db/entities/run-requests';
import type { Run, RunStep } from '../../db/entities/runs';
import { environmentRepository } from '../../db/repositories/environments';
import { runRepository } from '../../db/repositories/runs';
import { quarantineRepository } from '../../db/repositories/quarantine';
import { runRequestRepository } from '../../db/repositories/run-requests';
import { testPlanRepository } from '../../db/repositories/test-plans';
import { AppError } from '../../core/errors';
import { draftRun } from '../../domain/runs/trigger';
import { artifactGate } from '../../domain/artifacts/gate';
import { runWorkflowInput } from '../../domain/runs/workflow-input';
import { planUnits, type RunUnit } from '../../domain/runs/units';
import type { Interpretation, QueuedRunRequest } from '../../workflows/contracts';
import type { ActivityDeps } from '../deps';

const messageOf = (error: unknown) => {
  if (error instanceof AppError) return error.message;
  throw error;
};

/**
 * Builds the plan × environment matrix of a request inside the caller's transaction and records
 * its entries and Runs; the caller holds the request's row lock. One entry is one Run: a plan
 * contributes one unit per environment for its inline steps and one per member Test Case. A
 * matrix of more than RUN_REQUEST_MAX_ENTRIES plan × environment entries rejects the request with nothing queued; an entry
 * that cannot be queued (no target, unknown flow, …) keeps its queueError and the rest go on.
 */
export async function queueEntries(
  deps: ActivityDeps,
  tx: EntityManager,
  request: RunRequest,
  interp: Interpretation,
): Promise<QueuedRunRequest> {
  const reasons = [...interp.invalidInput, ...interp.rejectionReasons];
  const reject = async (why: string[]): Promise<QueuedRunRequest> => {
    await runRequestRepository.transition(tx, request.id, {
      status: 'rejected',
      resolutionSource: interp.resolutionSource,
      rejectionReasons: [...reasons, ...why],
    });
    return { status: 'rejected', runs: [] };
  };
  if (interp.invalidInput.length) return reject([]);

  const plans = (await Promise.all(interp.planIds.map((id) => testPlanRepository.get(tx, request.orgId, id)))).filter(
    (p): p is TestPlan => !!p,
  );
  if (!plans.length) {
    return reject([
      interp.resolutionSource === 'interpreter'
        ? "the request names none of this organization's plans; name one (or pass planIds / planNames)"
        : 'no plan to run',
    ]);
  }
  const environments = await pickEnvironments(tx, request.orgId, interp.environmentSlugs);
  if (typeof environments === 'string') return reject([environments]);

  const units = new Map<string, RunUnit[] | string>();
  for (const plan of plans) units.set(plan.id, await planUnits(tx, request.orgId, plan).catch(messageOf));
  // The specification counts the matrix in plan × environment entries; a plan's own Runs (its
  // inline steps and each member) belong to its entry and do not count against the limit.
  const total = plans.length * environments.length;
  const max = deps.config.RUN_REQUEST_MAX_ENTRIES;
  if (total > max) {
    return reject([
      `the request resolves to ${total} plan × environment entries (${plans.length} plan(s) × ` +
        `${environments.length} environment(s)); at most ${max} are allowed (RUN_REQUEST_MAX_ENTRIES)`,
    ]);
  }

  const now = Date.now();
  const entries: RunRequestEntry[] = [];
  const drafts: Array<{ run: Run; steps: RunStep[] }> = [];
  for (const plan of plans) {
    for (const environment of environments) {
      const planUnitsOrError = units.get(plan.id)!;
      for (const unit of Array.isArray(planUnitsOrError) ? planUnitsOrError : [null]) {
        const entry: RunRequestEntry = {
          requestId: request.id,
          position: entries.length,
          testPlanId: plan.id,
          planName: plan.name,
          testCaseId: unit?.testCaseId ?? null,
          environmentId: environment.id,
          environmentSlug: environment.slug,
          environmentName: environment.name,
          platforms: interp.platforms ?? unit?.platforms ?? (plan.platforms.length ? plan.platforms : ['web']),
          runId: null,
          queueError: typeof planUnitsOrError === 'string' ? planUnitsOrError : null,
        };
        entries.push(entry);
        if (!unit) continue;
        try {
          const draft = draftRun({
            orgId: request.orgId,
            unit,
            testPlanId: plan.id,
            planGroupId: null,
            environment,
            explicit: {},
            platforms: interp.platforms ?? undefined,
            branch: null,
            now,
            trigger: {
              source: 'run_request',
              runRequestId: request.id,
              environmentSlug: environment.slug,
              branch: null,
              pr: null,
              deployment: null,
              scope: null,
              changedFiles: [],
            },
          });
          await artifactGate.check(tx, request.orgId, [draft.run.targets]);
          drafts.push(draft);
          entry.runId = draft.run.id;
        } catch (error) {
          entry.queueError = messageOf(error);
        }
      }
    }
  }
  for (const { run, steps } of drafts) await runRepository.insert(tx, run, steps);
  await quarantineRepository.markQueued(
    tx,
    drafts.map((d) => d.run.id),
  );
  await runRequestRepository.insertEntries(tx, entries);
  if (!drafts.length) {
    await runRequestRepository.transition(tx, request.id, {
      status: 'failed',
      resolutionSource: interp.resolutionSource,
      rejectionReasons: reasons,
      error: `none of the ${entries.length} entries could be queued; see each entry's queueError`,
    });
    return { status: 'failed', runs: [] };
  }
  await runRequestRepository.transition(tx, request.id, {
    status: 'queued',
    resolutionSource: interp.resolutionSource,
    rejectionReasons: reasons,
  });
  return { status: 'queued', runs: drafts.map((d) => runWorkflowInput(deps, d.run)) };
}

/**
 * The environments named, or the organization's only one when none is named. Returns a
 * rejection reason when there is nothing unambiguous to run against.
 */
async function pickEnvironments(tx: EntityManager, orgId: string, slugs: string[]): Promise<Environment[] | string> {
  if (slugs.length) {
    const found = await Promise.all(slugs.map((slug) => environmentRepository.bySlug(tx, orgId, slug)));
    const environments = found.filter((e): e is Environment => !!e);
    return environments.length ? environments : 'none of the named environments exists';
  }
  const all = await environmentRepository.list(tx, orgId, null, 2);
  if (all.length === 1) return all;
  return all.length
    ? 'the request names no environment and this organization has several; name one (or pass environmentSlugs)'
    : 'this organization has no environment to run against; create one with environment.upsert';
}

/** The queued Runs of a request already queued (a retried activity), for starting their workflows. */
export async function alreadyQueued(
  deps: ActivityDeps,
  tx: EntityManager,
  request: RunRequest,
): Promise<QueuedRunRequest> {
  if (request.status !== 'queued') return { status: request.status === 'rejected' ? 'rejected' : 'failed', runs: [] };
  const entries = await runRequestRepository.entries(tx, request.id);
  const runs = await Promise.all(entries.filter((e) => e.runId).map((e) => runRepository.byId(tx, e.runId!)));
  return { status: 'queued', runs: runs.filter((r): r is Run => !!r).map((r) => runWorkflowInput(deps, r)) };
}
