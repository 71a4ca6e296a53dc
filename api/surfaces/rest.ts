import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type Koa from 'koa';
import { AppError, methodNotAllowed } from '../../core/errors';
import type { AppDeps } from '../pipeline/deps';
import type { Endpoint, RestBinding } from '../pipeline/model';
import { checkAccess, parseInput, runEndpoint } from '../pipeline/run-endpoint';
import { authenticate } from '../middleware/auth';

type Method = RestBinding['method'];

/** An endpoint with its REST binding, as the surfaces around REST see it. */
export interface RestRoute {
  endpoint: Endpoint;
  binding: RestBinding;
}

export const restRoutes = (endpoints: Endpoint[]): RestRoute[] =>
  endpoints.flatMap((endpoint) => (endpoint.bindings.rest ? [{ endpoint, binding: endpoint.bindings.rest }] : []));

/**
 * The REST surface: one route per REST binding, each authenticated (unless public) and run by
 * the endpoint pipeline; a failure is answered by errorEnvelope in the `{ error, code }` shape.
 */
export function restRouter(routes: RestRoute[], deps: AppDeps): Router {
  const router = new Router();
  for (const { endpoint, binding } of routes) {
    router[binding.method.toLowerCase() as Lowercase<Method>](binding.path, async (ctx) => {
      binding.before?.(ctx, deps);
      const principal = endpoint.access === 'public' ? null : await authenticate(ctx, deps);
      const headerKey = endpoint.idempotency === 'none' ? '' : ctx.get('Idempotency-Key');
      if (headerKey.length > 200)
        throw new AppError('INVALID_ARGUMENT', 'Idempotency-Key is longer than 200 characters');
      const call = {
        principal,
        deps,
        requestId: ctx.state.requestId,
        surface: 'resource' as const,
        receivedAt: ctx.state.receivedAt,
        extendDeadline: ctx.state.extendDeadline,
        koa: ctx,
        from: ctx,
        headerKey: headerKey || undefined,
      };
      const { shape } = binding;
      let answer: unknown;
      if (shape) {
        // As on every route: who may call is settled before the body is read.
        checkAccess(endpoint, principal);
        const body = reshaped(endpoint, shape, (ctx.request as { body?: unknown }).body, headerKey);
        answer = shape.toResponse((await runEndpoint(endpoint, { body }, call)).value);
      } else {
        const raw = { params: ctx.params, query: { ...ctx.query }, body: (ctx.request as { body?: unknown }).body };
        answer = (await runEndpoint(endpoint, raw, call)).value;
      }
      if (answer !== undefined) {
        ctx.status = binding.status ?? 200;
        ctx.body = answer;
      }
    });
  }
  return router;
}

/** A binding's own body, checked by its schema, with the key the endpoint's body carries. */
function reshaped(endpoint: Endpoint, shape: NonNullable<RestBinding['shape']>, body: unknown, headerKey: string) {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new AppError('INVALID_ARGUMENT', 'the body must be a JSON object');
  const parsed = parseInput(shape.body, body) as Record<string, unknown>;
  const key = headerKey || (shape.keyWhenAbsent === 'fresh' ? randomUUID() : '');
  if (!key && endpoint.idempotency === 'required')
    throw new AppError('INVALID_ARGUMENT', 'send an Idempotency-Key header');
  return key ? { ...parsed, idempotencyKey: key } : parsed;
}

const matches = (pattern: string, path: string) => {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((part, i) => (part.startsWith(':') ? b[i] !== '' : part === b[i]));
};

/**
 * OPTIONS answers `Allow` with the documented methods of the path. The routers' own answer lists
 * every route whose pattern matches, so /api/runs/report would also advertise GET (it matches
 * /api/runs/:runId) and /api/mcp its undocumented GET and DELETE (they only answer 405); a path
 * with a literal route is that route's alone, as a request to it would be.
 */
export function documentedAllow(routes: RestRoute[]): Koa.Middleware {
  const documented = routes.filter((r) => !r.binding.internal).map((r) => r.binding);
  return async (ctx, next) => {
    await next();
    if (ctx.method !== 'OPTIONS' || !ctx.response.get('Allow')) return;
    const found = documented.filter((b) => matches(b.path, ctx.path));
    const literal = found.filter((b) => !b.path.includes(':'));
    const chosen = literal.length ? literal : found;
    if (!chosen.length) return;
    const methods = new Set(chosen.map((b) => b.method.toUpperCase()));
    if (methods.has('GET')) methods.add('HEAD');
    ctx.set('Allow', [...methods].join(', '));
  };
}

/**
 * A path served by literal routes (no parameters) is theirs alone: another method there is 405
 * with Allow, even when a parameter route would also match it (GET /api/runs/report is not
 * GET /api/runs/:runId with runId "report", which would answer 400 for a malformed id).
 */
export function literalPathMethods(routes: RestRoute[]): Koa.Middleware {
  const literal = new Map<string, Set<string>>();
  for (const { binding } of routes) {
    if (binding.path.includes(':')) continue;
    const methods = literal.get(binding.path) ?? new Set<string>();
    methods.add(binding.method.toUpperCase());
    if (binding.method.toUpperCase() === 'GET') methods.add('HEAD');
    literal.set(binding.path, methods);
  }
  return async (ctx, next) => {
    const methods = literal.get(ctx.path);
    if (methods && ctx.method !== 'OPTIONS' && !methods.has(ctx.method))
      throw methodNotAllowed(ctx.method, ctx.path, [...methods].join(', '));
    await next();
  };
}
