import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import type { ArtifactPlatform, ArtifactScanResult, ScanFinding } from '../core/artifacts';
import type { Diagnosis } from '../core/runs';
import type { StopCause } from '../core/scheduling';

/**
 * The contract between workflows and everything else: inputs and outcomes (ids and names only,
 * never a secret value), the activity interfaces as workflows see them, workflow ids and search
 * attributes. The API, the activities and the tests import from workflows/ only this file.
 */

// ---- Workflow ids: business keys, so a start is idempotent.
export const runWorkflowId = (runId: string) => `run-${runId}`;
export const planGroupWorkflowId = (planGroupId: string) => `plan-group-${planGroupId}`;
export const runRequestWorkflowId = (requestId: string) => `run-request-${requestId}`;
export const generationWorkflowId = (planId: string) => `generate-${planId}`;
export const scanWorkflowId = (storageId: string) => `scan-${storageId}`;
export const assuranceWorkflowId = (runId: string) => `assurance-${runId}`;

/**
 * The failure type of a runner attempt ended because its worker is stopping gracefully (a deploy, a
 * scale-down, Ctrl-C): not a result. The Run workflow runs the attempt again, uncounted.
 */
export const HANDED_OVER = 'WorkerStopping';

// ---- Search attributes
/**
 * Custom search attributes of Run workflows, so an operator finds a Run in the Temporal UI
 * (e.g. `QaRunStatus = "failed" AND QaOrgId = "org_…"`). The dev server registers the names
 * listed in search-attributes.json; keep the two in step.
 */
export const QaOrgId = defineSearchAttributeKey('QaOrgId', SearchAttributeType.KEYWORD);
export const QaRunId = defineSearchAttributeKey('QaRunId', SearchAttributeType.KEYWORD);
export const QaTestPlanId = defineSearchAttributeKey('QaTestPlanId', SearchAttributeType.KEYWORD);
export const QaEnvironment = defineSearchAttributeKey('QaEnvironment', SearchAttributeType.KEYWORD);
export const QaRunStatus = defineSearchAttributeKey('QaRunStatus', SearchAttributeType.KEYWORD);

// ---- Runs and plan groups
export interface RunWorkflowInput {
  runId: string;
  orgId: string;
  /** The runner task queue of the Run's platform, e.g. `runner-web`. */
  runnerTaskQueue: string;
  /** Attempts of the runner activity before the Run is `invalid`. */
  maxAttempts: number;
  /** How long a Run may wait for a runner to pick it up, per attempt. */
  scheduleToStartMs: number;
  /** How long the runner may go without a heartbeat; absent in histories from before it (10 s). */
  heartbeatTimeoutMs?: number;
  /** API Runs: build the assurance snapshot (workflow `assurance-<runId>`) once the Run has ended. */
  assurance?: boolean;
}

export interface PlanGroupWorkflowInput {
  planGroupId: string;
  orgId: string;
  runs: RunWorkflowInput[];
  /** How many member Runs execute at once (Temporal bounds pending children per workflow). */
  window: number;
  /** The trigger named a commit and its repository: the group reports a check on it (issue 79). */
  commitReport?: boolean;
}

export type RunOutcome = 'passing' | 'failed' | 'unverified' | 'canceled' | 'invalid';

/**
 * Signal to a plan group workflow: a newer group of the same plan, Environment and branch
 * supersedes it (the argument is the newer group's id); it cancels its members not yet finished.
 */
export const PLAN_GROUP_SUPERSEDED = 'planGroupSuperseded';

/** What the group's ordering activity answers: data the workflow follows without reading anything. */
export interface PlanGroupOrder {
  /** The member Runs in start order. */
  runIds: string[];
  /** Members whose failure does not count toward fail fast (their case was in quarantine). */
  uncounted: string[];
  /** Cancel the unfinished members once this many have failed; 0: never. */
  failFastAfter: number;
}

/** A plan group's early stop, as the workflow reports it. */
export interface PlanGroupStop {
  cause: StopCause;
  supersededBy?: string;
  /** Members that failed (counted toward fail fast) when the group stopped. */
  failures: number;
  /** Members running when the group stopped: recorded canceled, then their children canceled. */
  canceled: string[];
  /** Members never started. */
  unstarted: string[];
}

export interface PlanGroupActivities {
  /** Orders the group's members from their history here and stores the order with its reasons (once). */
  orderPlanGroup(planGroupId: string): Promise<PlanGroupOrder>;
  /** Records the group's stop: its unfinished members become canceled, with the reason. */
  stopPlanGroup(planGroupId: string, stop: PlanGroupStop): Promise<void>;
}

export type { Diagnosis };

