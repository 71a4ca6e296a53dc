import { DAY_MS, WEBHOOK_LOG_DAYS } from '../../core/retention';
import { retentionRepository, type ExpiredMedia } from '../../db/repositories/retention';
import type { RetentionActivities } from '../../workflows/contracts';
import type { ActivityDeps } from '../deps';

/**
 * Removes media in the one order that a kill at any point leaves consistent: the Runs are marked
 * (evidence stops linking), then the objects go (a missing one is fine), then the rows. A repeat
 * finds the same rows and finishes the job.
 */
async function removeMedia({ db, storage }: Pick<ActivityDeps, 'db' | 'storage'>, media: ExpiredMedia[]) {
  await retentionRepository.markMediaExpired(db.manager, [...new Set(media.map((m) => m.runId))], Date.now());
  for (const m of media) await storage.delete(m.storageKey);
  return retentionRepository.deleteMediaRows(
    db.manager,
    media.map((m) => m.id),
  );
}

/**
 * Removes the screenshots of plan generations older than their organization's mediaDays: the
 * objects first (a missing one is fine), then the proposal loses its keys, so a repeat after a
 * kill finds the same generation and finishes the job.
 */
export async function purgeGenerationShots(
  { db, storage }: Pick<ActivityDeps, 'db' | 'storage'>,
  asOf: number,
  limit: number,
): Promise<{ shots: number; more: boolean }> {
  const generations = await retentionRepository.expiredGenerationShots(db.manager, asOf, limit);
  let shots = 0;
  for (const g of generations) {
    for (const key of g.proposal.cases.flatMap((c) => c.screenshots)) {
      await storage.delete(key);
      shots++;
    }
    await retentionRepository.clearGenerationShots(db.manager, g.planId, g.proposal);
  }
  return { shots, more: generations.length === limit };
}

/** Activities of the orchestration queue that carry out the retention purge, one bounded batch each. */
export function retentionActivities(deps: Pick<ActivityDeps, 'db' | 'storage' | 'log'>): RetentionActivities {
  const { db, log } = deps;
  return {
    async purgeExpiredMedia(asOf, limit) {
      const media = await retentionRepository.expiredMedia(db.manager, asOf, limit);
      const removed = await removeMedia(deps, media);
      // Plan generations' screenshots go in the same batch (no workflow change for old histories).
      const generations = await purgeGenerationShots(deps, asOf, limit);
      if (removed || generations.shots)
        log.info('retention: media removed', { count: removed, generationScreenshots: generations.shots });
      return { media: removed + generations.shots, more: media.length === limit || generations.more };
    },

    async purgeExpiredRuns(asOf, limit) {
      const runIds = await retentionRepository.expiredRuns(db.manager, asOf, limit);
      const media = await removeMedia(deps, await retentionRepository.mediaOfRuns(db.manager, runIds));
      const runs = await retentionRepository.deleteRuns(db.manager, runIds);
      if (runs) log.info('retention: Run records removed', { count: runs, media });
      return { runs, media, more: runIds.length === limit };
    },

    async purgeWebhookLog(asOf, limit) {
      const done = await retentionRepository.deleteWebhookLog(db.manager, asOf - WEBHOOK_LOG_DAYS * DAY_MS, limit);
      if (done.attempts || done.deliveries) log.info('retention: webhook delivery log trimmed', done);
      return done;
    },
  };
}
