import { z } from 'zod';
import { webhookEventType } from '../../core/webhooks';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../db/entities/webhooks';

/** Webhook endpoints and their deliveries as the resource-style API shows them. */
export const endpointView = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventType),
  enabled: z.boolean(),
  description: z.string(),
  disabledReason: z.string().optional().describe('Why the service disabled the endpoint (410 Gone, days of failures).'),
  secretRotatedUntil: z
    .number()
    .int()
    .optional()
    .describe('After a rotation: until when (epoch ms) the previous secret also signs.'),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export const withSecret = endpointView.extend({
  secret: z.string().describe('The signing secret (whsec_…). Shown only in this response: store it now.'),
});

const attemptView = z.object({
  attempt: z.number().int(),
  at: z.number().int().describe('When the attempt started (epoch ms).'),
  durationMs: z.number().int(),
  statusCode: z.number().int().optional().describe("The receiver's HTTP status; omitted when none came back."),
  errorClass: z
    .enum(['http_status', 'timeout', 'network', 'egress_refused'])
    .optional()
    .describe('Why the attempt did not succeed; omitted for a 2xx.'),
  response: z.string().optional().describe('The first 8 KB of the response body (or the network error).'),
});
export const deliveryView = z.object({
  id: z.string(),
  webhookId: z.string(),
  eventId: z.string().describe('The webhook-id header of every attempt and redelivery of this event.'),
  eventType: z.string(),
  workflowId: z.string().describe('The Temporal workflow carrying this delivery (see it in the Temporal UI).'),
  status: z.enum(['pending', 'delivered', 'failed', 'skipped']),
  attempts: z.array(attemptView),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});

export function presentEndpoint(e: WebhookEndpoint, now = Date.now()) {
  return {
    id: e.id,
    url: e.url,
    events: e.events as z.infer<typeof webhookEventType>[],
    enabled: e.enabled,
    description: e.description,
    ...(e.disabledReason ? { disabledReason: e.disabledReason } : {}),
    ...(e.previousSecretSealed && (e.previousSecretExpiresAt ?? 0) > now
      ? { secretRotatedUntil: e.previousSecretExpiresAt! }
      : {}),
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

const presentAttempt = (a: WebhookAttempt) => ({
  attempt: a.attempt,
  at: a.startedAt,
  durationMs: a.durationMs,
  ...(a.statusCode !== null ? { statusCode: a.statusCode } : {}),
  ...(a.errorClass ? { errorClass: a.errorClass as 'http_status' } : {}),
  ...(a.responseExcerpt ? { response: a.responseExcerpt } : {}),
});

/** A delivery as the API shows it, with its attempts and the type of the event it carries. */
export const presentDelivery = (row: WebhookDelivery, attempts: WebhookAttempt[], eventType: string) => ({
  id: row.id,
  webhookId: row.endpointId,
  eventId: row.eventId,
  eventType,
  workflowId: row.workflowId,
  status: row.status,
  attempts: attempts.map(presentAttempt),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});
