import { z } from 'zod';
import { AppError } from '../../../core/errors';
import { newId } from '../../../core/ids';
import { newWebhookSecret } from '../../../core/webhooks';
import type { WebhookEndpoint } from '../../../db/entities/webhooks';
import { webhookRepository } from '../../../db/repositories/webhooks';
import { secretContext } from '../../../domain/webhooks/secrets';
import { defineEndpoint } from '../../pipeline/model';
import { presentEndpoint, withSecret } from '../../presenters/webhooks';
import { access, url, events, checkUrl } from './shared';

export default defineEndpoint({
  name: 'webhooks.create',
  bindings: { rest: { method: 'POST', path: '/api/webhooks', status: 201 } },
  summary: 'Register a webhook endpoint; the answer carries its signing secret, shown only this once.',
  description:
    'Deliveries are signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 ' +
    'HMAC-SHA256 of id.timestamp.body>). An organization has at most WEBHOOK_MAX_ENDPOINTS (default 10) endpoints; ' +
    'one more is RESOURCE_EXHAUSTED.',
  access,
  idempotency: 'optional',
  body: z.strictObject({
    url,
    events,
    enabled: z.boolean().default(true),
    description: z.string().max(500).default(''),
  }),
  output: withSecret,
  async handler(input, { principal, deps }) {
    checkUrl(deps, input.url);
    const orgId = principal.orgId;
    if ((await webhookRepository.countEndpoints(deps.db.manager, orgId)) >= deps.config.WEBHOOK_MAX_ENDPOINTS) {
      throw new AppError(
        'RESOURCE_EXHAUSTED',
        `an organization has at most ${deps.config.WEBHOOK_MAX_ENDPOINTS} webhook endpoints; delete one first`,
      );
    }
    const id = newId('wh');
    const secret = newWebhookSecret();
    const now = Date.now();
    const endpoint: WebhookEndpoint = {
      id,
      orgId,
      url: input.url,
      description: input.description,
      events: input.events,
      enabled: input.enabled,
      disabledReason: null,
      secretSealed: deps.secrets.seal(secret, secretContext(id)),
      previousSecretSealed: null,
      previousSecretExpiresAt: null,
      failingSince: null,
      createdAt: now,
      updatedAt: now,
    };
    await webhookRepository.insertEndpoint(deps.db.manager, endpoint);
    return { ...presentEndpoint(endpoint), secret };
  },
});
