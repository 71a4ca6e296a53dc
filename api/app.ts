import Koa from 'koa';
import Router from '@koa/router';
import type { AppDeps } from './deps';
import { catalog } from './catalog';
import { v1Routes } from './http';
import { errorEnvelope, requestId } from './middleware/errors';
import { methodNotAllowed } from '../core/errors';
import { requestDeadline } from './middleware/deadline';
import { jsonBody } from './middleware/json-body';
import { buildOpenApi } from './openapi';
import type { Endpoint } from './resources/define';
import { resourceRouter } from './resources/router';
import { resourceEndpoints } from './resources';

/** Builds the Koa application (no listen): the server and every test use this. */
export function createApp(deps: AppDeps, extraEndpoints: Endpoint[] = []): Koa {
  const app = new Koa({ proxy: false });
  const endpoints = [...resourceEndpoints, ...extraEndpoints];
  const openapi = JSON.stringify(buildOpenApi(catalog, endpoints, deps.config));

  const meta = new Router();
  meta.get('/healthz', async (ctx) => {
    await deps.db.query('SELECT 1');
    ctx.body = { status: 'ok' };
  });
  meta.get('/api/openapi.json', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = openapi;
  });

  app.use(requestId(deps.log));
  app.use(errorEnvelope(deps.log));
  app.use(jsonBody(1024 * 1024));
  app.use(requestDeadline(deps.config.REQUEST_DEADLINE_MS));
  // v1 operations first: their one route answers every method itself (POST, or 405 with Allow),
  // so the method checks and routers below are for other paths only and v1 reads skip them.
  app.use(v1Routes(deps));
  app.use(documentedAllow(endpoints));
  app.use(literalPathMethods(endpoints));
  const resources = resourceRouter(endpoints, deps);
  // allowedMethods(): a known path with another method is 405 with Allow (written by errorEnvelope).
  app.use(meta.routes()).use(meta.allowedMethods());
  app.use(resources.routes()).use(resources.allowedMethods());
  return app;
}

/**
 * OPTIONS answers `Allow` with the documented methods of the path. The routers' own answer lists
 * every route whose pattern matches, so /api/runs/report would also advertise GET (it matches
 * /api/runs/:runId) and /api/mcp its undocumented GET and DELETE (they only answer 405); a path
 * with a literal route is that route's alone, as a request to it would be.
 */
function documentedAllow(endpoints: Endpoint[]): Koa.Middleware {
  const documented = endpoints.filter((e) => !e.internal);
  const matches = (pattern: string, path: string) => {
    const a = pattern.split('/');
    const b = path.split('/');
    return a.length === b.length && a.every((part, i) => (part.startsWith(':') ? b[i] !== '' : part === b[i]));
  };
  return async (ctx, next) => {
    await next();
    if (ctx.method !== 'OPTIONS' || !ctx.response.get('Allow')) return;
    const found = documented.filter((e) => matches(e.path, ctx.path));
    const literal = found.filter((e) => !e.path.includes(':'));
    const chosen = literal.length ? literal : found;
    if (!chosen.length) return;
    const methods = new Set(chosen.map((e) => e.method.toUpperCase()));
    if (methods.has('GET')) methods.add('HEAD');
    ctx.set('Allow', [...methods].join(', '));
  };
}

/**
 * A path served by literal routes (no parameters) is theirs alone: another method there is 405
 * with Allow, even when a parameter route would also match it (GET /api/runs/report is not
 * GET /api/runs/:runId with runId "report", which would answer 400 for a malformed id).
 */
function literalPathMethods(endpoints: Endpoint[]): Koa.Middleware {
  const literal = new Map<string, Set<string>>();
  for (const e of endpoints) {
    if (e.path.includes(':')) continue;
    const methods = literal.get(e.path) ?? new Set<string>();
    methods.add(e.method.toUpperCase());
    if (e.method.toUpperCase() === 'GET') methods.add('HEAD');
    literal.set(e.path, methods);
  }
  return async (ctx, next) => {
    const methods = literal.get(ctx.path);
    if (methods && ctx.method !== 'OPTIONS' && !methods.has(ctx.method))
      throw methodNotAllowed(ctx.method, ctx.path, [...methods].join(', '));
    await next();
  };
}
