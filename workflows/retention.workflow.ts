import { continueAsNew, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { PurgeCounts, PurgePhase, RetentionActivities, RetentionPurgeInput } from './contracts';

// A batch that keeps failing (an object store refusing deletes) fails this purge after a few tries;
// tomorrow's scheduled purge starts over, and every batch is safe to repeat.
const purge = proxyActivities<RetentionActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3 },
});

const phases: PurgePhase[] = ['media', 'runs', 'webhookLog'];

/** Batches per execution before continue-as-new keeps the history short. */
const BATCHES_PER_EXECUTION = 500;

/**
 * The daily purge (started by the `retention-purge` Schedule): expired media of ended, unpinned
 * Runs (object first, then its row), then Run records past their organization's days, then
 * webhook delivery-log entries older than 30 days. Answers what it removed.
 */
export async function retentionPurgeWorkflow(input: RetentionPurgeInput): Promise<PurgeCounts> {
  const asOf = input.asOf ?? workflowInfo().startTime.getTime();
  const limit = input.batchSize ?? 100;
  const counts: PurgeCounts = input.counts ?? { media: 0, runs: 0, webhookDeliveries: 0, webhookAttempts: 0 };
  let batches = 0;
  for (let p = phases.indexOf(input.phase ?? 'media'); p < phases.length; p++) {
    for (let more = true; more;) {
      if (batches++ >= BATCHES_PER_EXECUTION)
        await continueAsNew<typeof retentionPurgeWorkflow>({ asOf, batchSize: limit, phase: phases[p], counts });
      if (phases[p] === 'media') {
        const done = await purge.purgeExpiredMedia(asOf, limit);
        counts.media += done.media;
        more = done.more;
      } else if (phases[p] === 'runs') {
        const done = await purge.purgeExpiredRuns(asOf, limit);
        counts.runs += done.runs;
        counts.media += done.media;
        more = done.more;
      } else {
        const done = await purge.purgeWebhookLog(asOf, limit);
        counts.webhookDeliveries += done.deliveries;
        counts.webhookAttempts += done.attempts;
        more = done.more;
      }
    }
  }
  return counts;
}
