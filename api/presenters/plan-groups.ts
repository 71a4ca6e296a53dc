import { z } from 'zod';
import type { PlanGroup, Run, RunStep } from '../../db/entities/runs';
import { isTerminal, runOutcome } from '../../domain/runs/status';
import { signedReportUrl } from '../../domain/runs/report-links';
import { runStatus } from '../../core/runs';
import { progressOf } from './runs';
import type { PlanGroupRead } from '../runs/plan-group-read';

export interface ReportLinks {
  baseUrl: string;
  signingKey: string;
  ttlDays: number;
}

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
  reportUrl: z.string().describe('Signed link to the plan group report page.'),
  createdAt: z.number(),
});
export type PlanGroupState = z.infer<typeof planGroupState>;

const durationOf = (run: Run) => (run.startedAt && run.finishedAt ? run.finishedAt - run.startedAt : undefined);

/** The plan group's state: one row per plan member, whether it ran here, was carried, or not selected. */
export function planGroupView(loaded: PlanGroupRead, links: ReportLinks): z.input<typeof planGroupState> {
  const { group, runs, steps, planName, names, quarantines } = loaded;
  const now = Date.now();
  const members: z.input<typeof planGroupMember>[] = runs.map((run) => {
    const outcome = runOutcome(run.status, run.flaky);
    const duration = durationOf(run);
    return {
      name: run.testCaseId ? (names.get(run.testCaseId) ?? run.testCaseId) : planName,
      ...(run.testCaseId ? { testCaseId: run.testCaseId } : {}),
      status: run.status,
      runId: run.id,
      ...(outcome.verdict ? { verdict: outcome.verdict } : {}),
      validity: outcome.validity,
      flaky: run.flaky,
      ...(run.diagnosis?.reason ? { reason: run.diagnosis.reason } : {}),
      ...(run.diagnosis ? { diagnosisCategory: run.diagnosis.category } : {}),
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
  return {
    planGroupRunId: group.id,
    testPlanId: group.testPlanId,
    planName,
    ...(group.environmentSlug ? { environmentSlug: group.environmentSlug } : {}),
    ...(group.commitSha ? { commitSha: group.commitSha } : {}),
    ...(group.rerunOf ? { rerunOf: group.rerunOf } : {}),
    finished: runs.every((r) => isTerminal(r.status)),
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
    reportUrl: signedReportUrl(links, 'group', group.id, now),
    createdAt: group.createdAt,
  };
}

/** The report-link settings of a deployment. */
export { reportLinks } from '../../domain/runs/report-links';
