import type { RunAccessibilitySettings } from '../../core/accessibility';
import { EntitySchema } from 'typeorm';
import { column } from './json';
import type { Diagnosis, RunApiSettings, RunSource, RunStatus, RunTrigger, StepStatus, Targets } from '../../core/runs';
import type { Step } from '../../core/steps';
import type { RunVisualSettings, VisualAcceptance, VisualFact } from '../../core/visual';
import type { PlanGroupScheduling } from '../../core/scheduling';

const { id, ref, ms, json } = column;

export type { RunStatus, StepStatus, Diagnosis } from '../../core/runs';

export interface Run {
  id: string;
  orgId: string;
  testCaseId: string | null;
  testPlanId: string | null;
  planGroupId: string | null;
  environmentId: string | null;
  environmentSlug: string | null;
  status: RunStatus;
  flaky: boolean;
  /** Its Test Case was in quarantine when it was queued: its verdict gates nothing. */
  quarantined?: boolean;
  /** A web Run records a video of its page (its `video` option: trigger, else case, else plan). */
  recordVideo?: boolean;
  cursor: number;
  attempt: number;
  platforms: string[];
  targets: Targets;
  steps: Step[];
  trigger: RunTrigger;
  branch: string | null;
  diagnosis: Diagnosis | null;
  /** API Runs: the identities and fuzz bound snapshotted when queued; null for other Runs. */
  api: RunApiSettings | null;
  createdAt: number;
  updatedAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** When the Run was pinned: retention keeps it and its media whatever their age. */
  pinnedAt: number | null;
  /** When retention removed the Run's media; evidence then omits media items and says so. */
  mediaExpiredAt: number | null;
  /** Web Runs: the visual comparison settings snapshotted when queued; null for other Runs. */
  visual?: RunVisualSettings | null;
  /** The Run whose screenshots this Run's steps were compared with, once chosen (first attempt). */
  visualBaselineRunId?: string | null;
  /** Who accepted this Run's screenshots as the baseline, and when (POST /api/runs/{runId}/visual/accept). */
  visualAcceptance?: VisualAcceptance | null;
  /** Web Runs: the accessibility check's mode, snapshotted when queued; null for other Runs and older ones. */
  accessibility?: RunAccessibilitySettings | null;
  /** runSource(trigger) and the trigger's commit, as columns to filter and count by (written on insert). */
  source?: RunSource;
  commitSha?: string | null;
}
export const RunEntity = new EntitySchema<Run>({
  name: 'Run',
  tableName: 'runs',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    testCaseId: { ...ref, name: 'test_case_id', nullable: true },
    testPlanId: { ...ref, name: 'test_plan_id', nullable: true },
    planGroupId: { ...ref, name: 'plan_group_id', nullable: true },
    environmentId: { ...ref, name: 'environment_id', nullable: true },
    environmentSlug: { type: 'varchar', length: 100, name: 'environment_slug', nullable: true },
    status: { type: 'varchar', length: 20 },
    flaky: { type: 'boolean' },
    quarantined: { type: 'boolean', default: false },
    recordVideo: { type: 'boolean', name: 'record_video', default: false },
    cursor: { ...ms, name: 'cursor_value' },
    attempt: { type: 'int' },
    platforms: json,
    targets: json,
    steps: json,
    trigger: { ...json, name: 'trigger_info' },
    branch: { type: 'varchar', length: 255, nullable: true },
    diagnosis: { ...json, nullable: true },
    api: { ...json, name: 'api_settings', nullable: true },
    createdAt: { ...ms, name: 'created_at' },
    updatedAt: { ...ms, name: 'updated_at' },
    startedAt: { ...ms, name: 'started_at', nullable: true },
    finishedAt: { ...ms, name: 'finished_at', nullable: true },
    pinnedAt: { ...ms, name: 'pinned_at', nullable: true },
    mediaExpiredAt: { ...ms, name: 'media_expired_at', nullable: true },
    visual: { ...json, name: 'visual_settings', nullable: true },
    visualBaselineRunId: { ...ref, name: 'visual_baseline_run_id', nullable: true },
    visualAcceptance: { ...json, name: 'visual_acceptance', nullable: true },
    accessibility: { ...json, name: 'accessibility_settings', nullable: true },
    source: { type: 'varchar', length: 10 },
    commitSha: { type: 'varchar', length: 64, name: 'commit_sha', nullable: true },
  },
});

