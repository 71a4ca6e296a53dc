import { z } from 'zod';
import { AppError, invalid, notFound } from '../../core/errors';
import { egressPolicy } from '../../core/egress';
import { idOf, newId } from '../../core/ids';
import { newWebhookSecret, TEST_EVENT_TYPE, webhookEventType } from '../../core/webhooks';
import type { WebhookEndpoint } from '../../db/entities/webhooks';
import { webhookRepository } from '../../db/repositories/webhooks';
import { prepareDelivery } from '../../domain/webhooks/deliveries';
import { ROTATION_OVERLAP_MS, secretContext } from '../../domain/webhooks/secrets';
import { decodeCursor, pageFrom } from '../pagination';
import { startWebhookDelivery } from '../workflow-starts';
import type { AppDeps } from '../deps';
import { defineEndpoint, queryInt } from './define';
import { deliveryView, endpointView, presentDeliveries, presentEndpoint, withSecret } from '../presenters/webhooks';

const access = { scope: 'svc:webhooks:write' } as const;

/**
 * A webhook URL: https to a host by name, with an optional port, path and query (RFC 3986
 * characters). Hosts the operator lists in EGRESS_ALLOW may also be reached otherwise (plain http,
 * IP literals), which the document cannot know.
 */
const URL_PATTERN =
  // A % only as a percent-encoded octet, so the value is also a valid `uri`.
  "^https://[a-z][a-z0-9]*(\\.[a-z][a-z0-9]*)*(:[1-9][0-9]{0,3})?(/([A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})*)?$";
const url = z
  .string()
  .max(2000)
  .meta({ format: 'uri', pattern: URL_PATTERN })
  .describe('Where events are POSTed: https (plain http only for hosts in EGRESS_ALLOW).');
const events = z
  .array(webhookEventType)
  .min(1)
  .transform((list) => [...new Set(list)]);

function checkUrl(deps: AppDeps, value: string) {
  const refused = egressPolicy(deps.config.EGRESS_ALLOW).refuseUrl(value);
  if (refused) throw new AppError('INVALID_ARGUMENT', `url: ${refused}`, { field: 'url' });
  if (new RegExp(URL_PATTERN).test(value) || operatorAllowed(deps, value)) return;
  throw new AppError('INVALID_ARGUMENT', 'url: https://<host name>[:port][/path][?query], in RFC 3986 characters', {
    field: 'url',
  });
}

/** Whether the URL's host is listed in EGRESS_ALLOW (host name, IP or network). */
function operatorAllowed(deps: AppDeps, value: string): boolean {
  // Plain http passes an https-only policy only for a listed host: that is the question asked.
  const { host } = new URL(value);
  return egressPolicy(deps.config.EGRESS_ALLOW, { allowPublic: false }).refuseUrl(`http://${host}/`) === null;
}

/** The endpoint as just written; a DELETE that came in between makes it 404, not a 500. */
async function reread(deps: AppDeps, id: string) {
  const endpoint = await webhookRepository.endpointById(deps.db.manager, id);
  if (!endpoint) throw notFound(`Webhook ${id}`);
  return endpoint;
}

async function owned(deps: AppDeps, orgId: string, webhookId: string) {
  const endpoint = await webhookRepository.endpoint(deps.db.manager, orgId, webhookId);
  if (!endpoint) throw notFound(`Webhook ${webhookId}`);
  return endpoint;
}

const webhookParams = z.object({ webhookId: idOf('wh') });

export const createWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/webhooks',
  summary: 'Register a webhook endpoint; the answer carries its signing secret, shown only this once.',
  description:
    'Deliveries are signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 ' +
    'HMAC-SHA256 of id.timestamp.body>). An organization has at most WEBHOOK_MAX_ENDPOINTS (default 10) endpoints; ' +
    'one more is RESOURCE_EXHAUSTED.',
  access,
  idempotent: true,
  status: 201,
  body: z.strictObject({
    url,
    events,
    enabled: z.boolean().default(true),
    description: z.string().max(500).default(''),
  }),
  response: withSecret,
  async handler({ body, principal, deps }) {
    checkUrl(deps, body.url);
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
      url: body.url,
      description: body.description,
      events: body.events,
      enabled: body.enabled,
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

export const listWebhooksEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/webhooks',
  summary: "The organization's webhook endpoints (secrets are never shown again).",
  access,
  response: z.object({ items: z.array(endpointView) }),
  async handler({ principal, deps }) {
    const rows = await webhookRepository.endpoints(deps.db.manager, principal.orgId);
    return { items: rows.map((r) => presentEndpoint(r)) };
  },
});

export const getWebhookEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/webhooks/:webhookId',
  summary: 'One webhook endpoint.',
  access,
  params: webhookParams,
  response: endpointView,
  async handler({ params, principal, deps }) {
    return presentEndpoint(await owned(deps, principal.orgId, params.webhookId));
  },
});

