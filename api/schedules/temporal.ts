import {
  ScheduleAlreadyRunning,
  ScheduleNotFoundError,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleDescription,
  type ScheduleOptions,
  type ScheduleSpec,
} from '@temporalio/client';
import type { Config } from '../../core/config';
import { durationSeconds } from '../../core/schedules';
import { newId } from '../../core/ids';
import type { Schedule } from '../../db/entities/schedules';
import type * as workflows from '../../workflows';
import { QaOrgId, QaTestPlanId, scheduleWorkflowId, type ScheduledPlanInput } from '../../workflows/contracts';

const PAUSED_NOTE = 'paused through the API';

/** Temporal reads durations in milliseconds when given numbers. */
const ms = (text: string) => (durationSeconds(text) ?? 0) * 1000;

function specOf(record: Schedule): ScheduleSpec {
  const jitter = record.jitter ? { jitter: ms(record.jitter) } : {};
  if (record.cron) return { cronExpressions: [record.cron], timezone: record.timezone ?? 'UTC', ...jitter };
  return { intervals: [{ every: ms(record.every!) }], ...jitter };
}

/** The Temporal Schedule a record asks for: its fires start `scheduledPlanWorkflow` with ids only. */
export function scheduleOptions(config: Config, record: Schedule) {
  const attributes = [
    { key: QaOrgId, value: record.orgId },
    { key: QaTestPlanId, value: record.testPlanId },
  ];
  const input: ScheduledPlanInput = { scheduleId: record.id, orgId: record.orgId, revision: record.revision };
  return {
    scheduleId: scheduleWorkflowId(record.id),
    spec: specOf(record),
    action: {
      type: 'startWorkflow' as const,
      workflowType: 'scheduledPlanWorkflow' satisfies keyof typeof workflows,
      workflowId: scheduleWorkflowId(record.id),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [input],
      typedSearchAttributes: attributes,
    },
    policies: {
      overlap: record.overlap === 'skip' ? ScheduleOverlapPolicy.SKIP : ScheduleOverlapPolicy.BUFFER_ONE,
      catchupWindow: `${config.SCHEDULE_CATCHUP_WINDOW_SECONDS}s`,
      pauseOnFailure: false,
    },
    state: { paused: record.paused, ...(record.paused ? { note: PAUSED_NOTE } : {}) },
    typedSearchAttributes: attributes,
    memo: { name: record.name },
  } satisfies ScheduleOptions;
}

const revisionOf = (description: ScheduleDescription): number => {
  const args = description.action.type === 'startWorkflow' ? description.action.args : undefined;
  return Number((args?.[0] as ScheduledPlanInput | undefined)?.revision ?? -1);
};

/**
 * Brings the record's Temporal Schedule in line with it: creates it when missing (a write cut short,
 * a Schedule deleted in the Temporal UI), updates it when it mirrors an older revision or another
 * pause state. A Schedule already at a newer revision is left alone (a later write got there first).
 */
export async function syncSchedule(
  client: Client,
  config: Config,
  record: Schedule,
): Promise<'created' | 'updated' | 'unchanged'> {
  const options = scheduleOptions(config, record);
  const handle = client.schedule.getHandle(options.scheduleId);
  let description: ScheduleDescription | null = null;
  try {
    description = await handle.describe();
  } catch (error) {
    if (!(error instanceof ScheduleNotFoundError)) throw error;
  }
  if (!description) {
    try {
      await client.schedule.create(options);
      return 'created';
    } catch (error) {
      if (!(error instanceof ScheduleAlreadyRunning)) throw error;
      description = await handle.describe();
    }
  }
  const revision = revisionOf(description);
  if (revision > record.revision) return 'unchanged';
  if (revision === record.revision && description.state.paused === record.paused) return 'unchanged';
  await handle.update((previous) => {
    if (revisionOf(previous) > record.revision) return previous as never;
    return {
      spec: options.spec,
      action: options.action,
      policies: options.policies,
      state: options.state,
      typedSearchAttributes: options.typedSearchAttributes,
    };
  });
  return 'updated';
}

/** Removes a record's Temporal Schedule; one already gone is fine. Running fires finish. */
export async function removeSchedule(client: Client, scheduleId: string): Promise<void> {
  try {
    await client.schedule.getHandle(scheduleWorkflowId(scheduleId)).delete();
  } catch (error) {
    if (!(error instanceof ScheduleNotFoundError)) throw error;
  }
}

/**
 * Fires a schedule now (a "run now"): the same workflow a Schedule fire starts, under an id of its
 * own. Not the Schedule's trigger: Temporal names triggered fires by the second, so two run-nows
 * within one second would make one fire.
 */
export async function fireNow(client: Client, config: Config, record: Schedule): Promise<string> {
  const { action } = scheduleOptions(config, record);
  const workflowId = `${scheduleWorkflowId(record.id)}-now-${newId('sch').slice(4)}`;
  await client.workflow.start<(typeof workflows)['scheduledPlanWorkflow']>('scheduledPlanWorkflow', {
    workflowId,
    taskQueue: action.taskQueue,
    args: action.args as [ScheduledPlanInput],
    typedSearchAttributes: action.typedSearchAttributes,
    priority: { fairnessKey: record.orgId },
  });
  return workflowId;
}

/** When the Schedule fires next, if Temporal can say. */
export async function nextFireAt(client: Client, scheduleId: string): Promise<number | null> {
  const description = await client.schedule.getHandle(scheduleWorkflowId(scheduleId)).describe();
  return description.info.nextActionTimes[0]?.getTime() ?? null;
}