export interface RunStep {
  runId: string;
  stepIndex: number;
  action: string;
  target: string | null;
  platform: string;
  status: StepStatus;
  reason: string | null;
  observed: Record<string, any> | null;
  expectation: string | null;
  verdictSource: string | null;
  postconditionProven: boolean;
  recoveryCount: number;
  diagnosis: Diagnosis | null;
  durationMs: number | null;
  /** The step's visual comparison, when its screenshot was compared with a baseline. */
  visual?: VisualFact | null;
  updatedAt: number;
}
export const RunStepEntity = new EntitySchema<RunStep>({
  name: 'RunStep',
  tableName: 'run_steps',
  columns: {
    runId: { ...ref, name: 'run_id', primary: true },
    stepIndex: { type: 'int', name: 'step_index', primary: true },
    action: { type: 'varchar', length: 20 },
    target: { type: 'varchar', length: 2000, nullable: true },
    platform: { type: 'varchar', length: 20 },
    status: { type: 'varchar', length: 20 },
    reason: { type: 'text', nullable: true },
    observed: { ...json, nullable: true },
    expectation: { type: 'text', nullable: true },
    verdictSource: { type: 'varchar', length: 20, name: 'verdict_source', nullable: true },
    postconditionProven: { type: 'boolean', name: 'postcondition_proven' },
    recoveryCount: { type: 'int', name: 'recovery_count' },
    diagnosis: { ...json, nullable: true },
    durationMs: { type: 'int', name: 'duration_ms', nullable: true },
    visual: { ...json, nullable: true },
    updatedAt: { ...ms, name: 'updated_at' },
  },
});

export interface RunMedia {
  id: string;
  orgId: string;
  runId: string;
  stepIndex: number;
  kind: string;
  storageKey: string;
  contentType: string;
  byteSize: number;
  createdAt: number;
}
export const RunMediaEntity = new EntitySchema<RunMedia>({
  name: 'RunMedia',
  tableName: 'run_media',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    runId: { ...ref, name: 'run_id' },
    stepIndex: { type: 'int', name: 'step_index' },
    kind: { type: 'varchar', length: 20 },
    storageKey: { type: 'varchar', length: 500, name: 'storage_key' },
    contentType: { type: 'varchar', length: 100, name: 'content_type' },
    byteSize: { type: 'int', name: 'byte_size' },
    createdAt: { ...ms, name: 'created_at' },
  },
});

/** Why a plan member runs or not in a `scope: "changed"` trigger. */
export interface MemberSelection {
  /** Null for a plan's inline steps. */
  testCaseId: string | null;
  name: string;
  selected: boolean;
  /** A customer-safe sentence, e.g. `covers:web/** matched web/login.ts`. */
  reason: string;
  /** The `covers:` glob that matched a changed file, when one did. */
  matchedGlob?: string;
}

/** A member that passed in the group a re-run re-runs: counted as passed, not run again. */
export interface CarriedMember {
  testCaseId: string | null;
  name: string;
  /** The passing Run in the original group. */
  runId: string;
  planGroupRunId: string;
  flaky: boolean;
}

export interface PlanGroup {
  id: string;
  orgId: string;
  testPlanId: string;
  runCount: number;
  createdAt: number;
  rerunOf?: string | null;
  selection?: MemberSelection[] | null;
  carried?: CarriedMember[] | null;
  environmentSlug?: string | null;
  commitSha?: string | null;
  /** The trigger's branch: a newer group of the same plan, Environment and branch may supersede this one. */
  branch?: string | null;
  /** Cancel the unfinished members once this many have failed; 0: never. */
  failFastAfter?: number;
  /** The start order and its reasons, and an early stop (fail fast, superseded); null until ordered. */
  scheduling?: PlanGroupScheduling | null;
}
export const PlanGroupEntity = new EntitySchema<PlanGroup>({
  name: 'PlanGroup',
  tableName: 'plan_groups',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    testPlanId: { ...ref, name: 'test_plan_id' },
    runCount: { type: 'int', name: 'run_count' },
    createdAt: { ...ms, name: 'created_at' },
    rerunOf: { ...ref, name: 'rerun_of', nullable: true },
    selection: { ...json, nullable: true },
    carried: { ...json, nullable: true },
    environmentSlug: { type: 'varchar', length: 100, name: 'environment_slug', nullable: true },
    commitSha: { type: 'varchar', length: 64, name: 'commit_sha', nullable: true },
    branch: { type: 'varchar', length: 255, nullable: true },
    failFastAfter: { type: 'int', name: 'fail_fast_after', default: 0 },
    scheduling: { ...json, nullable: true },
  },
});

export interface RunValue {
  runId: string;
  name: string;
  sealed: string;
}
export const RunValueEntity = new EntitySchema<RunValue>({
  name: 'RunValue',
  tableName: 'run_values',
  columns: {
    runId: { ...ref, name: 'run_id', primary: true },
    name: { type: 'varchar', length: 100, primary: true },
    sealed: { type: 'text' },
  },
});

export const runEntities = [RunEntity, RunStepEntity, RunMediaEntity, PlanGroupEntity, RunValueEntity];