/** What the runner activity reports back: an outcome, never page content. */
export interface RunnerResult {
  outcome: 'passed' | 'failed' | 'unverified';
  flaky: boolean;
  diagnosis?: Diagnosis;
  /** Runtime values the steps use that do not exist: the runner did not start the Run. */
  missingValues?: string[];
}

/** prepareRun's answer (only histories from before runners checked the values call it). */
export interface PreparedRun {
  /** Names of runtime values the steps reference that neither the Run nor its Environment holds. */
  missingValues: string[];
}

/** The activities as workflows see them (types only: workflows never import implementations). */
export interface OrchestrationActivities {
  prepareRun(runId: string): Promise<PreparedRun>;
  /**
   * Takes one of the organization's active-Run slots (or finds one handed to the Run): true.
   * False: none is free and the Run waits in line (still `queued`) until a terminal
   * recordRunState hands it one and signals it (`runSlotGranted`).
   */
  takeRunSlot(runId: string, orgId: string): Promise<boolean>;
  /** Frees the slot of a Run whose workflow is gone (it could not be woken); answers the Runs it went to. */
  dropRunSlot(runId: string, orgId: string): Promise<string[]>;
  recordRunState(
    runId: string,
    state: { status: 'running' | 'retrying' | RunOutcome; attempt?: number; flaky?: boolean; diagnosis?: Diagnosis },
  ): Promise<RecordedRunState>;
}

/** What recording a state did besides: a terminal Run's freed slot handed to waiting Runs (their ids). */
export interface RecordedRunState {
  slotsHandedTo?: string[];
  /**
   * Of a terminal state: whether an enabled webhook endpoint of the organization subscribes to
   * `run.completed` (its event workflow is started only then). Absent from results recorded
   * before this was read: the event is announced as it was then.
   */
  subscribed?: boolean;
  /** Of a terminal state: the quarantine change the organization's policy made for the Run's Test Case. */
  quarantine?: { type: 'test_case.quarantined' | 'test_case.released'; subjectId: string };
}

export interface RunnerActivities {
  executeRun(runId: string): Promise<RunnerResult>;
}

// ---- Run requests and plan generation
export interface RunRequestWorkflowInput {
  requestId: string;
  orgId: string;
  /** Attempts of the interpretation activity before the request fails. */
  interpretAttempts: number;
  /** The interpreter's own timeout; the activity gets a little more. */
  interpretTimeoutMs: number;
  /** Entry Runs that execute at once. */
  window: number;
}

export type RunRequestOutcome = 'completed' | 'rejected' | 'failed' | 'canceled';

/** The selection a request resolved to, before the matrix is built. */
export interface Interpretation {
  resolutionSource: 'structured' | 'interpreter';
  planIds: string[];
  environmentSlugs: string[];
  /** Platforms the Runs use; null: each plan's own. */
  platforms: string[] | null;
  /** Names or ids the caller gave explicitly that do not exist: the request is rejected. */
  invalidInput: string[];
  /** What the interpreter chose or the text named that does not exist: dropped, the rest goes on. */
  rejectionReasons: string[];
}

export interface QueuedRunRequest {
  status: 'queued' | 'rejected' | 'failed';
  runs: RunWorkflowInput[];
}

export interface RunRequestActivities {
  interpretRunRequest(requestId: string): Promise<Interpretation>;
  queueRunRequest(requestId: string, interpretation: Interpretation): Promise<QueuedRunRequest>;
  finishRunRequest(
    requestId: string,
    outcome: { status: 'completed' | 'failed' | 'canceled'; error?: string },
  ): Promise<void>;
}

export interface PlanGenerationWorkflowInput {
  planId: string;
  orgId: string;
  attempts: number;
  timeoutMs: number;
  /**
   * A generation given an Environment: a web runner explores it, writes cases from what it saw
   * and proves each (`exploreAndPropose` on this queue). Absent in histories from before, and for
   * generations from words or a diff alone.
   */
  explore?: { taskQueue: string; scheduleToStartMs: number; timeoutMs: number };
}

export interface PlanGenerationActivities {
  /** Generates and saves the plan's steps (status ready); returns how many. */
  generatePlanSteps(planId: string): Promise<number>;
  failPlanGeneration(planId: string, reason: string): Promise<void>;
}

/** The web runner's part of a generation that explores an Environment. */
export interface GenerationRunnerActivities {
  /**
   * Explores the Environment's application, writes cases, tries each, and ends the generation:
   * the plan `ready` (no steps saved) when some case is proven, else `failed` with the reason.
   */
  exploreAndPropose(planId: string): Promise<'ready' | 'failed'>;
}

