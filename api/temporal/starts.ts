import { WorkflowExecutionAlreadyStartedError, WorkflowFailedError, WorkflowNotFoundError } from '@temporalio/client';
import type { SearchAttributePair } from '@temporalio/common';
import { ApplicationFailure } from '@temporalio/common';
import type * as workflows from '../../workflows';
import {
  ARTIFACT_MISSING,
  assuranceWorkflowId,
  commitReportWorkflowId,
  generationWorkflowId,
  planGroupWorkflowId,
  PLAN_GROUP_SUPERSEDED,
  QaEnvironment,
  QaOrgId,
  QaRunId,
  QaRunStatus,
  QaTestPlanId,
  runRequestWorkflowId,
  runWorkflowId,
  scanWorkflowId,
  type ArtifactScanInput,
  type ArtifactScanResult,
  type WebhookDeliveryOutcome,
  type WebhookEventKind,
  webhookEventWorkflowId,
  type WebhookDeliveryWorkflowInput,
  type PreparedNotification,
} from '../../workflows/contracts';
import { AppError } from '../../core/errors';
import { providerCallBudgetMs, runnerQueue } from '../../core/config';
import { runRepository } from '../../db/repositories/runs';
import type { Run } from '../../db/entities/runs';
import type { RunRequest } from '../../db/entities/run-requests';
import type { QueuedRuns } from '../../domain/runs/trigger';
import { runWorkflowInput } from '../../domain/runs/workflow-input';
import type { AppDeps } from '../pipeline/deps';

/** The one place the API starts workflows: each start is typed by the workflow function it names. */

type Workflows = typeof workflows;
type WorkflowName = keyof Workflows;

interface StartOptions<N extends WorkflowName> {
  workflowId: string;
  args: Parameters<Workflows[N]>;
  searchAttributes?: SearchAttributePair[];
  /** `join`: a running execution with this id is used instead (e.g. concurrent scans of one upload). */
  onConflict?: 'ignore' | 'join';
}

/**
 * Starts a workflow whose id is a business key. Starting it again (a replayed request, a retry
 * after Temporal was down) is not an error and never creates a second execution.
 */
async function startWorkflow<N extends WorkflowName>(deps: AppDeps, name: N, options: StartOptions<N>) {
  const client = await deps.temporal();
  // The organization is the fairness key: a backlog of one organization's workflow and activity
  // tasks (inherited by activities and children) is dispatched in turn with others', not ahead.
  const orgId = options.searchAttributes?.find((pair) => pair.key === QaOrgId)?.value;
  // The connection gives the start its gRPC deadline (api/temporal/connection.ts): the client's
  // retries of a server that is down or hung end well inside the request's own deadline, so the
  // caller gets 503 UNAVAILABLE within the bound even when loaded.
  return client.workflow
    .start<Workflows[N]>(name, {
      taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
      ...(typeof orgId === 'string' ? { priority: { fairnessKey: orgId } } : {}),
      workflowId: options.workflowId,
      args: options.args,
      typedSearchAttributes: options.searchAttributes,
      ...(options.onConflict === 'join'
        ? { workflowIdConflictPolicy: 'USE_EXISTING' as const }
        : { workflowIdReusePolicy: 'REJECT_DUPLICATE' as const }),
    })
    .catch((error: unknown) => {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      return null;
    });
}

function runAttributes(run: Run): SearchAttributePair[] {
  return [
    { key: QaOrgId, value: run.orgId },
    ...(run.testPlanId ? [{ key: QaTestPlanId, value: run.testPlanId }] : []),
    ...(run.environmentSlug ? [{ key: QaEnvironment, value: run.environmentSlug }] : []),
  ];
}

/**
 * Asks older plan groups a newer one supersedes to cancel their unfinished members (a signal;
 * repeating it changes nothing). A group whose workflow has ended has nothing left to cancel.
 */
async function signalSuperseded(deps: AppDeps, newer: string, older: string[]): Promise<void> {
  const client = await deps.temporal();
  await Promise.all(
    older.map((id) =>
      client.workflow
        .getHandle(planGroupWorkflowId(id))
        .signal(PLAN_GROUP_SUPERSEDED, newer)
        .catch((error: unknown) => {
          if (!(error instanceof WorkflowNotFoundError)) throw error;
        }),
    ),
  );
}

