import { isCancellation, ParentClosePolicy, startChild, workflowInfo } from '@temporalio/workflow';
import { QaOrgId, QaRunId, QaRunStatus } from './search-attributes';
import { runWorkflow } from './run.workflow';
import type { PlanGroupWorkflowInput, RunOutcome } from './types';

/**
 * One plan trigger: runs every member Run as a child workflow (`run-<id>`), at most `window`
 * at a time, and finishes when all have finished. Canceling the group cancels its children,
 * which record themselves as canceled.
 */
export async function planGroupWorkflow(input: PlanGroupWorkflowInput): Promise<Record<string, RunOutcome>> {
  const outcomes: Record<string, RunOutcome> = {};
  const queue = [...input.runs];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const run = next;
      const child = await startChild(runWorkflow, {
        workflowId: `run-${run.runId}`,
        args: [run],
        taskQueue: workflowInfo().taskQueue,
        parentClosePolicy: ParentClosePolicy.REQUEST_CANCEL,
        typedSearchAttributes: [
          { key: QaOrgId, value: input.orgId },
          { key: QaRunId, value: run.runId },
          { key: QaRunStatus, value: 'queued' },
          ...inherited(),
        ],
      });
      try {
        outcomes[run.runId] = await child.result();
      } catch (error) {
        if (isCancellation(error)) throw error;
        outcomes[run.runId] = 'invalid'; // the child recorded its own state; the group goes on
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(input.window, input.runs.length)) }, lane));
  return outcomes;
}

/** The plan and environment attributes the group was started with. */
function inherited() {
  const attributes = workflowInfo().typedSearchAttributes;
  return attributes.getAll().filter((pair) => pair.key.name === 'QaTestPlanId' || pair.key.name === 'QaEnvironment');
}
