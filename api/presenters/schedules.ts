import { z } from 'zod';
import { overlapPolicies, scheduleStates } from '../../core/schedules';
import type { Schedule, ScheduleFire } from '../../db/entities/schedules';
import { scheduleWorkflowId } from '../../workflows/contracts';

const fireView = z.object({
  planGroupRunId: z.string(),
  dueAt: z.number().int().describe('When the fire was due (epoch ms).'),
  startedAt: z.number().int(),
  verdict: z.enum(['passed', 'failed']).optional().describe('Omitted while the group runs, or when it was canceled.'),
  state: z.enum(scheduleStates).optional().describe("The schedule's state this group changed it to."),
});

export const scheduleView = z.object({
  id: z.string(),
  name: z.string(),
  testPlanId: z.string(),
  environmentSlug: z.string().optional(),
  targets: z.record(z.string(), z.unknown()).optional(),
  cron: z.string().optional(),
  timezone: z.string().optional(),
  every: z.string().optional(),
  jitter: z.string().optional(),
  paused: z.boolean(),
  overlap: z.enum(overlapPolicies),
  state: z
    .enum(scheduleStates)
    .optional()
    .describe('From the last groups: passing, failing, or flaky (verdicts flipping); omitted before the first group.'),
  stateChangedAt: z.number().int().optional(),
  lastError: z.string().optional().describe('Why the last fire queued nothing (e.g. the plan was deleted).'),
  temporalScheduleId: z.string().describe('The Temporal Schedule (visible and pausable in the Temporal UI).'),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});

export const scheduleDetailView = scheduleView.extend({
  nextFireAt: z.number().int().optional().describe('When it fires next (epoch ms); omitted when paused.'),
  recentGroups: z.array(fireView).describe('The latest fires that queued a plan group, newest first (at most 10).'),
});

export function presentSchedule(s: Schedule) {
  return {
    id: s.id,
    name: s.name,
    testPlanId: s.testPlanId,
    environmentSlug: s.environmentSlug,
    targets: s.targets as Record<string, unknown> | null,
    cron: s.cron,
    timezone: s.cron ? (s.timezone ?? 'UTC') : null,
    every: s.every,
    jitter: s.jitter,
    paused: s.paused,
    overlap: s.overlap,
    state: s.state,
    stateChangedAt: s.stateChangedAt,
    lastError: s.lastError,
    temporalScheduleId: scheduleWorkflowId(s.id),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

export function presentScheduleDetail(s: Schedule, fires: ScheduleFire[], nextFireAt: number | null) {
  return {
    ...presentSchedule(s),
    nextFireAt: s.paused ? null : nextFireAt,
    recentGroups: fires.map((f) => ({
      planGroupRunId: f.planGroupId,
      dueAt: f.dueAt,
      startedAt: f.startedAt,
      verdict: f.verdict,
      state: f.stateTo,
    })),
  };
}
