import { isCancellation, ParentClosePolicy, patched, proxyActivities, sleep, startChild } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { notificationDeliveryWorkflow } from './notification.workflow';
import {
  webhookEventWorkflowId,
  type NotificationActivities,
  type WebhookActivities,
  type WebhookAttemptActivities,
  type WebhookAttemptResult,
  type WebhookDeliveryOutcome,
  type WebhookDeliveryWorkflowInput,
  type WebhookEventKind,
  type WebhookEventWorkflowInput,
} from './contracts';

const bookkeeping = proxyActivities<WebhookActivities & NotificationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/** The longest Retry-After honoured: a receiver cannot park a delivery for longer than a day. */
const MAX_RETRY_AFTER_MS = 24 * 3600 * 1000;

/**
 * One event (`webhook-event-<type>-<subject>`): stores it once and starts one delivery workflow
 * per subscribed endpoint. The deliveries outlive this workflow (ABANDON) and carry their own
 * deterministic ids, so running this twice starts nothing twice.
 */
export async function webhookEventWorkflow(input: WebhookEventWorkflowInput): Promise<string> {
  const prepared = await bookkeeping.prepareWebhookEvent(input);
  for (const delivery of prepared.deliveries) {
    await startOnce(() =>
      startChild(webhookDeliveryWorkflow, {
        workflowId: delivery.workflowId,
        args: [delivery.input],
        parentClosePolicy: ParentClosePolicy.ABANDON,
      }),
    );
  }
  // Slack and Teams channels hear of ended plan groups; histories from before them replay unchanged.
  if (input.type === 'plan_group.completed' && patched('notification-channels')) {
    for (const message of await bookkeeping.prepareNotifications(input.orgId, input.subjectId)) {
      await startOnce(() =>
        startChild(notificationDeliveryWorkflow, {
          workflowId: message.workflowId,
          args: [message.input],
          parentClosePolicy: ParentClosePolicy.ABANDON,
        }),
      );
    }
  }
  return prepared.eventId;
}

/**
 * One delivery of an event to an endpoint. Each attempt is an activity on the webhook queue
 * (15 s); the waits between attempts are timers on the Standard Webhooks schedule with ±10 %
 * jitter, or longer when the receiver sent Retry-After. The Temporal UI shows every attempt.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryWorkflowInput): Promise<WebhookDeliveryOutcome> {
  const { attemptWebhookDelivery } = proxyActivities<WebhookAttemptActivities>({
    taskQueue: input.attemptQueue,
    startToCloseTimeout: '15 seconds',
    // The schedule above is the retry policy; a lost attempt (a worker died) counts as a retryable failure.
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
      result = await attemptWebhookDelivery(input.deliveryId, i + 1);
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
    await bookkeeping.finishWebhookDelivery(input.deliveryId, outcome);
    return outcome;
  }
  await bookkeeping.finishWebhookDelivery(input.deliveryId, 'failed');
  return 'failed';
}

/**
 * Announces that something reached its terminal state: starts its event workflow, which
 * outlives the caller (ABANDON). Histories recorded before webhooks replay unchanged (patched).
 */
export async function announce(orgId: string, type: WebhookEventKind, subjectId: string): Promise<void> {
  if (!patched('webhook-events')) return;
  await startOnce(() =>
    startChild(webhookEventWorkflow, {
      workflowId: webhookEventWorkflowId(type, subjectId),
      args: [{ orgId, type, subjectId }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
    }),
  );
}

async function startOnce(start: () => Promise<unknown>): Promise<void> {
  try {
    await start();
  } catch (error) {
    // Already started (a retried task, a redelivered start): the work is on its way.
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}
