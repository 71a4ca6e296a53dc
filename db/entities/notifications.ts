import { EntitySchema } from 'typeorm';
import { column } from './json';
import type { ChannelKind, GroupSummary, RoutingRule } from '../../core/notifications';

const { id, ref, ms, json } = column;

/** A Slack or Teams channel of an organization; its incoming-webhook URL is sealed (context `channel:<id>`). */
export interface NotificationChannel {
  id: string;
  orgId: string;
  name: string;
  kind: ChannelKind;
  urlSealed: string;
  rules: RoutingRule[];
  enabled: boolean;
  /** When the first failed attempt since the last success happened; null while healthy. */
  failingSince: number | null;
  /** Failed deliveries in a row since the last success (the failing-streak warning). */
  failureStreak: number;
  /** The last failure, as a class and status (never the URL). */
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
}
export const NotificationChannelEntity = new EntitySchema<NotificationChannel>({
  name: 'NotificationChannel',
  tableName: 'notification_channels',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    name: { type: 'varchar', length: 100 },
    kind: { type: 'varchar', length: 10 },
    urlSealed: { type: 'varchar', length: 4000, name: 'url_sealed' },
    rules: json,
    enabled: { type: 'boolean' },
    failingSince: { ...ms, name: 'failing_since', nullable: true },
    failureStreak: { type: 'int', name: 'failure_streak' },
    lastError: { type: 'varchar', length: 500, name: 'last_error', nullable: true },
    createdAt: { ...ms, name: 'created_at' },
    updatedAt: { ...ms, name: 'updated_at' },
  },
});

export type NotificationStatus = 'pending' | 'delivered' | 'failed' | 'skipped';

/** One message to a channel: about a plan group (subject) or a test; the message is fixed when decided. */
export interface NotificationDelivery {
  id: string;
  orgId: string;
  channelId: string;
  subjectId: string;
  workflowId: string;
  summary: GroupSummary;
  status: NotificationStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
}
export const NotificationDeliveryEntity = new EntitySchema<NotificationDelivery>({
  name: 'NotificationDelivery',
  tableName: 'notification_deliveries',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    channelId: { ...ref, name: 'channel_id' },
    subjectId: { type: 'varchar', length: 80, name: 'subject_id' },
    workflowId: { type: 'varchar', length: 200, name: 'workflow_id' },
    summary: json,
    status: { type: 'varchar', length: 20 },
    attempts: { type: 'int' },
    lastStatusCode: { type: 'int', name: 'last_status_code', nullable: true },
    lastError: { type: 'varchar', length: 500, name: 'last_error', nullable: true },
    createdAt: { ...ms, name: 'created_at' },
    updatedAt: { ...ms, name: 'updated_at' },
  },
});

/**
 * The last verdict a channel heard for one scope (plan × Environment × branch), for "on a change of
 * state". `groupId` and `previousVerdict` make deciding the same group twice answer the same.
 */
export interface NotificationState {
  channelId: string;
  scopeKey: string;
  verdict: string;
  groupId: string;
  previousVerdict: string | null;
  updatedAt: number;
}
export const NotificationStateEntity = new EntitySchema<NotificationState>({
  name: 'NotificationState',
  tableName: 'notification_states',
  columns: {
    channelId: { ...ref, primary: true, name: 'channel_id' },
    scopeKey: { type: 'varchar', length: 64, primary: true, name: 'scope_key' },
    verdict: { type: 'varchar', length: 20 },
    groupId: { ...ref, name: 'group_id' },
    previousVerdict: { type: 'varchar', length: 20, name: 'previous_verdict', nullable: true },
    updatedAt: { ...ms, name: 'updated_at' },
  },
});

export const notificationEntities = [NotificationChannelEntity, NotificationDeliveryEntity, NotificationStateEntity];
