import { isCancellation, proxyActivities, sleep } from '@temporalio/workflow';
import type {
  NotificationActivities,
  NotificationAttemptActivities,
  NotificationDeliveryWorkflowInput,
  WebhookAttemptResult,
  WebhookDeliveryOutcome,
} from './contracts';

const bookkeeping = proxyActivities<NotificationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/** The longest Retry-After honoured (Slack answers 429 with one). */
const MAX_RETRY_AFTER_MS = 24 * 3600 * 1000;

/**
 * One message to a Slack or Teams channel (`notify-<channel>-<subject>`), delivered as webhooks
 * are: each attempt an activity on the webhook queue (15 s), the waits between them timers on the
 * webhook schedule with ±10 % jitter or the receiver's Retry-After. It never holds up a Run: the
 * group's event workflow starts it and does not wait.
 */
export async function notificationDeliveryWorkflow(
  input: NotificationDeliveryWorkflowInput,
): Promise<WebhookDeliveryOutcome> {
  const { attemptNotification } = proxyActivities<NotificationAttemptActivities>({
    taskQueue: input.attemptQueue,
    startToCloseTimeout: '15 seconds',
    // The schedule is the retry policy; a lost attempt (a worker died) counts as a retryable failure.
    retry: { maximumAttempts: 1 },
  });
  const schedule = input.retry ? input.scheduleSeconds : input.scheduleSeconds.slice(0, 1);
  let retryAfterMs = 0;
  for (let i = 0; i < schedule.length; i++) {
    const planned = schedule[i] * 1000 * (i === 0 ? 1 : 0.9 + Math.random() * 0.2);
    const wait = Math.max(planned, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
    if (wait > 0) await sleep(wait);
    let result: WebhookAttemptResult;
    try {
      result = await attemptNotification(input.deliveryId, i + 1);
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
    await bookkeeping.finishNotification(input.deliveryId, outcome);
    return outcome;
  }
  await bookkeeping.finishNotification(input.deliveryId, 'failed');
  return 'failed';
}
