import type Koa from 'koa';
import type { ServerResponse } from 'node:http';
import type { AppDeps } from '../pipeline/deps';
import { AppError, methodNotAllowed } from '../../core/errors';
import { authenticate } from '../middleware/auth';
import type { Endpoint } from '../pipeline/model';
import { runEndpoint } from '../pipeline/run-endpoint';
import { serializedOnce } from '../presenters/shared';
import { LaterAnswer, type AnswerSink } from '../runs/later';
import { toAppError } from '../middleware/errors';
import type { Logger } from '../../core/log';
import type { Principal } from '../../core/scopes';

/**
 * `POST /api/v1/<operation>` for every endpoint with a v1 binding; nothing is registered by hand. The route is
 * one fixed prefix and one path segment, matched here as @koa/router matched `/api/v1/:operation`
 * (case-insensitive, URL-decoded, one trailing slash allowed): the router built a middleware chain
 * for every request, and the v1 reads and long-polls are the hottest requests there are.
 */
export function v1Routes(endpoints: Endpoint[], deps: AppDeps): Koa.Middleware {
  const operations = new Map(endpoints.filter((e) => e.bindings.v1).map((e) => [e.name, e]));
  return (ctx, next) => {
    const operation = operationIn(ctx.path);
    return operation === undefined ? next() : answerV1(ctx, deps, operations, operation);
  };
}

const PREFIX = '/api/v1/';

function operationIn(path: string): string | undefined {
  if (path.length <= PREFIX.length || path.slice(0, PREFIX.length).toLowerCase() !== PREFIX) return undefined;
  const segment = path.endsWith('/') ? path.slice(PREFIX.length, -1) : path.slice(PREFIX.length);
  if (segment === '' || segment.includes('/')) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function answerV1(
  ctx: Koa.Context,
  deps: AppDeps,
  operations: Map<string, Endpoint>,
  operation: string,
): Promise<void> {
  if (ctx.method !== 'POST') throw methodNotAllowed(ctx.method, ctx.path, 'POST');
  const principal = await authenticate(ctx, deps);
  const op = operations.get(operation);
  if (!op) throw new AppError('NOT_FOUND', `unknown operation "${operation}"; see GET /api/openapi.json`);
  // The exact header most clients send is matched without parsing it (type-is does the rest).
  if (ctx.req.headers['content-type'] !== 'application/json' && !ctx.is('application/json'))
    throw new AppError('INVALID_ARGUMENT', 'Content-Type must be application/json');
  const result = await operate(op, (ctx.request as { body?: unknown }).body, principal, deps, {
    requestId: ctx.state.requestId,
    receivedAt: ctx.state.receivedAt,
    extendDeadline: ctx.state.extendDeadline,
    from: ctx,
  });
  if (typeof result === 'string') {
    // The header is set as it is (no media-type lookup per request); the text is what Koa would write.
    ctx.set('Content-Type', JSON_TYPE);
    ctx.body = result;
    return;
  }
  // A parked long-poll: the middleware chain ends now and the reply is written when it settles.
  ctx.respond = false;
  ctx.status = 200; // what the request log line says; a failure below writes its own status
  answerLater(ctx.res, result, ctx.state.requestId, deps.log);
}

/** What a v1 request carries into its operation once it is authenticated. */
export interface V1Call {
  requestId: string;
  receivedAt: number;
  extendDeadline: (waitMs: number) => void;
  /** The HTTP request, read only for the audit trail of a change. */
  from?: Koa.Context;
}

/**
 * An authenticated v1 call from its JSON body: the answer's JSON text, or a LaterAnswer that a
 * long-poll parks on.
 */
export async function operate(
  op: Endpoint,
  body: unknown,
  principal: Principal,
  deps: AppDeps,
  call: V1Call,
): Promise<string | LaterAnswer> {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new AppError('INVALID_ARGUMENT', 'the body must be a JSON object');
  // Named fields, not a spread of `call`: every v1 request passes here.
  const { requestId, receivedAt, extendDeadline, from } = call;
  return textOf(
    await runEndpoint(op, { body }, { principal, deps, requestId, receivedAt, extendDeadline, keepLater: true, from }),
  );
}

/** The JSON text of an answer, or the LaterAnswer a long-poll parks on. */
function textOf({ value }: { value: unknown }): string | LaterAnswer {
  if (value instanceof LaterAnswer) return value;
  return serializedOnce(value) ?? JSON.stringify(value);
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Writes a parked long-poll's reply when its answer comes, as Koa and errorEnvelope would have
 * written it (same status, headers and body). The request's deadline is not needed past this
 * point: the wait ends by its own timer and the read it answers with has its own bound
 * (api/runs/watcher.ts).
 */
export function answerLater(res: ServerResponse, later: LaterAnswer, requestId: string, log: Logger): void {
  later.answer(new JsonReply(res, requestId, log));
}

/** A parked long-poll's reply, written when its answer comes: the one object it holds while it waits. */
class JsonReply implements AnswerSink<unknown> {
  constructor(
    private readonly res: ServerResponse,
    private readonly requestId: string,
    private readonly log: Logger,
  ) {}

  answered(value: unknown): void {
    writeJson(this.res, 200, serializedOnce(value) ?? JSON.stringify(value));
  }

  failed(raw: unknown): void {
    writeFailure(this.res, raw, this.requestId, this.log);
  }
}

/** The error envelope for what went wrong (an AppError, or a defect as INTERNAL); its status. */
function writeFailure(res: ServerResponse, raw: unknown, requestId: string, log: Logger): number {
  const error = toAppError(raw, requestId, log);
  writeJson(res, error.status, JSON.stringify(error.toJSON()), error.headers);
  return error.status;
}

/**
 * A JSON reply with the headers Koa writes for one, X-Request-Id first. The request's id is already
 * on the response (requestId in api/middleware/errors.ts sets it as the request arrives, before
 * this route), so the others are added to it: a header list given to writeHead on top of headers
 * already set makes Node remove and append each of them again.
 */
function writeJson(res: ServerResponse, status: number, text: string, headers?: Record<string, string>): void {
  if (res.writableEnded || res.destroyed) return; // the follower went away while it waited
  for (const name in headers) res.setHeader(name, headers[name]);
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', contentLength(text));
  res.writeHead(status);
  res.end(text);
}

// The last text's length: thousands of long-polls answered from one shared view write one text.
let lastText = '';
let lastLength = '0';
function contentLength(text: string): string {
  if (text !== lastText) {
    lastText = text;
    lastLength = String(Buffer.byteLength(text));
  }
  return lastLength;
}
