import { z } from 'zod';
import type { WebhookEndpoint } from '../../../db/entities/webhooks';
import { webhookRepository } from '../../../db/repositories/webhooks';
import { defineEndpoint } from '../../pipeline/model';
import { endpointView, presentEndpoint } from '../../presenters/webhooks';
import { access, url, events, checkUrl, reread, owned, webhookParams } from './shared';

export default defineEndpoint({
  name: 'webhooks.update',
  bindings: { rest: { method: 'PATCH', path: '/api/webhooks/:webhookId' } },
  summary: 'Change a webhook endpoint; enabling it again clears disabledReason.',
  access,
  idempotency: 'optional',
  params: webhookParams,
  body: z.strictObject({
    url: url.optional(),
    events: events.optional(),
    enabled: z.boolean().optional(),
    description: z.string().max(500).optional(),
  }),
  output: endpointView,
  async handler(input, { principal, deps }) {
    const { webhookId, ...fields } = input;
    const endpoint = await owned(deps, principal.orgId, webhookId);
    if (fields.url !== undefined) checkUrl(deps, fields.url);
    const patch: Partial<WebhookEndpoint> = { ...fields, updatedAt: Date.now() };
    if (fields.enabled === true && !endpoint.enabled)
      Object.assign(patch, { disabledReason: null, failingSince: null });
    await webhookRepository.updateEndpoint(deps.db.manager, endpoint.id, patch);
    return presentEndpoint(await reread(deps, endpoint.id));
  },
});