// ---- Artifact scans
export type { ArtifactPlatform, ArtifactScanResult, ScanFinding };

export interface ArtifactScanInput {
  orgId: string;
  storageId: string;
  /** What the caller says it uploaded; compared with the upload intent. */
  platform: ArtifactPlatform;
  contentType: string;
  fileName: string;
}

export interface ScanActivities {
  scanArtifact(input: ArtifactScanInput): Promise<ArtifactScanResult>;
}

/** The ApplicationFailure type of a scan whose object is not (or no longer) in storage. */
export const ARTIFACT_MISSING = 'ArtifactMissing';

// ---- API assurance snapshots
export interface AssuranceWorkflowInput {
  runId: string;
  orgId: string;
}

export interface AssuranceActivities {
  /** Builds and stores the Run's snapshot once; a second build leaves the first as it is. */
  buildAssuranceSnapshot(runId: string): Promise<void>;
}

// ---- Outgoing webhooks
export type WebhookEventKind =
  | 'run.completed'
  | 'plan_group.completed'
  | 'run_request.completed'
  | 'assurance.ready'
  | 'schedule.state_changed'
  | 'test_case.quarantined'
  | 'test_case.released';

/** One event per business fact (`webhook-event-run.completed-<runId>`), so a Run's end never makes two. */
export const webhookEventWorkflowId = (type: WebhookEventKind, subjectId: string) =>
  `webhook-event-${type}-${subjectId}`;
/** One delivery per event and endpoint; a redelivery adds its own delivery id. */
export const webhookDeliveryWorkflowId = (eventId: string, endpointId: string, redeliveryId?: string) =>
  `webhook-${eventId}-${endpointId}${redeliveryId ? `-${redeliveryId}` : ''}`;

export interface WebhookEventWorkflowInput {
  orgId: string;
  type: WebhookEventKind;
  /** The Run, plan group or run request id the event is about (schedule.state_changed: the group's). */
  subjectId: string;
}

/** Ids and settings only: the delivery activity reads the endpoint's secret itself. */
export interface WebhookDeliveryWorkflowInput {
  deliveryId: string;
  orgId: string;
  eventId: string;
  endpointId: string;
  /** The task queue of attempts (WEBHOOK_TASK_QUEUE). */
  attemptQueue: string;
  /** Seconds before each attempt (WEBHOOK_RETRY_SCHEDULE); a test event uses the first only. */
  scheduleSeconds: number[];
  /** False for the test event: one attempt, never retried. */
  retry: boolean;
}

export interface PreparedWebhookEvent {
  eventId: string;
  deliveries: Array<{ workflowId: string; input: WebhookDeliveryWorkflowInput }>;
}

/** What one attempt found; `retry` may carry the receiver's Retry-After. */
export type WebhookAttemptResult =
  | { outcome: 'delivered'; statusCode: number }
  | { outcome: 'retry'; statusCode?: number; retryAfterMs?: number }
  | { outcome: 'permanent'; statusCode?: number }
  | { outcome: 'disabled'; reason: string }
  | { outcome: 'skipped'; reason: string };

export type WebhookDeliveryOutcome = 'delivered' | 'failed' | 'skipped';

export interface WebhookActivities {
  /** Stores the event (once) and one delivery per subscribed endpoint; answers what to start. */
  prepareWebhookEvent(input: WebhookEventWorkflowInput): Promise<PreparedWebhookEvent>;
  /** Records how a delivery ended. */
  finishWebhookDelivery(deliveryId: string, outcome: WebhookDeliveryOutcome): Promise<void>;
}

export interface WebhookAttemptActivities {
  /** Signs and sends one attempt of a delivery and logs it; never throws for an HTTP answer. */
  attemptWebhookDelivery(deliveryId: string, attempt: number): Promise<WebhookAttemptResult>;
}

// ---- Notification channels (Slack, Teams)
/** One message per channel and subject (a plan group, or a test's own key), so deciding twice sends once. */
export const notificationWorkflowId = (channelId: string, subjectId: string) => `notify-${channelId}-${subjectId}`;

/** Ids and settings only: the attempt activity opens the channel's sealed URL itself. */
export interface NotificationDeliveryWorkflowInput {
  deliveryId: string;
  orgId: string;
  channelId: string;
  /** The task queue of attempts (WEBHOOK_TASK_QUEUE: channels are delivered beside webhooks). */
  attemptQueue: string;
  /** Seconds before each attempt (WEBHOOK_RETRY_SCHEDULE); a test message uses the first only. */
  scheduleSeconds: number[];
  /** False for a test message: one attempt, never retried. */
  retry: boolean;
}

