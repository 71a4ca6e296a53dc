import { executeChild, ParentClosePolicy, proxyActivities, workflowInfo } from '@temporalio/workflow';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import {
  planGroupWorkflowId,
  QaEnvironment,
  QaOrgId,
  QaTestPlanId,
  type ScheduleActivities,
  type ScheduledPlanInput,
} from './contracts';
import { planGroupWorkflow } from './plan-group.workflow';
import { announce } from './webhook.workflow';

const bookkeeping = proxyActivities<ScheduleActivities>({
  startToCloseTimeout: '60 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/** Set by Temporal on every workflow a Schedule starts: when the fire was due. */
const ScheduledStartTime = defineSearchAttributeKey('TemporalScheduledStartTime', SearchAttributeType.DATETIME);

/**
 * One fire of a schedule (`schedule-<id>-<time>`): queues the plan group as a trigger does, runs
 * it as a child and stays open until it ends, so the Schedule's overlap policy sees a running
 * group; then records the schedule's state and announces a change of it.
 */
export async function scheduledPlanWorkflow(input: ScheduledPlanInput): Promise<string> {
  const info = workflowInfo();
  const startedAt = info.startTime.getTime();
  const due = info.typedSearchAttributes.get(ScheduledStartTime);
  const fire = await bookkeeping.queueScheduledFire({
    scheduleId: input.scheduleId,
    fireId: info.workflowId,
    dueAt: due ? due.getTime() : startedAt,
    startedAt,
  });
  if (fire.status !== 'queued') return fire.status;
  await executeChild(planGroupWorkflow, {
    workflowId: planGroupWorkflowId(fire.group.planGroupId),
    args: [fire.group],
    parentClosePolicy: ParentClosePolicy.REQUEST_CANCEL,
    // The organization is the fairness key, as for a plan triggered through the API.
    priority: { fairnessKey: input.orgId },
    typedSearchAttributes: [
      { key: QaOrgId, value: input.orgId },
      { key: QaTestPlanId, value: fire.testPlanId },
      ...(fire.environmentSlug ? [{ key: QaEnvironment, value: fire.environmentSlug }] : []),
    ],
  });
  const { announce: changed } = await bookkeeping.finishScheduledFire(info.workflowId);
  if (changed) await announce(input.orgId, 'schedule.state_changed', fire.group.planGroupId);
  return 'completed';
}
