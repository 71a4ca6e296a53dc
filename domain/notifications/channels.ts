import type { EntityManager } from 'typeorm';
import type { Config } from '../../core/config';
import { newId } from '../../core/ids';
import type { GroupSummary } from '../../core/notifications';
import type { NotificationChannel } from '../../db/entities/notifications';
import { notificationRepository } from '../../db/repositories/notifications';
import { notificationWorkflowId, type PreparedNotification } from '../../workflows/contracts';

/** The sealing context of a channel's URL: a ciphertext copied to another channel does not open. */
export const channelUrlContext = (channelId: string) => `channel:${channelId}`;

/**
 * Stores one message to a channel and answers the workflow that carries it. The workflow id is
 * channel × subject and the row is stored once per workflow id, so deciding twice sends once.
 */
export async function prepareMessage(
  db: EntityManager,
  config: Pick<Config, 'WEBHOOK_TASK_QUEUE' | 'WEBHOOK_RETRY_SCHEDULE'>,
  message: { channel: NotificationChannel; subjectId: string; summary: GroupSummary; retry: boolean },
): Promise<PreparedNotification> {
  const { channel, subjectId } = message;
  const workflowId = notificationWorkflowId(channel.id, subjectId);
  const now = Date.now();
  const row = await notificationRepository.putDelivery(db, {
    id: newId('ntd'),
    orgId: channel.orgId,
    channelId: channel.id,
    subjectId,
    workflowId,
    summary: message.summary,
    status: 'pending',
    attempts: 0,
    lastStatusCode: null,
    lastError: null,
    createdAt: now,
    updatedAt: now,
  });
  return {
    workflowId,
    input: {
      deliveryId: row.id,
      orgId: channel.orgId,
      channelId: channel.id,
      attemptQueue: config.WEBHOOK_TASK_QUEUE,
      scheduleSeconds: [...config.WEBHOOK_RETRY_SCHEDULE],
      retry: message.retry,
    },
  };
}

/** The message "send a test message" sends: every part of a real one, with made-up names. */
export function testSummary(config: Pick<Config, 'BASE_URL'>, channelName: string): GroupSummary {
  const consoleUrl = `${config.BASE_URL}/console/plan-groups`;
  return {
    planGroupId: 'test',
    planName: `Test message for ${channelName}`,
    verdict: 'test',
    counts: { runs: 2, passed: 1, failed: 1, other: 0 },
    failed: [{ name: 'Example case', status: 'failed', diagnosis: 'application: an example diagnosis', consoleUrl }],
    consoleUrl,
    reportUrl: consoleUrl,
  };
}

/** Whether a delivery is of a real plan group (a test message's subject is its own key). */
export const isGroupMessage = (subjectId: string) => subjectId.startsWith('pgr_');