export interface PreparedNotification {
  workflowId: string;
  input: NotificationDeliveryWorkflowInput;
}

export interface NotificationActivities {
  /** Routes an ended plan group: decides per channel, stores each message once; answers what to start. */
  prepareNotifications(orgId: string, planGroupId: string): Promise<PreparedNotification[]>;
  /** Records how a delivery ended (a failure lengthens the channel's failing streak). */
  finishNotification(deliveryId: string, outcome: WebhookDeliveryOutcome): Promise<void>;
}

export interface NotificationAttemptActivities {
  /** Posts one attempt of a message to its channel; never throws for an HTTP answer. */
  attemptNotification(deliveryId: string, attempt: number): Promise<WebhookAttemptResult>;
}

// ---- Retention
/** The Temporal Schedule that starts the daily purge (workflow ids `retention-purge-<time>`). */
export const RETENTION_SCHEDULE_ID = 'retention-purge';
/** The workflow id of a purge started by hand or by a test; the schedule appends its start time. */
export const retentionPurgeWorkflowId = RETENTION_SCHEDULE_ID;

/** What one purge removed: the workflow's result, visible in the Temporal UI for every scheduled run. */
export interface PurgeCounts {
  /** Media objects deleted from storage (and their rows). */
  media: number;
  /** Run records deleted. */
  runs: number;
  /** Webhook deliveries deleted from the delivery log. */
  webhookDeliveries: number;
  /** Webhook delivery attempts (log entries) deleted. */
  webhookAttempts: number;
}

export type PurgePhase = 'media' | 'runs' | 'webhookLog';

export interface RetentionPurgeInput {
  /** The purge's "now" (epoch ms); default: when the workflow started. Ages are measured from it. */
  asOf?: number;
  /** Rows per batch activity (default 100). */
  batchSize?: number;
  /** Carried over by continue-as-new. */
  phase?: PurgePhase;
  counts?: PurgeCounts;
}

/** One bounded batch each; every batch is safe to repeat (objects go before rows, Runs are marked first). */
export interface RetentionActivities {
  purgeExpiredMedia(asOf: number, limit: number): Promise<{ media: number; more: boolean }>;
  purgeExpiredRuns(asOf: number, limit: number): Promise<{ runs: number; media: number; more: boolean }>;
  purgeWebhookLog(asOf: number, limit: number): Promise<{ deliveries: number; attempts: number; more: boolean }>;
}

// ---- Scheduled plans
/** The Temporal Schedule of a schedule record; its fires are workflows `schedule-<id>-<time>`. */
export const scheduleWorkflowId = (scheduleId: string) => `schedule-${scheduleId}`;

/** Ids only: the fire reads the record (plan, targets) when it runs, so an edit applies to the next fire. */
export interface ScheduledPlanInput {
  scheduleId: string;
  orgId: string;
  /** The record's revision when the Temporal Schedule was last written (the reconciler compares it). */
  revision: number;
}

export type QueuedScheduledFire =
  | {
      status: 'queued';
      group: PlanGroupWorkflowInput;
      testPlanId: string;
      environmentSlug: string | null;
    }
  /** Nothing to run: the record is gone, a second catch-up of one outage, or the plan cannot be queued. */
  | { status: 'skipped'; reason: string };

export interface ScheduleActivities {
  /** Queues this fire's plan group once (a retry finds the first one); ms since the epoch. */
  queueScheduledFire(fire: {
    scheduleId: string;
    fireId: string;
    dueAt: number;
    startedAt: number;
  }): Promise<QueuedScheduledFire>;
  /** Records the group's verdict and the schedule's new state; answers whether the change is announced. */
  finishScheduledFire(fireId: string): Promise<{ announce: boolean }>;
}

// ---- Results on the commit (GitHub check run and pull-request comment)
export const commitReportWorkflowId = (planGroupId: string, moment: 'start' | 'end' | 'review', at?: number) =>
  `commit-report-${planGroupId}-${moment}${at === undefined ? '' : `-${at}`}`;

export interface CommitReportWorkflowInput {
  orgId: string;
  planGroupId: string;
  /**
   * start: the check is created (queued), then moved to in progress once a Run runs; end: completed;
   * review: reported again after a person's review (a visual change accepted, a case quarantined).
   */
  moment: 'start' | 'end' | 'review';
}

/** The stage a report put on the commit; `none` when there is nothing to report to. */
export type CommitStage = 'none' | 'queued' | 'in_progress' | 'completed';

export interface CommitReportActivities {
  /** Puts the group's current state on its commit (check run, PR comment); safe to repeat. */
  reportCommit(orgId: string, planGroupId: string): Promise<CommitStage>;
}
