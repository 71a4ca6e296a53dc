import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';

/** A schedule's health from its last plan groups (docs/schedules.md). */
export const scheduleStates = ['passing', 'failing', 'flaky'] as const;
export type ScheduleState = (typeof scheduleStates)[number];

export const overlapPolicies = ['skip', 'buffer_one'] as const;
export type OverlapPolicy = (typeof overlapPolicies)[number];

/** What a schedule runs against when it names no Environment: addresses and artifacts, never runtime values. */
export interface ScheduleTargets {
  web?: { baseUrl: string };
  api?: { baseUrl?: string };
  android?: { storageId: string };
  ios?: { storageId: string };
}

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;
const DURATION = /^([1-9][0-9]{0,5})(s|m|h|d)$/;

/** `30s`, `5m`, `2h`, `1d` in seconds; null when the text is not such a duration. */
export function durationSeconds(text: string): number | null {
  const match = DURATION.exec(text);
  return match ? Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS] : null;
}

export const duration = z.string().max(10).regex(DURATION, 'a duration: a whole number and s, m, h or d, e.g. "5m"');

/**
 * The IANA time zone's canonical spelling (`europe/berlin` → `Europe/Berlin`: Temporal reads names
 * case-sensitively), or null when it is not a zone known here.
 */
export function canonicalTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const FIELD_NAMES = ['minute', 'hour', 'day of month', 'month', 'day of week'];

/**
 * Why a cron expression cannot be used, or null. Five fields (minute hour day-of-month month
 * day-of-week), as Temporal and crontab read them; the parser's complaint names the field.
 */
export function cronProblem(expression: string, timezone = 'UTC'): string | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5)
    return `cron: "${expression}" has ${fields.length} field(s); give five: ${FIELD_NAMES.join(', ')} (e.g. "0 2 * * *" for 02:00 daily)`;
  try {
    CronExpressionParser.parse(expression, { tz: timezone }).next();
    return null;
  } catch (error) {
    return `cron: "${expression}" is not a valid expression: ${(error as Error).message}`;
  }
}

/**
 * The shortest gap in seconds between the next fire times of a cron expression (over the next
 * 200 fires), so an operator's shortest interval applies to cron schedules too.
 */
export function shortestCronGapSeconds(expression: string, timezone = 'UTC', from = new Date()): number {
  const fires = CronExpressionParser.parse(expression, { tz: timezone, currentDate: from });
  let previous = fires.next().getTime();
  let shortest = Infinity;
  for (let i = 0; i < 200 && fires.hasNext(); i++) {
    const next = fires.next().getTime();
    shortest = Math.min(shortest, (next - previous) / 1000);
    previous = next;
  }
  return shortest;
}

/** Verdict of one finished plan group, for the state: canceled groups are not counted. */
export type GroupVerdict = 'passed' | 'failed';

/** How many recent groups the state looks at: enough to see a test that keeps flipping. */
export const STATE_WINDOW = 5;

/**
 * The state after the latest group, from the latest groups first: `flaky` when the verdicts
 * flipped twice or more within the window (or the latest passed only on a retry), otherwise
 * `passing` or `failing` as the latest group went.
 */
export function scheduleState(verdicts: GroupVerdict[], latestPassedOnRetry = false): ScheduleState | null {
  const recent = verdicts.slice(0, STATE_WINDOW);
  if (!recent.length) return null;
  let flips = 0;
  for (let i = 1; i < recent.length; i++) if (recent[i] !== recent[i - 1]) flips++;
  if (flips >= 2) return 'flaky';
  if (recent[0] === 'passed') return latestPassedOnRetry ? 'flaky' : 'passing';
  return 'failing';
}

/**
 * Whether a state change is announced: every change is, except a new schedule's first `passing`
 * (nothing was wrong before). A change to `passing` is a recovery.
 */
export function stateChange(
  previous: ScheduleState | null,
  next: ScheduleState | null,
): { announce: boolean; recovered: boolean } {
  if (!next || next === previous) return { announce: false, recovered: false };
  if (!previous) return { announce: next !== 'passing', recovered: false };
  return { announce: true, recovered: next === 'passing' };
}

/**
 * Whether a fire is a second catch-up of one outage: it was due before the previous fire even
 * started late, and that previous fire was itself late. At most one missed fire runs per outage.
 */
export function extraCatchUp(
  fire: { dueAt: number; startedAt: number },
  previous: { dueAt: number; startedAt: number } | null,
  lateAfterMs: number,
): boolean {
  if (!previous) return false;
  const late = (f: { dueAt: number; startedAt: number }) => f.startedAt - f.dueAt > lateAfterMs;
  return late(fire) && late(previous) && fire.dueAt < previous.startedAt;
}
