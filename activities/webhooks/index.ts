import { newId } from '../../core/ids';
import { egressPolicy } from '../../core/egress';
import { parseSecretsKey, SecretBox } from '../../core/crypto';
import { signWebhook, TEST_EVENT_TYPE } from '../../core/webhooks';
import { webhookRepository } from '../../db/repositories/webhooks';
import { prepareDelivery } from '../../domain/webhooks/deliveries';
import { endpointSecrets } from '../../domain/webhooks/secrets';
import type { WebhookActivities, WebhookAttemptActivities, WebhookAttemptResult } from '../../workflows/contracts';
import type { ActivityDeps } from '../deps';
import { buildEvent } from './events';
import { postJson } from './send';

/** The receiver's own deadline; the attempt activity has 15 s, so the log line is always written. */
const SEND_TIMEOUT_MS = 10_000;

/** Retryable answers (Standard Webhooks): timeouts, 408, 429 and 5xx. Other 3xx/4xx are permanent. */
const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

/** Retry-After as seconds or an HTTP date, in milliseconds from now. */
function retryAfterMs(header: string | string[] | undefined, now: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Activities of the orchestration queue: events and delivery bookkeeping. */
export function webhookActivities({ db, config }: Pick<ActivityDeps, 'db' | 'config'>): WebhookActivities {
  return {
    async prepareWebhookEvent(input) {
      const now = Date.now();
      const payload = await buildEvent(db.manager, config, input, now);
      if (!payload) return { eventId: '', deliveries: [] };
      const event = await webhookRepository.putEvent(db.manager, {
        id: newId('evt'),
        orgId: input.orgId,
        type: input.type,
        subjectId: input.subjectId,
        payload,
        createdAt: now,
      });
      const endpoints = await webhookRepository.subscribers(db.manager, input.orgId, input.type);
      const deliveries = [];
      for (const endpoint of endpoints) deliveries.push(await prepareDelivery(db.manager, config, event, endpoint));
      return { eventId: event.id, deliveries };
    },

    async finishWebhookDelivery(deliveryId, outcome) {
      await webhookRepository.setDeliveryStatus(db.manager, deliveryId, outcome, Date.now());
    },
  };
}

/** Activities of the webhook queue: one signed attempt, logged. */
export function webhookAttemptActivities({
  db,
  config,
}: Pick<ActivityDeps, 'db' | 'config'>): WebhookAttemptActivities {
  const box = new SecretBox(parseSecretsKey(config.SECRETS_KEY));
  const policy = egressPolicy(config.EGRESS_ALLOW);
  return {
    async attemptWebhookDelivery(deliveryId, attempt): Promise<WebhookAttemptResult> {
      const delivery = await webhookRepository.deliveryById(db.manager, deliveryId);
      if (!delivery) return { outcome: 'skipped', reason: 'the delivery no longer exists' };
      const [endpoint, event] = await Promise.all([
        webhookRepository.endpointById(db.manager, delivery.endpointId),
        webhookRepository.event(db.manager, delivery.eventId),
      ]);
      if (!endpoint || !event) return { outcome: 'skipped', reason: 'the endpoint or the event no longer exists' };
      const isTest = event.type === TEST_EVENT_TYPE;
      if (!endpoint.enabled && !isTest) return { outcome: 'skipped', reason: 'the endpoint is disabled' };
      const startedAt = Date.now();
      const body = JSON.stringify(event.payload);
      const headers = signWebhook(endpointSecrets(box, endpoint, startedAt), event.id, new Date(startedAt), body);
      const sent = await postJson(policy, endpoint.url, headers, body, SEND_TIMEOUT_MS);
      const durationMs = Date.now() - startedAt;
      await webhookRepository.putAttempt(db.manager, {
        deliveryId,
        attempt,
        startedAt,
        durationMs,
        statusCode: sent.kind === 'response' ? sent.statusCode : null,
        errorClass:
          sent.kind === 'error'
            ? sent.errorClass
            : sent.statusCode >= 200 && sent.statusCode < 300
              ? null
              : 'http_status',
        responseExcerpt: sent.kind === 'response' ? sent.excerpt : sent.message,
      });
      if (sent.kind === 'response' && sent.statusCode >= 200 && sent.statusCode < 300) {
        await webhookRepository.markHealthy(db.manager, endpoint.id);
        return { outcome: 'delivered', statusCode: sent.statusCode };
      }
      if (isTest) return { outcome: 'permanent', ...(sent.kind === 'response' ? { statusCode: sent.statusCode } : {}) };
      if (sent.kind === 'response' && sent.statusCode === 410) {
        const reason = `the receiver answered 410 Gone on ${new Date(startedAt).toISOString()}`;
        await webhookRepository.disable(db.manager, endpoint.id, reason, startedAt);
        return { outcome: 'disabled', reason };
      }
      if (await webhookRepository.markFailing(db.manager, endpoint.id, startedAt, config.WEBHOOK_DISABLE_AFTER_MS)) {
        return { outcome: 'disabled', reason: 'every delivery failed for too long' };
      }
      if (sent.kind === 'error')
        return sent.errorClass === 'egress_refused' ? { outcome: 'permanent' } : { outcome: 'retry' };
      if (retryable(sent.statusCode)) {
        const after = retryAfterMs(sent.headers['retry-after'], Date.now());
        return {
          outcome: 'retry',
          statusCode: sent.statusCode,
          ...(after !== undefined ? { retryAfterMs: after } : {}),
        };
      }
      return { outcome: 'permanent', statusCode: sent.statusCode };
    },
  };
}
