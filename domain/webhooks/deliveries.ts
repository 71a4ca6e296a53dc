import type { EntityManager } from 'typeorm';
import type { Config } from '../../core/config';
import { newId } from '../../core/ids';
import type { WebhookEndpoint, WebhookEventRow } from '../../db/entities/webhooks';
import { webhookRepository } from '../../db/repositories/webhooks';
import { webhookDeliveryWorkflowId, type WebhookDeliveryWorkflowInput } from '../../workflows/contracts';

/**
 * Records one delivery of an event to an endpoint and answers the workflow that carries it.
 * The workflow id is deterministic (event × endpoint, plus the delivery id for a redelivery), and
 * the row is stored once per workflow id, so preparing the same delivery twice changes nothing.
 */
export async function prepareDelivery(
  db: EntityManager,
  config: Pick<Config, 'WEBHOOK_TASK_QUEUE' | 'WEBHOOK_RETRY_SCHEDULE'>,
  event: WebhookEventRow,
  endpoint: WebhookEndpoint,
  options: { retry: boolean; redelivery?: boolean } = { retry: true },
): Promise<{ workflowId: string; input: WebhookDeliveryWorkflowInput }> {
  const id = newId('whd');
  const workflowId = webhookDeliveryWorkflowId(event.id, endpoint.id, options.redelivery ? id : undefined);
  const now = Date.now();
  const row = await webhookRepository.putDelivery(db, {
    id,
    orgId: endpoint.orgId,
    endpointId: endpoint.id,
    eventId: event.id,
    workflowId,
    status: 'pending',
    attempts: 0,
    createdAt: now,
    updatedAt: now,
  });
  return {
    workflowId,
    input: {
      deliveryId: row.id,
      orgId: endpoint.orgId,
      eventId: event.id,
      endpointId: endpoint.id,
      attemptQueue: config.WEBHOOK_TASK_QUEUE,
      scheduleSeconds: [...config.WEBHOOK_RETRY_SCHEDULE],
      retry: options.retry,
    },
  };
}