/** Starts the workflows of recorded Runs: one plan group workflow, or one workflow per Run. */
export async function startRunWorkflows(
  deps: AppDeps,
  queued: Pick<QueuedRuns, 'runIds' | 'planGroupRunId' | 'superseded'>,
): Promise<void> {
  if (queued.planGroupRunId && queued.superseded?.length)
    await signalSuperseded(deps, queued.planGroupRunId, queued.superseded);
  const runs = (await Promise.all(queued.runIds.map((id) => runRepository.byId(deps.db.manager, id)))).filter(
    (r): r is Run => !!r,
  );
  if (!runs.length) return;
  if (queued.planGroupRunId) {
    await startWorkflow(deps, 'planGroupWorkflow', {
      workflowId: planGroupWorkflowId(queued.planGroupRunId),
      args: [
        {
          planGroupId: queued.planGroupRunId,
          orgId: runs[0].orgId,
          runs: runs.map((r) => runWorkflowInput(deps, r)),
          window: deps.config.PLAN_GROUP_WINDOW,
          ...(runs[0].trigger.deployment?.commitSha && runs[0].trigger.deployment.repository
            ? { commitReport: true }
            : {}),
        },
      ],
      searchAttributes: runAttributes(runs[0]),
    });
    return;
  }
  await Promise.all(
    runs.map((run) =>
      startWorkflow(deps, 'runWorkflow', {
        workflowId: runWorkflowId(run.id),
        args: [runWorkflowInput(deps, run)],
        searchAttributes: [
          ...runAttributes(run),
          { key: QaRunId, value: run.id },
          { key: QaRunStatus, value: 'queued' },
        ],
      }),
    ),
  );
}

/** Starts a run request's workflow; a replayed POST never interprets twice. */
export async function startRunRequestWorkflow(deps: AppDeps, request: RunRequest): Promise<void> {
  await startWorkflow(deps, 'runRequestWorkflow', {
    workflowId: runRequestWorkflowId(request.id),
    args: [
      {
        requestId: request.id,
        orgId: request.orgId,
        interpretAttempts: deps.config.AI_MAX_ATTEMPTS,
        interpretTimeoutMs: providerCallBudgetMs(deps.config),
        window: deps.config.PLAN_GROUP_WINDOW,
      },
    ],
    searchAttributes: [{ key: QaOrgId, value: request.orgId }],
  });
}

/** Starts the generation of a recorded placeholder plan. */
export async function startGenerationWorkflow(
  deps: AppDeps,
  orgId: string,
  planId: string,
  explore?: { usesValues: boolean },
): Promise<void> {
  await startWorkflow(deps, 'planGenerationWorkflow', {
    workflowId: generationWorkflowId(planId),
    args: [
      {
        planId,
        orgId,
        attempts: deps.config.AI_MAX_ATTEMPTS,
        timeoutMs: providerCallBudgetMs(deps.config),
        // Exploring, a provider's answer and every proof: the provider's budget plus the browser's.
        ...(explore && {
          explore: {
            taskQueue: runnerQueue(deps.config, 'web', explore.usesValues),
            scheduleToStartMs: deps.config.WEB_SCHEDULE_TO_START_MS,
            timeoutMs: providerCallBudgetMs(deps.config) + 5 * 60_000,
          },
        }),
      },
    ],
    searchAttributes: [
      { key: QaOrgId, value: orgId },
      { key: QaTestPlanId, value: planId },
    ],
  });
}

/** Starts (once) the build of an ended API Run's assurance snapshot. */
export async function startAssuranceWorkflow(deps: AppDeps, orgId: string, runId: string): Promise<void> {
  await startWorkflow(deps, 'assuranceWorkflow', {
    workflowId: assuranceWorkflowId(runId),
    args: [{ runId, orgId }],
    searchAttributes: [
      { key: QaOrgId, value: orgId },
      { key: QaRunId, value: runId },
    ],
  });
}

/** Announces a change the API made (a Test Case quarantined or released by hand): its event workflow, once. */
export async function announceChange(
  deps: AppDeps,
  orgId: string,
  change: { type: WebhookEventKind; subjectId: string },
): Promise<void> {
  await startWorkflow(deps, 'webhookEventWorkflow', {
    workflowId: webhookEventWorkflowId(change.type, change.subjectId),
    args: [{ orgId, type: change.type, subjectId: change.subjectId }],
    searchAttributes: [{ key: QaOrgId, value: orgId }],
  });
}

