import type Koa from 'koa';
import { randomFillSync } from 'node:crypto';
import { AppError, methodNotAllowed } from '../../core/errors';
import type { Logger } from '../../core/log';

/**
 * Random bytes for request ids, drawn in batches: an id is 12 of them (96 bits) as base64url, so
 * ids cannot be guessed or collide across processes. A UUID per request cost a follower more
 * memory than its whole body parse (its text is built from 16 hex pairs), and every byte a
 * long-poll allocates brings the next garbage collection of the young generation nearer.
 */
const ID_BYTES = 12;
const ID_CHARS = 16; // 12 bytes are 16 base64url characters, with no padding
const IDS = 256;
const idBytes = Buffer.alloc(ID_BYTES * IDS);
// A batch is encoded once and each id is a slice of its text: one encoding per request was most
// of an id's cost.
let idText = '';
let idOffset = 0;

function newRequestId(): string {
  if (idOffset === idText.length) {
    idText = randomFillSync(idBytes).toString('base64url');
    idOffset = 0;
  }
  idOffset += ID_CHARS;
  return idText.slice(idOffset - ID_CHARS, idOffset);
}

/** The request's id: a well-formed X-Request-Id it was sent, or a new one (both ways in use this). */
export const requestIdOf = (incoming: unknown): string =>
  typeof incoming === 'string' && /^[A-Za-z0-9._-]{8,100}$/.test(incoming) ? incoming : newRequestId();

/** The largest JSON body a request may send (both ways in read it with this bound). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** Gives every request an id (echoed as X-Request-Id) and its log line. */
export function requestId(log: Logger): Koa.Middleware {
  return async (ctx, next) => {
    // Node's own header map and setHeader: Koa's get() lower-cases the name into a new string on
    // every call, and every request passes here.
    ctx.state.requestId = requestIdOf(ctx.req.headers['x-request-id']);
    ctx.res.setHeader('X-Request-Id', ctx.state.requestId);
    const started = performance.now();
    ctx.state.receivedAt = started;
    await next();
    if (log.debugs)
      log.debug('request', {
        id: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round(performance.now() - started),
      });
  };
}

/**
 * The body reader's errors (api/middleware/json-body.ts, shaped like http-errors: an unsupported
 * charset, a body too large, one that is not JSON) mapped onto the closed code set; nothing else
 * in the service throws an HTTP error under 500, and any that did would be a bad request.
 */
function fromHttpError(error: { status?: number; message?: string; type?: string }): AppError | null {
  if (!error.status || error.status >= 500) return null;
  if (error.type === 'charset.unsupported') return new AppError('INVALID_ARGUMENT', 'JSON bodies must be UTF-8');
  if (error.status === 413) return new AppError('INVALID_ARGUMENT', 'request body too large (limit 1 MB)');
  if (error.type === 'entity.parse.failed') return new AppError('INVALID_ARGUMENT', 'request body is not valid JSON');
  return new AppError('INVALID_ARGUMENT', 'bad request');
}

/**
 * Writes every failure in the envelope of its surface: v1 operations get
 * `{ error: { code, message, details } }`, resource-style endpoints `{ error: string, code }`.
 * Anything unexpected becomes INTERNAL with a correlation id; stacks stay in the log.
 */
export function errorEnvelope(log: Logger): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // A handler that wrote the response itself (ctx.respond = false, e.g. /api/mcp) is done.
      if (ctx.respond !== false && ctx.status === 404 && ctx.body === undefined)
        throw new AppError('NOT_FOUND', `no route for ${ctx.method} ${ctx.path}`);
      // The routers' allowedMethods() set 405 and Allow for a known path with another method; for a
      // method the router does not know at all (TRACE, PROPFIND, ...) they set 501, but the path is
      // still known and the answer is the same: 405 with Allow.
      const unsupported = ctx.status === 405 || (ctx.status === 501 && ctx.response.get('Allow') !== '');
      if (ctx.respond !== false && unsupported && ctx.body === undefined)
        throw methodNotAllowed(ctx.method, ctx.path, ctx.response.get('Allow'));
    } catch (raw) {
      const error = toAppError(raw, ctx.state.requestId, log);
      ctx.status = error.status;
      for (const [name, value] of Object.entries(error.headers ?? {})) ctx.set(name, value);
      ctx.body =
        isV1(ctx.path) || !ctx.path.startsWith('/api/')
          ? error.toJSON()
          : { error: error.message, code: error.code, ...(error.details ? { details: error.details } : {}) };
    }
  };
}

export const isV1 = (path: string) => path.startsWith('/api/v1/');

/**
 * Any failure as the error a client may see: AppErrors as they are, Koa's HTTP errors mapped,
 * dependency outages as UNAVAILABLE and everything else as INTERNAL (logged, with the request id).
 * Surfaces that do not answer through this middleware (MCP tool results) use it too.
 */
export function toAppError(raw: unknown, requestId: string, log: Logger): AppError {
  return raw instanceof AppError ? raw : (fromHttpError(raw as never) ?? internal(raw, requestId, log));
}

function internal(error: unknown, requestId: string, log: Logger): AppError {
  if (isUnavailable(error)) {
    log.warn('dependency unavailable', { requestId, error: String((error as Error)?.message ?? error) });
    return new AppError(
      'UNAVAILABLE',
      `a dependency is unavailable; retry with the same idempotencyKey (request ${requestId})`,
      undefined,
      { 'Retry-After': '2' },
    );
  }
  log.error('unhandled error', { requestId, error: (error as Error)?.stack ?? String(error) });
  return new AppError('INTERNAL', `internal error; quote request id ${requestId} when reporting it`);
}

/** Error codes of a dependency that is gone or gave up (a retry of the same request is safe). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  // mysql2: a query past DB_QUERY_TIMEOUT_MS (its connection is then dropped).
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ETIMEDOUT',
  'ER_CON_COUNT_ERROR',
  'POOL_CLOSED',
  // InnoDB gave up this transaction (a deadlock victim, or too long a wait for a lock): it
  // rolled back whole, so the same request again is safe.
  'ER_LOCK_DEADLOCK',
  'ER_LOCK_WAIT_TIMEOUT',
]);

function isUnavailable(error: unknown): boolean {
  const code =
    (error as { code?: string | number })?.code ?? (error as { driverError?: { code?: string } })?.driverError?.code;
  // mysql2 marks errors of a connection that is gone as fatal; some carry no code (a pooled
  // connection that closed as it was handed out: "Can't add new command when connection is in closed state").
  const fatal =
    (error as { fatal?: boolean })?.fatal ?? (error as { driverError?: { fatal?: boolean } })?.driverError?.fatal;
  return (
    fatal === true ||
    UNAVAILABLE_CODES.has(String(code)) ||
    (error as Error)?.name === 'ServiceError' ||
    (error as Error)?.name === 'ConnectionError' ||
    /^(Pool is closed|Queue limit reached)/.test((error as Error)?.message ?? '')
  );
}
