import { patched, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { SearchAttributePair } from '@temporalio/common';
import { runChildren } from './child-runs';
import { runScheduled } from './scheduled-children';
import type { PlanGroupActivities, PlanGroupWorkflowInput, RunOutcome } from './contracts';
import { announce } from './webhook.workflow';
import { reportToCommit } from './commit-report.workflow';

const bookkeeping = proxyActivities<PlanGroupActivities>({
  startToCloseTimeout: '60 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/**
 * One plan trigger: runs every member Run as a child workflow, at most `window` at a time, and
 * finishes when all have finished. Children inherit the group's plan and environment attributes.
 * The members start in the order an activity computes from their history (failed last time
 * first, then longest first); the group stops early on fail fast or when a newer group
 * supersedes it. Histories from before that ordering start them in listed order (patched).
 */
export async function planGroupWorkflow(input: PlanGroupWorkflowInput): Promise<Record<string, RunOutcome>> {
  const inherited: SearchAttributePair[] = workflowInfo()
    .typedSearchAttributes.getAll()
    .filter((pair) => pair.key.name === 'QaTestPlanId' || pair.key.name === 'QaEnvironment');
  const report = { orgId: input.orgId, planGroupId: input.planGroupId, commitReport: input.commitReport };
  await reportToCommit({ ...report, moment: 'start' });
  const outcomes = patched('plan-group-scheduling')
    ? await runScheduled({ input, inherited, bookkeeping })
    : await runChildren(input.orgId, input.runs, input.window, inherited);
  await reportToCommit({ ...report, moment: 'end' });
  await announce(input.orgId, 'plan_group.completed', input.planGroupId);
  return outcomes;
}