/**
 * Starts one webhook delivery the API asked for (the test event, a redelivery); with `waitMs`
 * waits that long for its outcome, answering null when it is still going.
 */
/** Starts one channel message the API asked for (a test message) and waits up to `waitMs` for its outcome. */
export async function startNotification(
  deps: AppDeps,
  message: PreparedNotification,
  waitMs: number,
): Promise<WebhookDeliveryOutcome | null> {
  const handle = await startWorkflow(deps, 'notificationDeliveryWorkflow', {
    workflowId: message.workflowId,
    args: [message.input],
    searchAttributes: [{ key: QaOrgId, value: message.input.orgId }],
  });
  return handle ? waitFor(handle.result(), waitMs) : null;
}

async function waitFor<T>(result: Promise<T>, waitMs: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  try {
    return await Promise.race([result, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function startWebhookDelivery(
  deps: AppDeps,
  delivery: { workflowId: string; input: WebhookDeliveryWorkflowInput },
  waitMs = 0,
): Promise<WebhookDeliveryOutcome | null> {
  const handle = await startWorkflow(deps, 'webhookDeliveryWorkflow', {
    workflowId: delivery.workflowId,
    args: [delivery.input],
    searchAttributes: [{ key: QaOrgId, value: delivery.input.orgId }],
  });
  if (!handle || !waitMs) return null;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  try {
    return await Promise.race([handle.result(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a scan call waits for the verdict; a longer scan keeps running and a repeat call picks it up. */
const SCAN_WAIT_MS = 5 * 60_000;

/**
 * Runs (or joins) the scan workflow of one storage id and waits for its verdict. Concurrent
 * calls share one execution through the workflow id.
 */
export async function scanThroughWorkflow(deps: AppDeps, input: ArtifactScanInput): Promise<ArtifactScanResult> {
  const handle = await startWorkflow(deps, 'artifactScanWorkflow', {
    workflowId: scanWorkflowId(input.storageId),
    args: [input],
    onConflict: 'join',
  });
  const client = await deps.temporal();
  const result = (
    handle ?? client.workflow.getHandle<Workflows['artifactScanWorkflow']>(scanWorkflowId(input.storageId))
  ).result();
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new AppError(
            'UNAVAILABLE',
            `the scan of ${input.storageId} is still running; call again with the same storageId for its result`,
            undefined,
            { 'Retry-After': '10' },
          ),
        ),
      SCAN_WAIT_MS,
    );
  });
  try {
    return await Promise.race([result, waited]);
  } catch (error) {
    const cause = error instanceof WorkflowFailedError ? rootCause(error) : null;
    if (cause instanceof ApplicationFailure && cause.type === ARTIFACT_MISSING) {
      throw new AppError(
        'FAILED_PRECONDITION',
        `nothing is stored under ${input.storageId}; PUT the file to its uploadUrl first`,
      );
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function rootCause(error: Error): unknown {
  let cause: unknown = error;
  while (cause instanceof Error && cause.cause) cause = cause.cause;
  return cause;
}

/** Cancels a Run's workflow (`run-<runId>`, also when it is a plan group's child); the Run ends `canceled`. */
export async function cancelRunWorkflow(deps: AppDeps, runId: string): Promise<void> {
  const client = await deps.temporal();
  await client.workflow.getHandle(runWorkflowId(runId)).cancel();
}

/**
 * Reports plan groups to their commits again after a person's review (a visual change accepted, a
 * Test Case quarantined), so the check and the comment say what the review changed. Each report
 * is its own workflow (a new id per review), abandoned to Temporal like the group's own reports.
 */
export async function reportReview(deps: AppDeps, orgId: string, planGroupIds: string[]): Promise<void> {
  const at = Date.now();
  for (const planGroupId of planGroupIds)
    await startWorkflow(deps, 'commitReportWorkflow', {
      workflowId: commitReportWorkflowId(planGroupId, 'review', at),
      args: [{ orgId, planGroupId, moment: 'review' }],
      searchAttributes: [{ key: QaOrgId, value: orgId }],
    });
}
