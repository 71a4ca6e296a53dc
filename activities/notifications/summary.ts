import type { EntityManager } from 'typeorm';
import type { Config } from '../../core/config';
import type { FailedCase, GroupSummary } from '../../core/notifications';
import { nameRepository } from '../../db/repositories/names';
import { runRepository } from '../../db/repositories/runs';
import { scheduleRepository } from '../../db/repositories/schedules';
import { reportLinks, signedReportUrl } from '../../domain/runs/report-links';
import { runOutcome } from '../../domain/runs/status';
import { groupOutcome } from '../webhooks/events';

type Links = Pick<Config, 'BASE_URL' | 'SIGNING_KEY' | 'REPORT_LINK_TTL_DAYS'>;

/** What a routing rule matches a group on. */
export interface GroupScope {
  testPlanId: string;
  environmentSlug?: string;
  branch?: string;
  scheduleId?: string;
}

/**
 * A plan group's summary as a message tells it (names, verdicts, diagnoses, links; never values,
 * targets or media) and its scope for routing; null when the group is gone.
 */
export async function groupSummary(
  db: EntityManager,
  config: Links,
  orgId: string,
  planGroupId: string,
): Promise<{ summary: GroupSummary; scope: GroupScope } | null> {
  const group = await runRepository.planGroup(db, orgId, planGroupId);
  const runs = group ? await runRepository.byPlanGroup(db, planGroupId) : [];
  if (!group || !runs.length) return null;
  const [plans, cases, fire] = await Promise.all([
    nameRepository.testPlans(db, orgId, [group.testPlanId]),
    nameRepository.testCases(
      db,
      orgId,
      runs.map((r) => r.testCaseId).filter((id): id is string => !!id),
    ),
    scheduleRepository.fireOfGroup(db, planGroupId),
  ]);
  const schedule = fire ? await scheduleRepository.byId(db, fire.scheduleId) : null;
  const { outcome } = groupOutcome(runs);
  const verdictOf = (r: (typeof runs)[number]) => runOutcome(r.status, r.flaky).verdict ?? r.status;
  const failed: FailedCase[] = runs
    .filter((r) => verdictOf(r) !== 'passed')
    .map((r) => ({
      name: (r.testCaseId && cases.get(r.testCaseId)) || r.id,
      status: verdictOf(r),
      ...(r.diagnosis
        ? { diagnosis: `${r.diagnosis.category}: ${r.diagnosis.reason ?? r.diagnosis.suggestedAction}` }
        : {}),
      consoleUrl: `${config.BASE_URL}/console/runs/${r.id}`,
    }));
  const first = runs[0];
  const branch = first.branch ?? first.trigger.branch ?? undefined;
  const commitSha = first.trigger.deployment?.commitSha ?? undefined;
  const passed = runs.filter((r) => verdictOf(r) === 'passed').length;
  const hardFailed = runs.filter((r) => verdictOf(r) === 'failed').length;
  const summary: GroupSummary = {
    planGroupId,
    planName: plans.get(group.testPlanId) ?? group.testPlanId,
    ...(first.environmentSlug ? { environmentSlug: first.environmentSlug } : {}),
    ...(branch ? { branch } : {}),
    ...(commitSha ? { commitSha } : {}),
    ...(schedule ? { scheduleName: schedule.name } : {}),
    verdict: outcome.verdict ?? 'unverified',
    counts: { runs: runs.length, passed, failed: hardFailed, other: runs.length - passed - hardFailed },
    failed,
    consoleUrl: `${config.BASE_URL}/console/plan-groups/${planGroupId}`,
    reportUrl: signedReportUrl(reportLinks(config), 'group', planGroupId),
  };
  const scope: GroupScope = {
    testPlanId: group.testPlanId,
    ...(first.environmentSlug ? { environmentSlug: first.environmentSlug } : {}),
    ...(branch ? { branch } : {}),
    ...(fire ? { scheduleId: fire.scheduleId } : {}),
  };
  return { summary, scope };
}
