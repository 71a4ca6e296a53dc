import { z } from 'zod';
import type { PlanGroup, Run, RunStep } from '../../db/entities/runs';
import { isTerminal, runOutcome } from '../../domain/runs/status';
import { signedReportUrl } from '../../domain/runs/report-links';
import { runStatus } from '../../core/runs';
import { progressOf } from './runs';
import type { PlanGroupRead } from '../runs/plan-group-read';
import type { PlanGroupScheduling } from '../../core/scheduling';
import { expectedEnd } from '../../domain/plans/schedule';

export interface ReportLinks {
  baseUrl: string;
  signingKey: string;
  ttlDays: number;
}

const stopCause = z.enum(['fail_fast', 'superseded']);

export const memberScheduling = z.object({
  order: z.number().int().describe('1-based place in the start order.'),
  estimateMs: z.number().int().describe('Its expected duration: the median of its recent Runs on this Environment.'),
  basis: z
    .enum(['history', 'step_count'])
    .describe('history: from its recent passed or failed Runs here; step_count: none yet, from its step count.'),
  failedLast: z.boolean().describe('Its latest Run on this Environment failed, so it starts before the others.'),
  reason: z.string().describe('Why it starts where it does, in words.'),
  canceledBy: stopCause.optional().describe("Canceled by the group's fail fast or by a newer group (never failed)."),
});

export const groupScheduling = z.object({
  slots: z.number().int().describe('How many members run at once.'),
  expectedDurationMs: z.number().int().describe('The expected length from history when the group was ordered.'),
  expectedEndAt: z
    .number()
    .int()
    .optional()
    .describe("While the group runs: when it is expected to end, from the members' history and progress."),
  failFastAfter: z.number().int().optional().describe('Fail fast: the group stops once this many members failed.'),
  stopped: z
    .object({
      cause: stopCause,
      reason: z.string(),
      supersededBy: z.string().optional().describe('The newer plan group.'),
      at: z.number(),
    })
    .optional()
    .describe('The group stopped early and canceled its unfinished members.'),
});

export const planGroupMember = z.object({
  name: z.string().describe("The Test Case's name (the plan's name for its inline steps)."),
  testCaseId: z.string().optional().describe("Omitted for the plan's inline steps."),
  status: z
    .enum([...runStatus.options, 'passed_in_original', 'not_selected'])
    .describe(
      'The member Run\'s status; passed_in_original: a re-run carried it as passed; not_selected: scope "changed" skipped it.',
    ),
  runId: z.string().optional().describe('The Run of this member (for passed_in_original, the passing Run it carries).'),
  verdict: z.enum(['passed', 'failed', 'unverified']).optional(),
  validity: z.enum(['not_evaluated', 'valid', 'invalid']).optional(),
  flaky: z.boolean().optional(),
  reason: z.string().optional().describe('Why a member was (not) selected, or the Run-level diagnosis reason.'),
  diagnosisCategory: z.string().optional(),
  progress: z
    .object({ total: z.number(), completed: z.number(), passed: z.number(), failed: z.number(), skipped: z.number() })
    .optional(),
  durationMs: z.number().optional(),
  reportUrl: z.string().optional().describe('Signed link to the Run report page.'),
  quarantined: z
    .boolean()
    .optional()
    .describe(
      'Its Test Case was in quarantine when the Run was queued: the status is real, the group does not count it.',
    ),
  quarantineReason: z.string().optional().describe("The quarantine's reason, while the case is still in quarantine."),
  scheduling: memberScheduling.optional().describe('Why this member ran when it did (groups ordered from history).'),
});

export const planGroupState = z.object({
  planGroupRunId: z.string(),
  testPlanId: z.string(),
  planName: z.string(),
  environmentSlug: z.string().optional(),
  commitSha: z.string().optional(),
  rerunOf: z.string().optional().describe('The plan group this one re-runs.'),
  finished: z.boolean().describe('true when every member Run is terminal.'),
  summary: z.object({
    total: z.number().int(),
    passed: z.number().int().describe('Passing Runs plus members passed in the original group.'),
    failed: z.number().int(),
    inconclusive: z.number().int().describe('unverified, canceled or invalid.'),
    running: z.number().int(),
    notSelected: z.number().int(),
    flaky: z.number().int(),
    quarantined: z.number().int().optional().describe('Members whose case was in quarantine (omitted when none).'),
  }),
  members: z.array(planGroupMember),
  scheduling: groupScheduling
    .optional()
    .describe('How the members were ordered and whether the group stopped early (groups ordered from history).'),
  reportUrl: z.string().describe('Signed link to the plan group report page.'),
  createdAt: z.number(),
});
export type PlanGroupState = z.infer<typeof planGroupState>;

const durationOf = (run: Run) => (run.startedAt && run.finishedAt ? run.finishedAt - run.startedAt : undefined);

