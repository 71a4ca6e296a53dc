import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { TypedSearchAttributes } from '@temporalio/common';
import type { AppDeps } from '../deps';
import type { RunRequest } from '../../db/entities/run-requests';
import type { RunRequestWorkflowInput } from '../../workflows/planning-types';
import { QaOrgId } from '../../workflows/search-attributes';

export const runRequestWorkflowId = (requestId: string) => `run-request-${requestId}`;

/**
 * Starts a request's workflow. The id is the request's, duplicates are rejected: calling this
 * again (a replayed POST after Temporal was down) never interprets twice.
 */
export async function startRunRequestWorkflow(deps: AppDeps, request: RunRequest): Promise<void> {
  const input: RunRequestWorkflowInput = {
    requestId: request.id,
    orgId: request.orgId,
    interpretAttempts: deps.config.AI_MAX_ATTEMPTS,
    interpretTimeoutMs: deps.config.AI_TIMEOUT_MS,
    window: deps.config.PLAN_GROUP_WINDOW,
  };
  const client = await deps.temporal();
  await client.workflow.start('runRequestWorkflow', {
    taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
    workflowId: runRequestWorkflowId(request.id),
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
    args: [input],
    typedSearchAttributes: [{ key: QaOrgId, value: request.orgId }] as unknown as TypedSearchAttributes,
  }).catch((error) => {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  });
}
