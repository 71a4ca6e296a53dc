import { createHash } from 'node:crypto';
import { egressPolicy } from '../../core/egress';
import { parseSecretsKey, SecretBox } from '../../core/crypto';
import { notificationRepository } from '../../db/repositories/notifications';
import { channelUrlContext, isGroupMessage, prepareMessage } from '../../domain/notifications/channels';
import type {
  NotificationActivities,
  NotificationAttemptActivities,
  PreparedNotification,
  WebhookAttemptResult,
} from '../../workflows/contracts';
import type { ActivityDeps } from '../deps';
import { postJson } from '../webhooks/send';
import { messageFor } from './formats';
import { ruleMatches, scopeKey, whenSends } from './routing';
import { groupSummary } from './summary';

/** The receiver's own deadline; the attempt activity has 15 s, so the outcome is always recorded. */
const SEND_TIMEOUT_MS = 10_000;

/** Retryable answers, as for webhooks: 408, 429 and 5xx; other 3xx/4xx are permanent (a wrong or revoked URL). */
const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

type Deps = Pick<ActivityDeps, 'db' | 'config'>;

/** Orchestration-queue activities: routing an ended group, and recording how a message ended. */
export function notificationActivities(deps: Deps): NotificationActivities {
  const { db } = deps;
  return {
    async prepareNotifications(orgId, planGroupId) {
      const channels = await notificationRepository.channels(db.manager, orgId, true);
      if (!channels.length) return [];
      const group = await groupSummary(db.manager, deps.config, orgId, planGroupId);
      if (!group) return [];
      const prepared: PreparedNotification[] = [];
      for (const channel of channels) {
        const rules = channel.rules.filter((rule) => ruleMatches(rule, group.scope));
        if (!rules.length) continue;
        const key = createHash('sha256').update(scopeKey(group.scope)).digest('hex');
        const previous = await notificationRepository.advanceState(
          db.manager,
          { channelId: channel.id, scopeKey: key },
          planGroupId,
          group.summary.verdict,
          Date.now(),
        );
        if (!rules.some((rule) => whenSends(rule.when, group.summary.verdict, previous))) continue;
        const changed = previous !== null && previous !== group.summary.verdict;
        const summary = changed ? { ...group.summary, previousVerdict: previous } : group.summary;
        prepared.push(
          await prepareMessage(db.manager, deps.config, { channel, subjectId: planGroupId, summary, retry: true }),
        );
      }
      return prepared;
    },

    async finishNotification(deliveryId, outcome) {
      const now = Date.now();
      await notificationRepository.setDeliveryStatus(db.manager, deliveryId, outcome, now);
      const delivery = await notificationRepository.deliveryById(db.manager, deliveryId);
      if (outcome === 'failed' && delivery && isGroupMessage(delivery.subjectId))
        await notificationRepository.markFailing(
          db.manager,
          delivery.channelId,
          now,
          delivery.lastError ?? 'the channel did not accept the message',
        );
    },
  };
}

/** Webhook-queue activity: one attempt of a message, its outcome recorded on the delivery. */
export function notificationAttemptActivities({ db, config }: Deps): NotificationAttemptActivities {
  const box = new SecretBox(parseSecretsKey(config.SECRETS_KEY));
  const policy = egressPolicy(config.EGRESS_ALLOW);
  return {
    async attemptNotification(deliveryId): Promise<WebhookAttemptResult> {
      const delivery = await notificationRepository.deliveryById(db.manager, deliveryId);
      if (!delivery) return { outcome: 'skipped', reason: 'the message no longer exists' };
      const channel = await notificationRepository.channelById(db.manager, delivery.channelId);
      if (!channel) return { outcome: 'skipped', reason: 'the channel no longer exists' };
      const isTest = !isGroupMessage(delivery.subjectId);
      if (!channel.enabled && !isTest) return { outcome: 'skipped', reason: 'the channel is disabled' };
      // The URL is the channel's credential: opened here, never logged, never in a workflow's history.
      const url = box.open(channel.urlSealed, channelUrlContext(channel.id));
      const body = JSON.stringify(messageFor(channel.kind, delivery.summary));
      const sent = await postJson(policy, url, {}, body, SEND_TIMEOUT_MS);
      const now = Date.now();
      if (sent.kind === 'response' && sent.statusCode >= 200 && sent.statusCode < 300) {
        await notificationRepository.recordAttempt(db.manager, deliveryId, {
          statusCode: sent.statusCode,
          error: null,
          at: now,
        });
        await notificationRepository.markHealthy(db.manager, channel.id);
        return { outcome: 'delivered', statusCode: sent.statusCode };
      }
      const error =
        sent.kind === 'response'
          ? `HTTP ${sent.statusCode}: ${sent.excerpt.slice(0, 200)}`
          : `${sent.errorClass}: ${sent.message}`;
      await notificationRepository.recordAttempt(db.manager, deliveryId, {
        statusCode: sent.kind === 'response' ? sent.statusCode : null,
        error,
        at: now,
      });
      if (isTest) return { outcome: 'permanent', ...(sent.kind === 'response' ? { statusCode: sent.statusCode } : {}) };
      if (sent.kind === 'error')
        return sent.errorClass === 'egress_refused' ? { outcome: 'permanent' } : { outcome: 'retry' };
      if (!retryable(sent.statusCode)) return { outcome: 'permanent', statusCode: sent.statusCode };
      const after = Number(sent.headers['retry-after']);
      return {
        outcome: 'retry',
        statusCode: sent.statusCode,
        ...(Number.isFinite(after) && after > 0 ? { retryAfterMs: after * 1000 } : {}),
      };
    },
  };
}
