import { notFound } from '../../../core/errors';
import { newId } from '../../../core/ids';
import { TEST_EVENT_TYPE } from '../../../core/webhooks';
import { webhookRepository } from '../../../db/repositories/webhooks';
import { prepareDelivery } from '../../../domain/webhooks/deliveries';
import { startWebhookDelivery } from '../../temporal/starts';
import { defineEndpoint } from '../../pipeline/model';
import { deliveryView } from '../../presenters/webhooks';
import { access, owned, webhookParams, TEST_WAIT_MS, presentDeliveries } from './shared';

export default defineEndpoint({
  name: 'webhooks.test',
  bindings: { rest: { method: 'POST', path: '/api/webhooks/:webhookId/test' } },
  summary: 'Send a signed webhook.test event once (never retried) and answer the attempt.',
  access,
  idempotency: 'optional',
  params: webhookParams,
  output: deliveryView,
  async handler(input, { principal, deps }) {
    const endpoint = await owned(deps, principal.orgId, input.webhookId);
    const now = Date.now();
    const event = await webhookRepository.putEvent(deps.db.manager, {
      id: newId('evt'),
      orgId: endpoint.orgId,
      type: TEST_EVENT_TYPE,
      subjectId: newId('whd'),
      payload: { type: TEST_EVENT_TYPE, timestamp: new Date(now).toISOString(), data: { status: 'test' } },
      createdAt: now,
    });
    const delivery = await prepareDelivery(deps.db.manager, deps.config, event, endpoint, { retry: false });
    await startWebhookDelivery(deps, delivery, TEST_WAIT_MS);
    const row = await webhookRepository.deliveryById(deps.db.manager, delivery.input.deliveryId);
    // Deleting the endpoint keeps its deliveries: the row is gone only if retention purged it
    // meanwhile, which is answered as the webhook being gone.
    if (!row) throw notFound(`Webhook ${endpoint.id}`);
    return (await presentDeliveries(deps, [row]))[0];
  },
});
