import type { EntityManager } from 'typeorm';
import type { GroupSummary } from '../../core/notifications';
import { visualFailure, type VisualFact } from '../../core/visual';
import type { Run, RunStep } from '../../db/entities/runs';
import { nameRepository } from '../../db/repositories/names';
import { quarantineRepository } from '../../db/repositories/quarantine';
import { runRepository } from '../../db/repositories/runs';
import { runOutcome } from '../../domain/runs/status';

/** A failed Run that only its screenshots failed: every failed step's reason is its visual comparison's. */
const failedOnlyVisually = (steps: RunStep[]) => {
  const failed = steps.filter((s) => s.status === 'failed');
  return (
    failed.length > 0 &&
    failed.every((s) => {
      const fact = s.visual as VisualFact | null;
      return !!fact && visualFailure(fact) !== null && s.reason === visualFailure(fact);
    })
  );
};

/**
 * The group's summary as a commit report tells it after people reviewed it: a failed Run whose
 * Test Case is now quarantined, or whose only failure was a visual change since accepted, no longer
 * fails the check (it stays listed, marked); and the Runs whose visual changes still wait for review.
 */
export async function afterReview(
  db: EntityManager,
  orgId: string,
  summary: GroupSummary,
  runs: Run[],
): Promise<GroupSummary> {
  const steps = await runRepository.steps(
    db,
    runs.map((r) => r.id),
  );
  const caseIds = runs.flatMap((r) => (r.testCaseId ? [r.testCaseId] : []));
  const [quarantined, names] = await Promise.all([
    quarantineRepository.ofCases(db, orgId, caseIds),
    nameRepository.testCases(db, orgId, caseIds),
  ]);
  const consoleUrl = (r: Run) => `${summary.consoleUrl.replace(/\/plan-groups\/[^/]+$/, '')}/runs/${r.id}`;
  const verdictOf = (r: Run) => runOutcome(r.status, r.flaky).verdict ?? r.status;
  const why = new Map<string, string>();
  const waitingReview: NonNullable<GroupSummary['waitingReview']> = [];
  for (const r of runs) {
    const own = steps.get(r.id) ?? [];
    const changed = own.some((s) => (s.visual as VisualFact | null)?.changed);
    const name = (r.testCaseId && names.get(r.testCaseId)) || summary.planName;
    if (changed && !r.visualAcceptance) waitingReview.push({ name, consoleUrl: consoleUrl(r) });
    if (verdictOf(r) === 'passed') continue;
    if (r.testCaseId && quarantined.has(r.testCaseId)) why.set(consoleUrl(r), 'quarantined');
    else if (r.visualAcceptance && failedOnlyVisually(own)) why.set(consoleUrl(r), 'visual change accepted');
  }
  const left = runs.filter((r) => verdictOf(r) !== 'passed' && !why.has(consoleUrl(r)));
  const verdict =
    summary.verdict !== 'failed' || left.some((r) => verdictOf(r) === 'failed')
      ? summary.verdict
      : left.length
        ? 'unverified'
        : 'passed';
  return {
    ...summary,
    verdict,
    failed: summary.failed.map((f) =>
      why.has(f.consoleUrl) ? { ...f, status: `${f.status}, ${why.get(f.consoleUrl)}` } : f,
    ),
    ...(waitingReview.length ? { waitingReview } : {}),
  };
}
