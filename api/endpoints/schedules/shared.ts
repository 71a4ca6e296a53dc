import { z } from 'zod';
import { AppError, invalid, notFound } from '../../../core/errors';
import { idOf } from '../../../core/ids';
import {
  cronProblem,
  duration,
  durationSeconds,
  canonicalTimeZone,
  overlapPolicies,
  shortestCronGapSeconds,
} from '../../../core/schedules';
import { slug } from '../../../core/steps';
import type { Config } from '../../../core/config';
import type { Schedule } from '../../../db/entities/schedules';
import { scheduleRepository } from '../../../db/repositories/schedules';
import { environmentRepository } from '../../../db/repositories/environments';
import { testPlanRepository } from '../../../db/repositories/test-plans';
import { failpoint } from '../../../core/failpoints';
import { syncSchedule } from '../../schedules/temporal';
import type { AppDeps } from '../../pipeline/deps';
import { defineEndpoint } from '../../pipeline/model';
import { presentSchedule, scheduleView } from '../../presenters/schedules';

/** A schedule starts Runs, so changing one takes the scope that triggers them. */
export const writeAccess = { scope: 'svc:runs:write' } as const;

export const scheduleParams = z.object({ scheduleId: idOf('sch') });

const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);

export const scheduleTargets = z
  .strictObject({
    web: z.strictObject({ baseUrl: httpUrl }).optional(),
    api: z
      .object({ baseUrl: httpUrl.optional() })
      .passthrough()
      .superRefine((api, ctx) => {
        const extra = Object.keys(api).filter((k) => k !== 'baseUrl');
        if (extra.includes('runtimeValues'))
          ctx.addIssue({
            code: 'custom',
            message: 'a schedule cannot carry runtime values: keep them in its Environment (environmentSlug)',
          });
        else if (extra.length) ctx.addIssue({ code: 'custom', message: `unknown field(s): ${extra.join(', ')}` });
      })
      .transform((api) => (api.baseUrl ? { baseUrl: api.baseUrl } : {}))
      .optional(),
    android: z.strictObject({ storageId: idOf('sto') }).optional(),
    ios: z.strictObject({ storageId: idOf('sto') }).optional(),
  })
  .describe("Explicit targets (addresses and artifacts); they override the Environment's. Runtime values are refused.");

const fields = {
  name: z.string().min(1).max(200).regex(/\S/, 'must not be blank'),
  testPlanId: idOf('tp'),
  environmentSlug: slug.describe('The saved Environment each fire runs against.'),
  targets: scheduleTargets,
  cron: z
    .string()
    .max(100)
    .describe(
      'Five fields: minute hour day-of-month month day-of-week, e.g. "0 2 * * *" (02:00 daily). Exactly one of cron and every.',
    ),
  timezone: z.string().max(64).describe('IANA time zone of the cron expression (default UTC), e.g. "Europe/Berlin".'),
  every: duration.describe('A fixed interval instead of cron: "30s", "5m", "1h", "1d".'),
  jitter: duration.describe('Each fire starts up to this much later, at random (spreads many schedules).'),
  paused: z.boolean().describe('A paused schedule does not fire until resumed.'),
  overlap: z
    .enum(overlapPolicies)
    .describe('When a fire comes while the previous group still runs: "skip" it, or "buffer_one" (run it after).'),
};

export const createBody = z.strictObject({
  name: fields.name,
  testPlanId: fields.testPlanId,
  environmentSlug: fields.environmentSlug.optional(),
  targets: fields.targets.optional(),
  cron: fields.cron.optional(),
  timezone: fields.timezone.optional(),
  every: fields.every.optional(),
  jitter: fields.jitter.optional(),
  paused: fields.paused.default(false),
  overlap: fields.overlap.default('skip'),
});

export const updateBody = z.strictObject({
  name: fields.name.optional(),
  testPlanId: fields.testPlanId.optional(),
  environmentSlug: fields.environmentSlug.nullable().optional().describe('null: run on explicit targets only.'),
  targets: fields.targets.nullable().optional().describe("null: the Environment's targets only."),
  cron: fields.cron.optional().describe('Replaces the timing (an every is cleared).'),
  timezone: fields.timezone.optional(),
  every: fields.every.optional().describe('Replaces the timing (a cron is cleared).'),
  jitter: fields.jitter.nullable().optional(),
  paused: fields.paused.optional(),
  overlap: fields.overlap.optional(),
});

