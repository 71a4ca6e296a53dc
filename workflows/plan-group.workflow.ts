import { workflowInfo } from '@temporalio/workflow';
import { runChildren } from './child-runs';
import type { PlanGroupWorkflowInput, RunOutcome } from './contracts';
import { announce } from './webhook.workflow';
import { reportToCommit } from './commit-report.workflow';

/**
 * One plan trigger: runs every member Run as a child workflow, at most `window` at a time, and
 * finishes when all have finished. Children inherit the group's plan and environment attributes.
 */
export async function planGroupWorkflow(input: PlanGroupWorkflowInput): Promise<Record<string, RunOutcome>> {
  const inherited = workflowInfo()
    .typedSearchAttributes.getAll()
    .filter((pair) => pair.key.name === 'QaTestPlanId' || pair.key.name === 'QaEnvironment');
  const report = { orgId: input.orgId, planGroupId: input.planGroupId, commitReport: input.commitReport };
  await reportToCommit({ ...report, moment: 'start' });
  const outcomes = await runChildren(input.orgId, input.runs, input.window, inherited);
  await reportToCommit({ ...report, moment: 'end' });
  await announce(input.orgId, 'plan_group.completed', input.planGroupId);
  return outcomes;
}
