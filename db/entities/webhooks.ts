import { EntitySchema } from 'typeorm';
import { column } from './json';
import type { WebhookEvent } from '../../core/webhooks';

const { id, ref, ms, json } = column;

/** An organization's webhook endpoint; its secrets are sealed (SecretBox, context `webhook:<id>`). */
export interface WebhookEndpoint {
  id: string;
  orgId: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  secretSealed: string;
  /** The secret before the last rotation: it still signs until previousSecretExpiresAt. */
  previousSecretSealed: string | null;
  previousSecretExpiresAt: number | null;
  /** When the first failed attempt since the last success happened; null while healthy. */
  failingSince: number | null;
  createdAt: number;
  updatedAt: number;
}
export const WebhookEndpointEntity = new EntitySchema<WebhookEndpoint>({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    url: { type: 'varchar', length: 2000 },
    description: { type: 'varchar', length: 500 },
    events: json,
    enabled: { type: 'boolean' },
    disabledReason: { type: 'varchar', length: 500, name: 'disabled_reason', nullable: true },
    secretSealed: { type: 'varchar', length: 500, name: 'secret_sealed' },
    previousSecretSealed: { type: 'varchar', length: 500, name: 'previous_secret_sealed', nullable: true },
    previousSecretExpiresAt: { ...ms, name: 'previous_secret_expires_at', nullable: true },
    failingSince: { ...ms, name: 'failing_since', nullable: true },
    createdAt: { ...ms, name: 'created_at' },
    updatedAt: { ...ms, name: 'updated_at' },
  },
});

/** One business fact (a Run ended, ...): its id is the `webhook-id` of every delivery of it. */
export interface WebhookEventRow {
  id: string;
  orgId: string;
  type: string;
  /** What the event is about (a Run, group, request id; for a test event the endpoint and a key). */
  subjectId: string;
  payload: WebhookEvent;
  createdAt: number;
}
export const WebhookEventEntity = new EntitySchema<WebhookEventRow>({
  name: 'WebhookEvent',
  tableName: 'webhook_events',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    type: { type: 'varchar', length: 40 },
    subjectId: { type: 'varchar', length: 80, name: 'subject_id' },
    payload: json,
    createdAt: { ...ms, name: 'created_at' },
  },
});

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed' | 'skipped';

/** One delivery workflow of an event to an endpoint. */
export interface WebhookDelivery {
  id: string;
  orgId: string;
  endpointId: string;
  eventId: string;
  workflowId: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  createdAt: number;
  updatedAt: number;
}
export const WebhookDeliveryEntity = new EntitySchema<WebhookDelivery>({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    endpointId: { ...ref, name: 'endpoint_id' },
    eventId: { ...ref, name: 'event_id' },
    workflowId: { type: 'varchar', length: 200, name: 'workflow_id' },
    status: { type: 'varchar', length: 20 },
    attempts: { type: 'int' },
    createdAt: { ...ms, name: 'created_at' },
    updatedAt: { ...ms, name: 'updated_at' },
  },
});

/** The log line of one attempt. */
export interface WebhookAttempt {
  deliveryId: string;
  attempt: number;
  startedAt: number;
  durationMs: number;
  statusCode: number | null;
  /** Why it did not succeed: `http_status`, `timeout`, `network`, `egress_refused`; null on success. */
  errorClass: string | null;
  /** The first 8 KB of the response body. */
  responseExcerpt: string | null;
}
export const WebhookAttemptEntity = new EntitySchema<WebhookAttempt>({
  name: 'WebhookAttempt',
  tableName: 'webhook_attempts',
  columns: {
    deliveryId: { ...ref, name: 'delivery_id', primary: true },
    attempt: { type: 'int', primary: true },
    startedAt: { ...ms, name: 'started_at' },
    durationMs: { type: 'int', name: 'duration_ms' },
    statusCode: { type: 'int', name: 'status_code', nullable: true },
    errorClass: { type: 'varchar', length: 40, name: 'error_class', nullable: true },
    responseExcerpt: { type: 'text', name: 'response_excerpt', nullable: true },
  },
});

export const webhookEntities = [WebhookEndpointEntity, WebhookEventEntity, WebhookDeliveryEntity, WebhookAttemptEntity];
