import type Koa from 'koa';
import type { z } from 'zod';
import { AppError } from '../../core/errors';
import type { Principal, Scope } from '../../core/scopes';
import { bearerChallenge } from '../oauth/challenge';
import { omitAbsent } from '../presenters/absent';
import type { AppDeps } from './deps';
import { auditChange, isAudited } from './audit';
import { requestKey, runOnce } from './idempotency';
import { LaterAnswer } from '../runs/later';
import { plainParse } from './plain-body';
import type { Endpoint, EndpointContext, Surface } from './model';

/**
 * The one scope check of every surface. An OAuth caller also gets the RFC 6750
 * `insufficient_scope` challenge naming the scope, so its client can request it.
 */
export function requireScope(principal: Principal, scope: Scope): void {
  if (principal.scopes.has(scope)) return;
  const headers = principal.resourceMetadataUrl
    ? {
        'WWW-Authenticate': bearerChallenge(
          principal.resourceMetadataUrl,
          `error="insufficient_scope", scope="${scope}", `,
        ),
      }
    : undefined;
  throw new AppError(
    'PERMISSION_DENIED',
    `This credential lacks the scope ${scope}`,
    { requiredScope: scope },
    headers,
  );
}

/** Turns zod issues into one readable INVALID_ARGUMENT. */
export function validationError(error: z.ZodError): AppError {
  const issues = error.issues.slice(0, 20).map((i) => ({
    path: i.path.map(String).join('.') || '(body)',
    message:
      i.code === 'unrecognized_keys' ? `unknown field(s): ${(i as { keys: string[] }).keys.join(', ')}` : i.message,
  }));
  const message = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  return new AppError('INVALID_ARGUMENT', message, { issues });
}

