import { isCancellation, sleep } from '@temporalio/workflow';
import type { WebhookAttemptResult, WebhookDeliveryOutcome } from './contracts';

/** The longest Retry-After honoured: a receiver cannot park a delivery for longer than a day. */
const MAX_RETRY_AFTER_MS = 24 * 3600 * 1000;

/**
 * Delivers one message on a retry schedule, as webhooks and notification channels both are: each
 * attempt an activity, the waits between them timers on the schedule with ±10 % jitter, or longer
 * when the receiver sent Retry-After. A lost attempt (its worker died) counts as a retryable
 * failure. `finish` records the outcome once.
 */
export async function deliverOnSchedule(
  input: { deliveryId: string; scheduleSeconds: number[]; retry: boolean },
  attempt: (deliveryId: string, attemptNumber: number) => Promise<WebhookAttemptResult>,
  finish: (deliveryId: string, outcome: WebhookDeliveryOutcome) => Promise<void>,
): Promise<WebhookDeliveryOutcome> {
  const schedule = input.retry ? input.scheduleSeconds : input.scheduleSeconds.slice(0, 1);
  let retryAfterMs = 0;
  for (let i = 0; i < schedule.length; i++) {
    const planned = schedule[i] * 1000 * (i === 0 ? 1 : 0.9 + Math.random() * 0.2);
    const wait = Math.max(planned, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
    if (wait > 0) await sleep(wait);
    let result: WebhookAttemptResult;
    try {
      result = await attempt(input.deliveryId, i + 1);
    } catch (error) {
      if (isCancellation(error)) throw error;
      result = { outcome: 'retry' };
    }
    if (result.outcome === 'retry') {
      retryAfterMs = result.retryAfterMs ?? 0;
      continue;
    }
    const outcome: WebhookDeliveryOutcome =
      result.outcome === 'delivered' ? 'delivered' : result.outcome === 'skipped' ? 'skipped' : 'failed';
    await finish(input.deliveryId, outcome);
    return outcome;
  }
  await finish(input.deliveryId, 'failed');
  return 'failed';
}
