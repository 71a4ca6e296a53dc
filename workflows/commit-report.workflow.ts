import { ParentClosePolicy, patched, proxyActivities, sleep, startChild } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import {
  commitReportWorkflowId,
  type CommitReportActivities,
  type CommitReportWorkflowInput,
  type CommitStage,
} from './contracts';

/**
 * GitHub being down or rate-limiting delays the report, never the Run: the activity is retried
 * with backoff for a day (a secondary rate limit's Retry-After sets the next delay).
 */
const { reportCommit } = proxyActivities<CommitReportActivities>({
  startToCloseTimeout: '60 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 minutes' },
  scheduleToCloseTimeout: '24 hours',
});

/** How often, and how many times, the start report looks whether a Run runs yet. */
const POLL_MS = 2000;
const POLLS = 150;

/** One report of a plan group to its commit (`commit-report-<group>-start|end`). */
export async function commitReportWorkflow(input: CommitReportWorkflowInput): Promise<CommitStage> {
  let stage = await reportCommit(input.orgId, input.planGroupId);
  // From queued to in progress: the first Run a runner claims moves the check.
  for (let i = 0; input.moment === 'start' && stage === 'queued' && i < POLLS; i++) {
    await sleep(POLL_MS);
    stage = await reportCommit(input.orgId, input.planGroupId);
  }
  return stage;
}

/**
 * Starts a report of the group to its commit, which outlives the group (ABANDON), so a slow
 * GitHub never holds the group or its Runs. Histories from before reports replay unchanged.
 */
export async function reportToCommit(input: CommitReportWorkflowInput & { commitReport?: boolean }): Promise<void> {
  if (!input.commitReport || !patched('commit-report')) return;
  try {
    await startChild(commitReportWorkflow, {
      workflowId: commitReportWorkflowId(input.planGroupId, input.moment),
      args: [{ orgId: input.orgId, planGroupId: input.planGroupId, moment: input.moment }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}
