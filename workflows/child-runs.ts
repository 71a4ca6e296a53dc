import { isCancellation, ParentClosePolicy, startChild, workflowInfo } from '@temporalio/workflow';
import type { SearchAttributePair } from '@temporalio/common';
import { QaOrgId, QaRunId, QaRunStatus, type RunOutcome, type RunWorkflowInput } from './contracts';
import { runWorkflow } from './run.workflow';

/** Starts one Run as a child workflow `run-<id>`, canceled with its parent. */
export function startRunChild(orgId: string, run: RunWorkflowInput, attributes: SearchAttributePair[]) {
  return startChild(runWorkflow, {
    workflowId: `run-${run.runId}`,
    args: [run],
    taskQueue: workflowInfo().taskQueue,
    parentClosePolicy: ParentClosePolicy.REQUEST_CANCEL,
    typedSearchAttributes: [
      { key: QaOrgId, value: orgId },
      { key: QaRunId, value: run.runId },
      { key: QaRunStatus, value: 'queued' },
      ...attributes,
    ],
  });
}

/**
 * Runs each Run as a child workflow `run-<id>`, at most `window` at a time (Temporal bounds the
 * pending children of one workflow). A child that fails has recorded its own state, so the
 * others go on; canceling the parent cancels the children, which record themselves canceled.
 */
export async function runChildren(
  orgId: string,
  runs: RunWorkflowInput[],
  window: number,
  attributes: SearchAttributePair[] = [],
): Promise<Record<string, RunOutcome>> {
  const outcomes: Record<string, RunOutcome> = {};
  const queue = [...runs];
  const lane = async () => {
    for (let run = queue.shift(); run; run = queue.shift()) {
      const child = await startRunChild(orgId, run, attributes);
      try {
        outcomes[run.runId] = await child.result();
      } catch (error) {
        if (isCancellation(error)) throw error;
        outcomes[run.runId] = 'invalid';
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(window, runs.length)) }, lane));
  return outcomes;
}
