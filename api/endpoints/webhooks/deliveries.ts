import { z } from 'zod';
import { webhookRepository } from '../../../db/repositories/webhooks';
import { decodeCursor, pageFrom } from '../../pipeline/pagination';
import { defineEndpoint, queryInt } from '../../pipeline/model';
import { deliveryView } from '../../presenters/webhooks';
import { access, owned, webhookParams, presentDeliveries } from './shared';

export default defineEndpoint({
  name: 'webhooks.deliveries',
  bindings: { rest: { method: 'GET', path: '/api/webhooks/:webhookId/deliveries' } },
  summary: "An endpoint's deliveries, newest first, each with its attempts (kept 30 days).",
  access,
  params: webhookParams,
  query: z.strictObject({ limit: queryInt(1, 100, 20), cursor: z.string().optional() }),
  output: z.object({ items: z.array(deliveryView), nextCursor: z.string().nullable() }),
  async handler(input, { principal, deps }) {
    const endpoint = await owned(deps, principal.orgId, input.webhookId);
    const filters = { webhookId: endpoint.id };
    const after = decodeCursor(input.cursor, filters);
    const rows = await webhookRepository.deliveries(deps.db.manager, endpoint.id, after, input.limit + 1);
    const page = pageFrom(rows, input.limit, filters, (r) => r);
    return { items: await presentDeliveries(deps, page.items), nextCursor: page.nextCursor };
  },
});