export const updateWebhookEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/webhooks/:webhookId',
  summary: 'Change a webhook endpoint; enabling it again clears disabledReason.',
  access,
  idempotent: true,
  params: webhookParams,
  body: z.strictObject({
    url: url.optional(),
    events: events.optional(),
    enabled: z.boolean().optional(),
    description: z.string().max(500).optional(),
  }),
  response: endpointView,
  async handler({ params, body, principal, deps }) {
    const endpoint = await owned(deps, principal.orgId, params.webhookId);
    if (body.url !== undefined) checkUrl(deps, body.url);
    const patch: Partial<WebhookEndpoint> = { ...body, updatedAt: Date.now() };
    if (body.enabled === true && !endpoint.enabled) Object.assign(patch, { disabledReason: null, failingSince: null });
    await webhookRepository.updateEndpoint(deps.db.manager, endpoint.id, patch);
    return presentEndpoint(await reread(deps, endpoint.id));
  },
});

export const deleteWebhookEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/webhooks/:webhookId',
  summary: 'Delete a webhook endpoint; its pending deliveries stop at their next attempt.',
  access,
  idempotent: true,
  params: webhookParams,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  async handler({ params, principal, deps }) {
    if (!(await webhookRepository.deleteEndpoint(deps.db.manager, principal.orgId, params.webhookId)))
      throw notFound(`Webhook ${params.webhookId}`);
    return { id: params.webhookId, deleted: true as const };
  },
});

export const rotateWebhookSecretEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/webhooks/:webhookId/rotate-secret',
  summary: 'Replace the signing secret; for 24 hours deliveries carry signatures by the old and the new one.',
  access,
  idempotent: true,
  params: webhookParams,
  response: withSecret,
  async handler({ params, principal, deps }) {
    const endpoint = await owned(deps, principal.orgId, params.webhookId);
    const secret = newWebhookSecret();
    const now = Date.now();
    await webhookRepository.updateEndpoint(deps.db.manager, endpoint.id, {
      secretSealed: deps.secrets.seal(secret, secretContext(endpoint.id)),
      previousSecretSealed: endpoint.secretSealed,
      previousSecretExpiresAt: now + ROTATION_OVERLAP_MS,
      updatedAt: now,
    });
    return { ...presentEndpoint(await reread(deps, endpoint.id)), secret };
  },
});

/** How long POST …/test waits for its single attempt before answering it pending. */
const TEST_WAIT_MS = 20_000;

export const testWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/webhooks/:webhookId/test',
  summary: 'Send a signed webhook.test event once (never retried) and answer the attempt.',
  access,
  idempotent: true,
  params: webhookParams,
  response: deliveryView,
  async handler({ params, principal, deps }) {
    const endpoint = await owned(deps, principal.orgId, params.webhookId);
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
    // Its endpoint was deleted meanwhile (its deliveries go with it).
    if (!row) throw notFound(`Webhook ${endpoint.id}`);
    return (await presentDeliveries(deps, [row]))[0];
  },
});

export const listDeliveriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/webhooks/:webhookId/deliveries',
  summary: "An endpoint's deliveries, newest first, each with its attempts (kept 30 days).",
  access,
  params: webhookParams,
  query: z.strictObject({ limit: queryInt(1, 100, 20), cursor: z.string().optional() }),
  response: z.object({ items: z.array(deliveryView), nextCursor: z.string().nullable() }),
  async handler({ params, query, principal, deps }) {
    const endpoint = await owned(deps, principal.orgId, params.webhookId);
    const filters = { webhookId: endpoint.id };
    const after = decodeCursor(query.cursor, filters);
    const rows = await webhookRepository.deliveries(deps.db.manager, endpoint.id, after, query.limit + 1);
    const page = pageFrom(rows, query.limit, filters, (r) => r);
    return { items: await presentDeliveries(deps, page.items), nextCursor: page.nextCursor };
  },
});

export const redeliverEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/webhooks/deliveries/:deliveryId/redeliver',
  summary: 'Deliver an event again to the same endpoint, with the same webhook-id (receivers deduplicate on it).',
  access,
  idempotent: true,
  status: 202,
  params: z.object({ deliveryId: idOf('whd') }),
  response: deliveryView,
  async handler({ params, principal, deps }) {
    const original = await webhookRepository.delivery(deps.db.manager, principal.orgId, params.deliveryId);
    if (!original) throw notFound(`Delivery ${params.deliveryId}`);
    const [endpoint, event] = await Promise.all([
      webhookRepository.endpoint(deps.db.manager, principal.orgId, original.endpointId),
      webhookRepository.event(deps.db.manager, original.eventId),
    ]);
    if (!endpoint || !event) throw notFound(`Delivery ${params.deliveryId}`);
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

export const webhookEndpoints = [
  createWebhookEndpoint,
  listWebhooksEndpoint,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecretEndpoint,
  testWebhookEndpoint,
  listDeliveriesEndpoint,
  redeliverEndpoint,
];
