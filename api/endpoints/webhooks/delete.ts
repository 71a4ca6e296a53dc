import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { webhookRepository } from '../../../db/repositories/webhooks';
import { defineEndpoint } from '../../pipeline/model';
import { access, webhookParams } from './shared';

export default defineEndpoint({
  name: 'webhooks.delete',
  bindings: { rest: { method: 'DELETE', path: '/api/webhooks/:webhookId' } },
  summary: 'Delete a webhook endpoint; its pending deliveries stop at their next attempt.',
  access,
  idempotency: 'optional',
  params: webhookParams,
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  async handler(input, { principal, deps }) {
    if (!(await webhookRepository.deleteEndpoint(deps.db.manager, principal.orgId, input.webhookId)))
      throw notFound(`Webhook ${input.webhookId}`);
    return { id: input.webhookId, deleted: true as const };
  },
});
