import { EntitySchema } from 'typeorm';
import { column } from './json';
import type { OverlapPolicy, ScheduleState, ScheduleTargets } from '../../core/schedules';

const { id, ref, ms, json } = column;

/**
 * A scheduled plan: when it fires (cron in a time zone, or every interval) and what it runs. Its
 * Temporal Schedule `schedule-<id>` follows the record; `revision` counts the record's changes so
 * a reconciler can tell a Schedule that missed one.
 */
export interface Schedule {
  id: string;
  orgId: string;
  name: string;
  testPlanId: string;
  environmentSlug: string | null;
  /** Explicit targets (addresses and artifacts only: run-scoped runtime values are refused). */
  targets: ScheduleTargets | null;
  cron: string | null;
  timezone: string | null;
  every: string | null;
  jitter: string | null;
  paused: boolean;
  overlap: OverlapPolicy;
  revision: number;
  state: ScheduleState | null;
  stateChangedAt: number | null;
  /** Why the last fire queued nothing (the plan was deleted, ...); null after a fire that queued. */
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
}
export const ScheduleEntity = new EntitySchema<Schedule>({
  name: 'Schedule',
  tableName: 'schedules',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    name: { type: 'varchar', length: 200 },
    testPlanId: { ...ref, name: 'test_plan_id' },
    environmentSlug: { type: 'varchar', length: 100, name: 'environment_slug', nullable: true },
    targets: { ...json, nullable: true },
    cron: { type: 'varchar', length: 100, nullable: true },
    timezone: { type: 'varchar', length: 64, nullable: true },
    every: { type: 'varchar', length: 10, nullable: true },
    jitter: { type: 'varchar', length: 10, nullable: true },
    paused: { type: 'boolean' },
    overlap: { type: 'varchar', length: 20 },
    revision: { type: 'int' },
    state: { type: 'varchar', length: 20, nullable: true },
    stateChangedAt: { ...ms, name: 'state_changed_at', nullable: true },
    lastError: { type: 'varchar', length: 1000, name: 'last_error', nullable: true },
    createdAt: { ...ms, name: 'created_at' },
    updatedAt: { ...ms, name: 'updated_at' },
  },
});

/** One fire of a schedule that queued a plan group; the fire id is its Temporal workflow id. */
export interface ScheduleFire {
  fireId: string;
  scheduleId: string;
  orgId: string;
  planGroupId: string;
  dueAt: number;
  startedAt: number;
  /** The group's verdict once it finished; null while it runs (or when it was canceled). */
  verdict: 'passed' | 'failed' | null;
  /** The state this fire's group moved the schedule to, when it changed it. */
  stateFrom: ScheduleState | null;
  stateTo: ScheduleState | null;
  recovered: boolean;
  finishedAt: number | null;
}
export const ScheduleFireEntity = new EntitySchema<ScheduleFire>({
  name: 'ScheduleFire',
  tableName: 'schedule_fires',
  columns: {
    fireId: { type: 'varchar', length: 200, name: 'fire_id', primary: true },
    scheduleId: { ...ref, name: 'schedule_id' },
    orgId: { ...ref, name: 'org_id' },
    planGroupId: { ...ref, name: 'plan_group_id' },
    dueAt: { ...ms, name: 'due_at' },
    startedAt: { ...ms, name: 'started_at' },
    verdict: { type: 'varchar', length: 10, nullable: true },
    stateFrom: { type: 'varchar', length: 20, name: 'state_from', nullable: true },
    stateTo: { type: 'varchar', length: 20, name: 'state_to', nullable: true },
    recovered: { type: 'boolean' },
    finishedAt: { ...ms, name: 'finished_at', nullable: true },
  },
});

export const scheduleEntities = [ScheduleEntity, ScheduleFireEntity];
