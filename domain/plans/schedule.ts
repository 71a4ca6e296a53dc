import type { MemberSchedule } from '../../core/scheduling';

/**
 * The start order of a plan group's members from what is known: cases that failed last time on
 * this Environment first (CI hears of a failure early), then longest-first by their recent
 * durations there (list scheduling of the longest first keeps the group within 4/3 of the optimum
 * on any number of slots). Pure: the group's activity reads the history, the workflow gets the order.
 */

/** How many recent passed or failed Runs of a case on an Environment its estimate is the median of. */
export const HISTORY_WINDOW = 10;
/** A step's time when no member of the group has history to scale step counts by. */
export const DEFAULT_STEP_MS = 2_000;

/** One member as the ordering sees it: where it was listed and what its recent Runs took. */
export interface MemberFacts {
  runId: string;
  /** 0-based position in the plan's listed order. */
  position: number;
  stepCount: number;
  /** Durations (ms) of recent passed or failed Runs of the same case on the same Environment. */
  durationsMs: number[];
  /** The latest Run of the case on this Environment with a verdict failed. */
  failedLast: boolean;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

/**
 * The time of one step in this group: the median of ms-per-step over members with history, so a
 * case without history is placed among the others by its length rather than at a fixed guess.
 */
function stepMsOf(members: MemberFacts[]): number {
  const rates = members
    .filter((m) => m.durationsMs.length && m.stepCount > 0)
    .map((m) => median(m.durationsMs) / m.stepCount);
  return rates.length ? Math.max(1, Math.round(median(rates))) : DEFAULT_STEP_MS;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** The members in start order, each with its estimate and the reason for its place. */
export function orderMembers(members: MemberFacts[]): MemberSchedule[] {
  const stepMs = stepMsOf(members);
  const estimated = members.map((m) => {
    const history = m.durationsMs.length > 0;
    return {
      m,
      estimateMs: history ? median(m.durationsMs) : Math.max(1, m.stepCount) * stepMs,
      history,
    };
  });
  const sorted = [...estimated].sort(
    (a, b) =>
      Number(b.m.failedLast) - Number(a.m.failedLast) || b.estimateMs - a.estimateMs || a.m.position - b.m.position,
  );
  return sorted.map(({ m, estimateMs, history }, i) => {
    const basis = history
      ? `median of its last ${m.durationsMs.length} Run(s) here: ${seconds(estimateMs)}`
      : `no Run here yet: ${m.stepCount} step(s) ≈ ${seconds(estimateMs)}`;
    return {
      runId: m.runId,
      listed: m.position,
      order: i + 1,
      estimateMs,
      basis: history ? 'history' : 'step_count',
      failedLast: m.failedLast,
      samples: m.durationsMs.length,
      reason: m.failedLast
        ? `failed last time on this Environment, so it runs first (${basis})`
        : `longest first: ${basis}`,
    };
  });
}

/** When each job ends if they start in this order on `slots` slots, each on the first slot free. */
export function listSchedule(durationsMs: number[], slots: number, freeAt: number[] = []): number[] {
  const free = Array.from({ length: Math.max(1, slots) }, (_, i) => freeAt[i] ?? 0);
  return durationsMs.map((d) => {
    let slot = 0;
    for (let i = 1; i < free.length; i++) if (free[i] < free[slot]) slot = i;
    free[slot] += d;
    return free[slot];
  });
}

/** The makespan of the jobs in this order on `slots` slots. */
export const makespan = (durationsMs: number[], slots: number) => Math.max(0, ...listSchedule(durationsMs, slots));

/** A lower bound on any schedule's makespan: the longest job, or the work spread evenly over the slots. */
export const makespanLowerBound = (durationsMs: number[], slots: number) =>
  Math.max(0, ...durationsMs, durationsMs.reduce((a, b) => a + b, 0) / Math.max(1, slots));

/** A member as the running group knows it: its estimate and, when it has, its start and end. */
export interface MemberProgress {
  estimateMs: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** Terminal: it takes no more time (also when it never started, e.g. canceled). */
  ended: boolean;
}

/**
 * When a running group is expected to end: members still running end at their start plus their
 * estimate (not before now), those not started take the next free slot in start order.
 */
export function expectedEnd(members: MemberProgress[], slots: number, now: number): number {
  const running = members.filter((m) => !m.ended && m.startedAt !== null);
  const waiting = members.filter((m) => !m.ended && m.startedAt === null);
  const busyUntil = running.map((m) => Math.max(now, m.startedAt! + m.estimateMs)).sort((a, b) => a - b);
  const lastEnd = Math.max(now, ...members.filter((m) => m.ended && m.finishedAt).map((m) => m.finishedAt!));
  const free = Array.from({ length: Math.max(1, slots) }, (_, i) => busyUntil[i] ?? now);
  const ends = listSchedule(
    waiting.map((m) => m.estimateMs),
    free.length,
    free,
  );
  return Math.max(lastEnd, ...busyUntil, ...ends);
}