export function parseInput<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** What a surface hands the pipeline: the parts of the request it carries. */
export interface RawRequest {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** Who calls, from which surface, and how the surface wants the answer. */
export interface Call {
  /** Null only for a public endpoint. */
  principal: Principal | null;
  deps: AppDeps;
  requestId: string;
  surface?: Surface;
  /** performance.now() when the request arrived (long-poll deadlines count from it). */
  receivedAt?: number;
  /** Moves the request's deadline once a long-poll waits (api/middleware/deadline.ts). */
  extendDeadline?: (waitMs: number) => void;
  /** The caller writes a LaterAnswer itself when it settles (the v1 HTTP surface); others get its value. */
  keepLater?: boolean;
  /** The HTTP request of a REST binding. */
  koa?: Koa.Context;
  /** A key the surface carries outside the body (the Idempotency-Key header). */
  headerKey?: string;
  /** The HTTP request the call came in (any surface), read only for the audit trail's "from where". */
  from?: Koa.Context;
}

export interface Answer {
  value: unknown;
  /** The stored answer of an earlier request with the same key. */
  replayed: boolean;
}

const noWait = () => undefined;

/** What afterCommit is outside a keyed mutation: one function per endpoint, not a closure per request. */
const noCommit = new WeakMap<Endpoint, () => never>();
function noCommitOf(endpoint: Endpoint): () => never {
  let refuse = noCommit.get(endpoint);
  if (!refuse) {
    refuse = () => {
      throw new Error(`${endpoint.name} is not a mutation with a key: it has no commit to wait for`);
    };
    noCommit.set(endpoint, refuse);
  }
  return refuse;
}

/**
 * Every endpoint of every surface runs here: access, parsing, the confirm rule, extra scopes,
 * idempotency, the handler and the absent-field rule. Surfaces authenticate and write envelopes.
 */
export async function runEndpoint(endpoint: Endpoint, raw: RawRequest, call: Call): Promise<Answer> {
  const { principal } = call;
  checkAccess(endpoint, principal);
  const input = parseRequest(endpoint, raw);
  // Accepted on every v1 mutation, read only by replacing ones: elsewhere it is no part of the
  // request. (Only when present: a delete turns the object into a slower dictionary.)
  if (endpoint.confirm === 'never' && input.confirm !== undefined) delete input.confirm;
  if (endpoint.extraScopes && principal)
    for (const scope of endpoint.extraScopes(input)) requireScope(principal, scope);

  const ctx: EndpointContext = {
    principal,
    orgId: principal?.orgId ?? '',
    db: call.deps.db.manager,
    deps: call.deps,
    requestId: call.requestId,
    surface: call.surface ?? 'v1',
    receivedAt: call.receivedAt ?? performance.now(),
    extendDeadline: call.extendDeadline ?? noWait,
    afterCommit: noCommitOf(endpoint),
    koa: call.koa,
  };
  const keyed = keyOf(endpoint, input, call);
  if (principal && isAudited(endpoint)) {
    if (keyed) return keyedRun(endpoint, input, call, ctx, principal, keyed);
    // A change without a key has no transaction of its own: its line follows it.
    const answer = await endpoint.handler(input, ctx);
    await auditChange(ctx.db, { endpoint, input, output: answer, principal, surface: ctx.surface, from: call.from });
    return unkeyed(answer, call);
  }
  if (!keyed || !principal) return unkeyed(await endpoint.handler(input, ctx), call);
  return keyedRun(endpoint, input, call, ctx, principal, keyed);
}

async function unkeyed(answer: unknown, call: Call): Promise<Answer> {
  if (!(answer instanceof LaterAnswer)) return { value: omitAbsent(answer), replayed: false };
  return { value: call.keepLater ? answer : await answer.settled, replayed: false };
}

async function keyedRun(
  endpoint: Endpoint,
  input: Record<string, unknown>,
  call: Call,
  ctx: EndpointContext,
  principal: Principal,
  keyed: NonNullable<ReturnType<typeof keyOf>>,
): Promise<Answer> {
  const { idempotencyKey: _key, ...request } = input;
  const { value, replayed } = await runOnce(
    {
      deps: call.deps,
      orgId: principal.orgId,
      name: endpoint.name,
      key: keyed.key,
      source: keyed.source,
      request,
      extendDeadline: ctx.extendDeadline,
    },
    endpoint.atomic,
    async (db, afterCommit) => {
      const answer = await endpoint.handler(input, { ...ctx, db, afterCommit });
      if (isAudited(endpoint))
        await auditChange(db, { endpoint, input, output: answer, principal, surface: ctx.surface, from: call.from });
      return answer;
    },
    endpoint.storedAnswer,
  );
  if (replayed) await endpoint.onReplay?.(value, ctx);
  return { value: omitAbsent(value), replayed };
}

export function checkAccess(endpoint: Endpoint, principal: Principal | null): void {
  const { access } = endpoint;
  if (access === 'public') return;
  if (!principal) throw new AppError('UNAUTHENTICATED', 'a credential is required');
  if (access === 'api_key_only' && principal.kind !== 'api_key')
    throw new AppError('PERMISSION_DENIED', 'this endpoint accepts organization API keys only');
  if (typeof access === 'object') requireScope(principal, access.scope);
}

/** Params, query and body, each checked by its schema, as one input object. */
function parseRequest(endpoint: Endpoint, raw: RawRequest): Record<string, unknown> {
  const params = endpoint.params ? parseInput(endpoint.params, raw.params) : undefined;
  const query = endpoint.query ? parseInput(endpoint.query, raw.query) : undefined;
  if (!endpoint.body) return { ...(params as object), ...(query as object) };
  const body = raw.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new AppError('INVALID_ARGUMENT', 'the body must be a JSON object');
  const parsed =
    plainParse(endpoint.body)?.(body as Record<string, unknown>) ??
    (parseInput(endpoint.body, body) as Record<string, unknown>);
  // The common case (a v1 body alone) is kept as parsed, not copied.
  return params || query ? { ...(params as object), ...(query as object), ...parsed } : parsed;
}

function keyOf(endpoint: Endpoint, input: Record<string, unknown>, call: Call) {
  if (endpoint.idempotency === 'none') return null;
  const key = requestKey(input.idempotencyKey, call.headerKey);
  if (!key && endpoint.idempotency === 'required')
    throw new AppError('INVALID_ARGUMENT', 'send an Idempotency-Key header');
  return key;
}
