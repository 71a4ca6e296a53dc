import { Client, ScheduleAlreadyRunning, ScheduleOverlapPolicy, type ScheduleOptions } from '@temporalio/client';
import type { Config } from '../../core/config';
import type * as workflows from '../../workflows';
import { RETENTION_SCHEDULE_ID } from '../../workflows/contracts';

/** The daily purge's Schedule as this configuration wants it. */
function retentionSchedule(config: Config): ScheduleOptions {
  return {
    scheduleId: RETENTION_SCHEDULE_ID,
    spec: { cronExpressions: [config.RETENTION_PURGE_CRON] },
    action: {
      type: 'startWorkflow',
      workflowType: 'retentionPurgeWorkflow' satisfies keyof typeof workflows,
      workflowId: RETENTION_SCHEDULE_ID,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [{ batchSize: config.RETENTION_BATCH_SIZE }],
    },
    policies: {
      // A purge still running (a huge backlog) is not joined by a second one; a missed day is caught up once.
      overlap: ScheduleOverlapPolicy.SKIP,
      catchupWindow: '1 day',
    },
  };
}

/**
 * Creates the `retention-purge` Schedule, or brings an existing one to this configuration (cron,
 * task queue, batch size), so every worker start leaves exactly one Schedule as configured.
 */
export async function ensureRetentionSchedule(client: Client, config: Config): Promise<void> {
  const options = retentionSchedule(config);
  try {
    await client.schedule.create(options);
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    await client.schedule.getHandle(RETENTION_SCHEDULE_ID).update((previous) => ({
      ...previous,
      spec: options.spec,
      action: options.action,
      policies: { ...previous.policies, ...options.policies },
    }));
  }
}
