import { ParentClosePolicy, patched, proxyActivities, startChild } from '@temporalio/workflow';
import { deliverOnSchedule } from './delivery-schedule';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { notificationDeliveryWorkflow } from './notification.workflow';
import {
  webhookEventWorkflowId,
  type NotificationActivities,
  type WebhookActivities,
  type WebhookAttemptActivities,
  type WebhookDeliveryOutcome,
  type WebhookDeliveryWorkflowInput,
  type WebhookEventKind,
  type WebhookEventWorkflowInput,
} from './contracts';

const bookkeeping = proxyActivities<WebhookActivities & NotificationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

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
  return deliverOnSchedule(input, attemptWebhookDelivery, bookkeeping.finishWebhookDelivery);
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
