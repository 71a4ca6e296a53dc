import { z } from 'zod';
import { webhookRepository } from '../../../db/repositories/webhooks';
import { defineEndpoint } from '../../pipeline/model';
import { endpointView, presentEndpoint } from '../../presenters/webhooks';
import { access } from './shared';

export default defineEndpoint({
  name: 'webhooks.list',
  bindings: { rest: { method: 'GET', path: '/api/webhooks' } },
  summary: "The organization's webhook endpoints (secrets are never shown again).",
  access,
  output: z.object({ items: z.array(endpointView) }),
  async handler(input, { principal, deps }) {
    const rows = await webhookRepository.endpoints(deps.db.manager, principal.orgId);
    return { items: rows.map((r) => presentEndpoint(r)) };
  },
});
