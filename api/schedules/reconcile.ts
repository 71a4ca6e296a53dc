import type { Client } from '@temporalio/client';
import { scheduleRepository } from '../../db/repositories/schedules';
import { removeSchedule, syncSchedule } from './temporal';
import type { AppDeps } from '../pipeline/deps';

const BATCH = 200;
const PREFIX = 'schedule-sch_';

export interface ReconcileCounts {
  created: number;
  updated: number;
  removed: number;
  failed: number;
}

/**
 * One pass that makes the Temporal Schedules match the records: each record's Schedule is created
 * or brought to its revision, and a Schedule whose record is gone is deleted. Every step is
 * idempotent, so passes from several API processes at once agree.
 */
export async function reconcileSchedules(deps: AppDeps): Promise<ReconcileCounts> {
  const client = await deps.temporal();
  const counts: ReconcileCounts = { created: 0, updated: 0, removed: 0, failed: 0 };
  for (let after: string | null = null; ;) {
    const batch = await scheduleRepository.batch(deps.db.manager, after, BATCH);
    for (const record of batch) {
      try {
        const done = await syncSchedule(client, deps.config, record);
        if (done !== 'unchanged') counts[done]++;
      } catch (error) {
        counts.failed++;
        deps.log.warn('schedule reconcile failed', { scheduleId: record.id, error: (error as Error).message });
      }
    }
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1].id;
  }
  counts.removed = await removeOrphans(deps, client);
  return counts;
}

async function removeOrphans(deps: AppDeps, client: Client): Promise<number> {
  let removed = 0;
  for await (const summary of client.schedule.list({ pageSize: 500 })) {
    if (!summary.scheduleId.startsWith(PREFIX)) continue;
    const id = summary.scheduleId.slice('schedule-'.length);
    if (await scheduleRepository.byId(deps.db.manager, id)) continue;
    await removeSchedule(client, id);
    removed++;
  }
  return removed;
}

/** Reconciles at start-up and then every SCHEDULE_RECONCILE_INTERVAL_MS; returns a stop function. */
export function startScheduleReconciler(deps: AppDeps): () => void {
  const every = deps.config.SCHEDULE_RECONCILE_INTERVAL_MS;
  if (!every) return () => {};
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const pass = async () => {
    try {
      const counts = await reconcileSchedules(deps);
      if (counts.created || counts.updated || counts.removed || counts.failed)
        deps.log.info('schedules reconciled', { ...counts });
    } catch (error) {
      // Temporal or the database is down: the next pass repairs what this one could not.
      deps.log.warn('schedule reconcile pass failed', { error: (error as Error).message });
    }
    if (!stopped) timer = setTimeout(pass, every);
  };
  void pass();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
