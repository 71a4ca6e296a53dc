import type Koa from 'koa';
import type { EntityManager } from 'typeorm';
import { newId } from '../../core/ids';
import type { Principal } from '../../core/scopes';
import { auditRepository, type AuditEvent } from '../../db/repositories/audit';
import type { Endpoint, Surface } from './model';

/** Every change is audited: an endpoint that takes an idempotency key is one that changes something. */
export const isAudited = (endpoint: Endpoint): boolean => endpoint.idempotency !== 'none';

/** Input and output fields that name what a change was about, most specific first. */
const TARGET_FIELDS = [
  'runId',
  'testCaseId',
  'testPlanId',
  'planGroupRunId',
  'scheduleId',
  'webhookId',
  'keyId',
  'slug',
  'environmentSlug',
  'noteId',
];

function targetOf(input: Record<string, unknown>, output: unknown): string | null {
  const answer = output && typeof output === 'object' ? (output as Record<string, unknown>) : {};
  // What the change made or changed (a created record's own id, the Run it queued) before what it named.
  if (typeof answer.id === 'string') return answer.id;
  const runIds = answer.runIds;
  if (Array.isArray(runIds) && typeof runIds[0] === 'string') return runIds[0];
  for (const source of [input, answer])
    for (const field of TARGET_FIELDS) if (typeof source[field] === 'string') return source[field] as string;
  return null;
}

/** Where a change came from: the console's session, an MCP client, or any other API client. */
function channelOf(principal: Principal, surface: Surface): AuditEvent['channel'] {
  if (principal.via === 'console') return 'console';
  return surface === 'mcp' ? 'MCP' : 'API';
}

/**
 * Writes the audit line of a change through `db`: the change's own transaction when it has one,
 * so a change and its line commit together or not at all.
 */
export async function auditChange(
  db: EntityManager,
  change: {
    endpoint: Endpoint;
    input: Record<string, unknown>;
    output: unknown;
    principal: Principal;
    surface: Surface;
    from?: Koa.Context;
  },
): Promise<void> {
  const { principal, from } = change;
  await auditRepository.insert(db, {
    id: newId('aud'),
    orgId: principal.orgId,
    at: Date.now(),
    actorKind: principal.kind,
    actor: principal.subject,
    action: change.endpoint.name,
    target: targetOf(change.input, change.output)?.slice(0, 255) ?? null,
    channel: channelOf(principal, change.surface),
    ip: from?.ip?.slice(0, 64) || null,
    userAgent: from?.get('User-Agent').slice(0, 300) || null,
  });
}
