import { z } from 'zod';
import { channelKind, routingRule } from '../../core/notifications';
import type { NotificationChannel, NotificationDelivery } from '../../db/entities/notifications';

/** A channel as the API shows it: never its URL (written once, like a secret). */
export const channelView = z.object({
  id: z.string(),
  name: z.string(),
  kind: channelKind,
  rules: z.array(routingRule),
  enabled: z.boolean(),
  failureStreak: z
    .number()
    .int()
    .describe('Messages in a row that finally failed since the last delivered one: above 0 is a warning to act on.'),
  failingSince: z
    .number()
    .int()
    .optional()
    .describe('When the failing streak began (epoch ms); omitted while healthy.'),
  lastError: z
    .string()
    .optional()
    .describe("The last failure: the receiver's status and answer, or the network error."),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});

export const notificationView = z.object({
  id: z.string(),
  channelId: z.string(),
  planGroupRunId: z.string().optional().describe('The plan group the message tells of; omitted for a test message.'),
  verdict: z.string().describe("The group's verdict as the message tells it (`test` for a test message)."),
  previousVerdict: z.string().optional().describe('The verdict before, when the message tells of a change of state.'),
  workflowId: z.string().describe('The Temporal workflow carrying this message.'),
  status: z.enum(['pending', 'delivered', 'failed', 'skipped']),
  attempts: z.number().int(),
  statusCode: z.number().int().optional().describe("The channel's HTTP status on the last attempt."),
  error: z.string().optional().describe('Why the last attempt did not succeed.'),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});

export function presentChannel(c: NotificationChannel): z.infer<typeof channelView> {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    rules: c.rules,
    enabled: c.enabled,
    failureStreak: c.failureStreak,
    ...(c.failingSince !== null ? { failingSince: c.failingSince } : {}),
    ...(c.lastError !== null ? { lastError: c.lastError } : {}),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

export function presentNotification(d: NotificationDelivery): z.infer<typeof notificationView> {
  return {
    id: d.id,
    channelId: d.channelId,
    ...(d.subjectId.startsWith('pgr_') ? { planGroupRunId: d.subjectId } : {}),
    verdict: d.summary.verdict,
    ...(d.summary.previousVerdict ? { previousVerdict: d.summary.previousVerdict } : {}),
    workflowId: d.workflowId,
    status: d.status,
    attempts: d.attempts,
    ...(d.lastStatusCode !== null ? { statusCode: d.lastStatusCode } : {}),
    ...(d.lastError !== null ? { error: d.lastError } : {}),
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}