/** What the timing and target fields must satisfy together, checked on the merged record (its time zone spelled canonically). */
export async function checkSchedule(deps: AppDeps, orgId: string, s: Schedule): Promise<void> {
  const config = deps.config;
  if (!!s.cron === !!s.every) throw invalid('give exactly one of cron and every');
  if (s.timezone && !s.cron) throw invalid('timezone applies to cron only; an every interval has no time zone');
  if (s.timezone) {
    const canonical = canonicalTimeZone(s.timezone);
    if (!canonical)
      throw invalid(`timezone: "${s.timezone}" is not an IANA time zone name (e.g. "UTC", "Europe/Berlin")`);
    s.timezone = canonical;
  }
  const interval = s.cron ? cronInterval(s.cron, s.timezone ?? 'UTC', config) : durationSeconds(s.every!)!;
  const min = config.SCHEDULE_MIN_INTERVAL_SECONDS;
  if (interval < min)
    throw invalid(
      `${s.cron ? `cron: "${s.cron}" fires` : `every: "${s.every}" fires`} every ${interval} s; ` +
        `the shortest interval allowed is ${min} s (SCHEDULE_MIN_INTERVAL_SECONDS)`,
      { minIntervalSeconds: min },
    );
  if (s.jitter && durationSeconds(s.jitter)! >= interval)
    throw invalid(`jitter: "${s.jitter}" must be shorter than the time between fires (${interval} s)`);
  if (!s.environmentSlug && !s.targets)
    throw invalid('give environmentSlug or targets: a schedule needs something to run against');
  if (!(await testPlanRepository.get(deps.db.manager, orgId, s.testPlanId)))
    throw notFound(`Test Plan ${s.testPlanId}`);
  if (s.environmentSlug && !(await environmentRepository.bySlug(deps.db.manager, orgId, s.environmentSlug)))
    throw notFound(`Environment ${s.environmentSlug}`);
}

function cronInterval(cron: string, timezone: string, _config: Config): number {
  const problem = cronProblem(cron, timezone);
  if (problem) throw invalid(problem, { field: 'cron' });
  return shortestCronGapSeconds(cron, timezone);
}

export async function owned(deps: AppDeps, orgId: string, scheduleId: string): Promise<Schedule> {
  const schedule = await scheduleRepository.get(deps.db.manager, orgId, scheduleId);
  if (!schedule) throw notFound(`Schedule ${scheduleId}`);
  return schedule;
}

/**
 * Writes the record's Temporal Schedule after the record itself. When Temporal cannot be reached
 * the record stands and the reconciler writes the Schedule later (docs/schedules.md).
 */
export async function mirror(deps: AppDeps, schedule: Schedule): Promise<void> {
  failpoint('schedule.recorded');
  try {
    await syncSchedule(await deps.temporal(), deps.config, schedule);
  } catch (error) {
    deps.log.warn('schedule not mirrored yet; the reconciler retries', {
      scheduleId: schedule.id,
      error: (error as Error).message,
    });
  }
}

export function limitReached(max: number): AppError {
  return new AppError(
    'RESOURCE_EXHAUSTED',
    `an organization has at most ${max} schedules; delete one first (SCHEDULES_MAX_PER_ORG)`,
    { limit: 'schedules', maxSchedules: max },
  );
}

/** POST …/pause and …/resume: one endpoint each, told apart by the state they set. */
export function pauseEndpoint(paused: boolean, summary: string) {
  const verb = paused ? 'pause' : 'resume';
  return defineEndpoint({
    name: `schedules.${verb}`,
    bindings: { rest: { method: 'POST', path: `/api/schedules/:scheduleId/${verb}` } },
    summary,
    access: writeAccess,
    idempotency: 'optional',
    params: scheduleParams,
    output: scheduleView,
    async handler(input, { principal, deps }) {
      const current = await owned(deps, principal.orgId, input.scheduleId);
      if (current.paused !== paused)
        await scheduleRepository.change(deps.db.manager, current.id, { paused, updatedAt: Date.now() });
      const saved = await owned(deps, principal.orgId, input.scheduleId);
      await mirror(deps, saved);
      return presentSchedule(saved);
    },
  });
}
