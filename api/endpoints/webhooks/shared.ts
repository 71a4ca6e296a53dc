import { z } from 'zod';
import { AppError, notFound } from '../../../core/errors';
import { egressPolicy } from '../../../core/egress';
import { idOf } from '../../../core/ids';
import { webhookEventType } from '../../../core/webhooks';
import { webhookRepository } from '../../../db/repositories/webhooks';
import type { AppDeps } from '../../pipeline/deps';
import type { WebhookDelivery } from '../../../db/entities/webhooks';
import { presentDelivery } from '../../presenters/webhooks';

export const access = { scope: 'svc:webhooks:write' } as const;

/**
 * A webhook URL: https to a host by name, with an optional port, path and query (RFC 3986
 * characters). Hosts the operator lists in EGRESS_ALLOW may also be reached otherwise (plain http,
 * IP literals), which the document cannot know.
 */
export const URL_PATTERN =
  // A % only as a percent-encoded octet, so the value is also a valid `uri`.
  "^https://[a-z][a-z0-9]*(\\.[a-z][a-z0-9]*)*(:[1-9][0-9]{0,3})?(/([A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})*)?$";
export const url = z
  .string()
  .max(2000)
  .meta({ format: 'uri', pattern: URL_PATTERN })
  .describe('Where events are POSTed: https (plain http only for hosts in EGRESS_ALLOW).');
export const events = z
  .array(webhookEventType)
  .min(1)
  .transform((list) => [...new Set(list)]);

export function checkUrl(deps: AppDeps, value: string) {
  const refused = egressPolicy(deps.config.EGRESS_ALLOW).refuseUrl(value);
  if (refused) throw new AppError('INVALID_ARGUMENT', `url: ${refused}`, { field: 'url' });
  if (new RegExp(URL_PATTERN).test(value) || operatorAllowed(deps, value)) return;
  throw new AppError('INVALID_ARGUMENT', 'url: https://<host name>[:port][/path][?query], in RFC 3986 characters', {
    field: 'url',
  });
}

/** Whether the URL's host is listed in EGRESS_ALLOW (host name, IP or network). */
export function operatorAllowed(deps: AppDeps, value: string): boolean {
  // Plain http passes an https-only policy only for a listed host: that is the question asked.
  const { host } = new URL(value);
  return egressPolicy(deps.config.EGRESS_ALLOW, { allowPublic: false }).refuseUrl(`http://${host}/`) === null;
}

/** The endpoint as just written; a DELETE that came in between makes it 404, not a 500. */
export async function reread(deps: AppDeps, id: string) {
  const endpoint = await webhookRepository.endpointById(deps.db.manager, id);
  if (!endpoint) throw notFound(`Webhook ${id}`);
  return endpoint;
}

export async function owned(deps: AppDeps, orgId: string, webhookId: string) {
  const endpoint = await webhookRepository.endpoint(deps.db.manager, orgId, webhookId);
  if (!endpoint) throw notFound(`Webhook ${webhookId}`);
  return endpoint;
}

export const webhookParams = z.object({ webhookId: idOf('wh') });

/** How long POST …/test waits for its single attempt before answering it pending. */
export const TEST_WAIT_MS = 20_000;

/** Deliveries as the API shows them: their attempts and their events' types read, then shaped. */
export async function presentDeliveries(deps: AppDeps, rows: WebhookDelivery[]) {
  const attempts = await webhookRepository.attempts(
    deps.db.manager,
    rows.map((r) => r.id),
  );
  const types = new Map<string, string>();
  for (const row of rows) {
    if (!types.has(row.eventId))
      types.set(row.eventId, (await webhookRepository.event(deps.db.manager, row.eventId))?.type ?? 'unknown');
  }
  return rows.map((row) => presentDelivery(row, attempts.get(row.id) ?? [], types.get(row.eventId)!));
}
