import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { TypedSearchAttributes } from '@temporalio/common';
import { runnerQueue } from '../config';
import type { AppDeps } from '../deps';
import { runRepository } from '../../db/repositories/runs';
import { QaEnvironment, QaOrgId, QaRunId, QaRunStatus, QaTestPlanId } from '../../workflows/search-attributes';
import type { PlanGroupWorkflowInput, RunWorkflowInput } from '../../workflows/types';
import type { Run } from '../../db/entities/runs';
import type { QueuedRuns } from './trigger';

export const runWorkflowId = (runId: string) => `run-${runId}`;
export const planGroupWorkflowId = (planGroupId: string) => `plan-group-${planGroupId}`;

export function runWorkflowInput(deps: Pick<AppDeps, 'config'>, run: Run): RunWorkflowInput {
  return {
    runId: run.id,
    orgId: run.orgId,
    runnerTaskQueue: runnerQueue(deps.config, run.platforms[0]),
    maxAttempts: deps.config.RUN_MAX_ATTEMPTS,
    scheduleToStartMs: run.platforms[0] === 'web' ? 5 * 60_000 : deps.config.MOBILE_SCHEDULE_TO_START_MS,
  };
}

function attributes(run: Run, extra: Array<{ key: typeof QaRunId; value: string }> = []) {
  return [
    { key: QaOrgId, value: run.orgId },
    ...(run.testPlanId ? [{ key: QaTestPlanId, value: run.testPlanId }] : []),
    ...(run.environmentSlug ? [{ key: QaEnvironment, value: run.environmentSlug }] : []),
    ...extra,
  ];
}

/**
 * Starts the workflows of recorded Runs. Workflow ids are derived from Run ids and duplicates
 * are rejected, so calling this again (a replayed trigger, a retry after Temporal was down)
 * never creates a second execution.
 */
export async function startRunWorkflows(deps: AppDeps, queued: QueuedRuns): Promise<void> {
  const client = await deps.temporal();
  const runs = (await Promise.all(queued.runIds.map((id) => runRepository.byId(deps.db.manager, id)))).filter((r): r is Run => !!r);
  const common = { taskQueue: deps.config.TEMPORAL_TASK_QUEUE, workflowIdReusePolicy: 'REJECT_DUPLICATE' as const };
  const ignoreDuplicate = (error: unknown) => {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  };
  if (queued.planGroupRunId && runs.length) {
    const input: PlanGroupWorkflowInput = {
      planGroupId: queued.planGroupRunId, orgId: runs[0].orgId, runs: runs.map((r) => runWorkflowInput(deps, r)), window: deps.config.PLAN_GROUP_WINDOW,
    };
    await client.workflow.start('planGroupWorkflow', {
      ...common, workflowId: planGroupWorkflowId(queued.planGroupRunId), args: [input],
      typedSearchAttributes: attributes(runs[0]) as unknown as TypedSearchAttributes,
    }).catch(ignoreDuplicate);
    return;
  }
  await Promise.all(runs.map((run) => client.workflow.start('runWorkflow', {
    ...common, workflowId: runWorkflowId(run.id), args: [runWorkflowInput(deps, run)],
    typedSearchAttributes: attributes(run, [{ key: QaRunId, value: run.id }, { key: QaRunStatus, value: 'queued' }]) as unknown as TypedSearchAttributes,
  }).catch(ignoreDuplicate)));
}
