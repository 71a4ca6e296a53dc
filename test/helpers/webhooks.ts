import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { key, type WithOrg } from './app';
import type { Receiver } from './receiver';
import { rest } from './rest';

/** The thin payload's fields as issue 14 lists them (optional ones may be omitted). */
export const PAYLOAD_FIELDS = [
  'runId',
  'planGroupRunId',
  'testPlanId',
  'environmentSlug',
  'status',
  'verdict',
  'validity',
  'progress',
  'flaky',
  'branch',
  'commitSha',
  'pr',
  'reportUrl',
  'completedAt',
];

/** Registers an endpoint at `receiver` + `path`; answers its id and its secret (shown once). */
export async function registerWebhook(t: WithOrg, receiver: Receiver, path: string, events = ['run.completed']) {
  const created = await rest(
    t.app,
    t.org.apiKey,
    'POST',
    '/api/webhooks',
    { url: `${receiver.url}${path}`, events },
    { 'Idempotency-Key': key() },
  );
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body as { id: string; secret: string };
}

/** The deliveries of an endpoint once at least `count` exist and none is pending. */
export async function settledDeliveries(t: WithOrg, webhookId: string, count = 1, limitMs = 60_000) {
  const until = Date.now() + limitMs;
  for (;;) {
    const list = await rest(t.app, t.org.apiKey, 'GET', `/api/webhooks/${webhookId}/deliveries`);
    assert.equal(list.status, 200, JSON.stringify(list.body));
    const items = list.body.items as Array<{ status: string }>;
    if (items.length >= count && items.every((d) => d.status !== 'pending')) return items as any[];
    if (Date.now() > until) throw new Error(`deliveries still pending: ${JSON.stringify(items)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Verifies a received request with the reference Standard Webhooks library; answers the payload. */
export const verifyWebhook = (secret: string, hook: { body: string; headers: Record<string, unknown> }) =>
  new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>) as {
    type: string;
    timestamp: string;
    data: Record<string, any>;
  };