/** The plan group's state: one row per plan member, whether it ran here, was carried, or not selected. */
export function planGroupView(loaded: PlanGroupRead, links: ReportLinks): z.input<typeof planGroupState> {
  const { group, runs, steps, planName, names, quarantines } = loaded;
  const now = Date.now();
  const plan = group.scheduling ?? null;
  const placed = new Map((plan?.members ?? []).map((m) => [m.runId, m] as const));
  const stoppedBy = new Set(plan?.stopped?.canceled ?? []);
  const members: z.input<typeof planGroupMember>[] = runs.map((run) => {
    const outcome = runOutcome(run.status, run.flaky);
    const duration = durationOf(run);
    const place = placed.get(run.id);
    const canceledBy = plan?.stopped && run.status === 'canceled' && stoppedBy.has(run.id) ? plan.stopped : undefined;
    return {
      name: run.testCaseId ? (names.get(run.testCaseId) ?? run.testCaseId) : planName,
      ...(run.testCaseId ? { testCaseId: run.testCaseId } : {}),
      status: run.status,
      runId: run.id,
      ...(outcome.verdict ? { verdict: outcome.verdict } : {}),
      validity: outcome.validity,
      flaky: run.flaky,
      ...(canceledBy
        ? { reason: canceledBy.reason, diagnosisCategory: 'canceled' }
        : {
            ...(run.diagnosis?.reason ? { reason: run.diagnosis.reason } : {}),
            ...(run.diagnosis ? { diagnosisCategory: run.diagnosis.category } : {}),
          }),
      progress: progressOf(steps.get(run.id) ?? ([] as RunStep[])),
      ...(duration !== undefined ? { durationMs: duration } : {}),
      reportUrl: signedReportUrl(links, 'run', run.id, now),
      ...(run.quarantined
        ? {
            quarantined: true,
            ...(run.testCaseId && quarantines.has(run.testCaseId)
              ? { quarantineReason: quarantines.get(run.testCaseId)!.reason }
              : {}),
          }
        : {}),
      ...(place
        ? {
            scheduling: {
              order: place.order,
              estimateMs: place.estimateMs,
              basis: place.basis,
              failedLast: place.failedLast,
              reason: place.reason,
              ...(canceledBy ? { canceledBy: canceledBy.cause } : {}),
            },
          }
        : {}),
    };
  });
  for (const c of group.carried ?? []) {
    members.push({
      name: c.name,
      ...(c.testCaseId ? { testCaseId: c.testCaseId } : {}),
      status: 'passed_in_original',
      runId: c.runId,
      verdict: 'passed',
      flaky: c.flaky,
      reason: `passed in plan group ${c.planGroupRunId}`,
      reportUrl: signedReportUrl(links, 'run', c.runId, now),
    });
  }
  const rerunCarried = new Set((group.carried ?? []).map((c) => c.testCaseId));
  for (const s of group.selection ?? []) {
    if (s.selected || (group.rerunOf && rerunCarried.has(s.testCaseId))) continue;
    members.push({
      name: s.name,
      ...(s.testCaseId ? { testCaseId: s.testCaseId } : {}),
      status: 'not_selected',
      reason: s.reason,
    });
  }
  const count = (pred: (m: (typeof members)[number]) => boolean) => members.filter(pred).length;
  const finished = runs.every((r) => isTerminal(r.status));
  return {
    planGroupRunId: group.id,
    testPlanId: group.testPlanId,
    planName,
    ...(group.environmentSlug ? { environmentSlug: group.environmentSlug } : {}),
    ...(group.commitSha ? { commitSha: group.commitSha } : {}),
    ...(group.rerunOf ? { rerunOf: group.rerunOf } : {}),
    finished,
    summary: {
      total: members.length,
      passed: count((m) => m.status === 'passing' || m.status === 'passed_in_original'),
      failed: count((m) => m.status === 'failed'),
      inconclusive: count((m) => ['unverified', 'canceled', 'invalid'].includes(m.status)),
      running: count((m) => ['queued', 'running', 'retrying'].includes(m.status)),
      notSelected: count((m) => m.status === 'not_selected'),
      flaky: count((m) => m.flaky === true),
      ...(runs.some((r) => r.quarantined) ? { quarantined: count((m) => m.quarantined === true) } : {}),
    },
    members,
    ...(plan ? { scheduling: schedulingView(loaded, plan, { finished, now }) } : {}),
    reportUrl: signedReportUrl(links, 'group', group.id, now),
    createdAt: group.createdAt,
  };
}

/** The group's scheduling: its order's basis, an early stop, and while it runs its expected end. */
function schedulingView(
  { group, runs }: PlanGroupRead,
  plan: PlanGroupScheduling,
  at: { finished: boolean; now: number },
): z.input<typeof groupScheduling> {
  const placed = new Map(plan.members.map((m) => [m.runId, m] as const));
  const estimates = new Map(plan.members.map((m) => [m.runId, m.estimateMs] as const));
  // Members in start order: those not started take the next free slot in that order.
  const orderOf = (id: string) => placed.get(id)?.order ?? Infinity;
  const byOrder = [...runs].sort((a, b) => orderOf(a.id) - orderOf(b.id));
  const expectedEndAt = at.finished
    ? undefined
    : expectedEnd(
        byOrder.map((r) => ({
          estimateMs: estimates.get(r.id) ?? 0,
          startedAt: r.startedAt,
          finishedAt: r.finishedAt,
          ended: isTerminal(r.status),
        })),
        plan.slots,
        at.now,
      );
  return {
    slots: plan.slots,
    expectedDurationMs: plan.expectedDurationMs,
    ...(expectedEndAt !== undefined ? { expectedEndAt } : {}),
    ...(group.failFastAfter ? { failFastAfter: group.failFastAfter } : {}),
    ...(plan.stopped
      ? {
          stopped: {
            cause: plan.stopped.cause,
            reason: plan.stopped.reason,
            ...(plan.stopped.supersededBy ? { supersededBy: plan.stopped.supersededBy } : {}),
            at: plan.stopped.at,
          },
        }
      : {}),
  };
}

/** The report-link settings of a deployment. */
export { reportLinks } from '../../domain/runs/report-links';
