import { z } from 'zod';
import { AppError, notFound } from '../../../core/errors';
import { idOf } from '../../../core/ids';
import { TEST_EVENT_TYPE } from '../../../core/webhooks';
import { webhookRepository } from '../../../db/repositories/webhooks';
import { prepareDelivery } from '../../../domain/webhooks/deliveries';
import { startWebhookDelivery } from '../../temporal/starts';
import { defineEndpoint } from '../../pipeline/model';
import { deliveryView } from '../../presenters/webhooks';
import { access, presentDeliveries } from './shared';

export default defineEndpoint({
  name: 'webhooks.redeliver',
  bindings: { rest: { method: 'POST', path: '/api/webhooks/deliveries/:deliveryId/redeliver', status: 202 } },
  summary: 'Deliver an event again to the same endpoint, with the same webhook-id (receivers deduplicate on it).',
  access,
  idempotency: 'optional',
  params: z.object({ deliveryId: idOf('whd') }),
  output: deliveryView,
  async handler(input, { principal, deps }) {
    const original = await webhookRepository.delivery(deps.db.manager, principal.orgId, input.deliveryId);
    if (!original) throw notFound(`Delivery ${input.deliveryId}`);
    const [endpoint, event] = await Promise.all([
      webhookRepository.endpoint(deps.db.manager, principal.orgId, original.endpointId),
      webhookRepository.event(deps.db.manager, original.eventId),
    ]);
    if (!endpoint || !event) throw notFound(`Delivery ${input.deliveryId}`);
    if (!endpoint.enabled)
      throw new AppError('FAILED_PRECONDITION', 'the endpoint is disabled; enable it (PATCH enabled: true) first');
    // The request is well-formed; the delivery's kind forbids it (422, like other state rules).
    if (event.type === TEST_EVENT_TYPE)
      throw new AppError('FAILED_PRECONDITION', 'the test event is never redelivered; send a new test');
    const delivery = await prepareDelivery(deps.db.manager, deps.config, event, endpoint, {
      retry: true,
      redelivery: true,
    });
    await startWebhookDelivery(deps, delivery);
    const row = await webhookRepository.deliveryById(deps.db.manager, delivery.input.deliveryId);
    // Its endpoint was deleted meanwhile (its deliveries go with it).
    if (!row) throw notFound(`Webhook ${endpoint.id}`);
    return (await presentDeliveries(deps, [row]))[0];
  },
});
