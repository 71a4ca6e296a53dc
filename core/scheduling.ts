/**
 * What a plan group stores about its scheduling (plan_groups.scheduling): the start order with
 * the reason for each place, and why the group stopped early when it did. Read by the group's
 * view (each member's `scheduling`, the expected end) and written by the group's activities.
 */

/** Why a member starts where it does. */
export interface MemberSchedule {
  runId: string;
  /** 0-based position in the plan's listed order. */
  listed: number;
  /** 1-based place in the start order. */
  order: number;
  estimateMs: number;
  basis: 'history' | 'step_count';
  failedLast: boolean;
  /** Past Runs the estimate is the median of (0 with basis step_count). */
  samples: number;
  reason: string;
}

/** Why the group canceled its unfinished members. */
export type StopCause = 'fail_fast' | 'superseded';

export interface GroupStop {
  cause: StopCause;
  at: number;
  reason: string;
  /** With cause superseded: the newer group. */
  supersededBy?: string;
  /** The members this stop canceled (running ones and those not started). */
  canceled: string[];
}

export interface PlanGroupScheduling {
  /** How many members run at once (the group's window). */
  slots: number;
  orderedAt: number;
  /** The group's expected length when ordered: list scheduling of the estimates on `slots`. */
  expectedDurationMs: number;
  members: MemberSchedule[];
  stopped?: GroupStop;
}
