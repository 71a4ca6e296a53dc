import { proxyActivities } from '@temporalio/workflow';
import { deliverOnSchedule } from './delivery-schedule';
import type {
  NotificationActivities,
  NotificationAttemptActivities,
  NotificationDeliveryWorkflowInput,
  WebhookDeliveryOutcome,
} from './contracts';

const bookkeeping = proxyActivities<NotificationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

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
  return deliverOnSchedule(input, attemptNotification, bookkeeping.finishNotification);
}
