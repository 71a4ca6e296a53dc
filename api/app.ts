import Koa from 'koa';
import Router from '@koa/router';
import type { AppDeps } from './pipeline/deps';
import { endpoints } from './endpoints';
import type { Endpoint } from './pipeline/model';
import { errorEnvelope, JSON_BODY_LIMIT, requestId } from './middleware/errors';
import { requestDeadline } from './middleware/deadline';
import { jsonBody } from './middleware/json-body';
import { mcpEndpoints } from './surfaces/mcp';
import { buildOpenApi } from './surfaces/openapi';
import { documentedAllow, literalPathMethods, restRouter, restRoutes } from './surfaces/rest';
import { v1Routes } from './surfaces/v1';

/**
 * What the service serves: the endpoint list, and /api/mcp, which is the MCP surface over HTTP
 * and so is added here rather than listed among the endpoints it serves.
 */
export const servedEndpoints = (extra: Endpoint[] = []): Endpoint[] => [
  ...endpoints,
  ...mcpEndpoints(endpoints),
  ...extra,
];

/** How long GET /api/openapi.json waits for the OAuth issuer's metadata before answering without it. */
const ISSUER_WAIT_MS = 2_000;

/** Builds the Koa application (no listen): the server and every test use this. */
export function createApp(deps: AppDeps, extraEndpoints: Endpoint[] = []): Koa {
  const app = new Koa({ proxy: false });
  const served = servedEndpoints(extraEndpoints);
  // With an OAuth issuer, the document states the issuer's own endpoints: read from its metadata
  // on the first request and kept once read (until then each request tries again).
  let openapi: string | null = deps.tokenVerifier ? null : JSON.stringify(buildOpenApi(served, deps.config));
  const openapiDocument = async (): Promise<string> => {
    if (openapi) return openapi;
    // An issuer that does not answer must not hold the document up: without its metadata for now.
    const issuer = await Promise.race([
      deps.tokenVerifier!.authorizationServer(),
      new Promise<null>((resolve) => setTimeout(resolve, ISSUER_WAIT_MS, null).unref()),
    ]);
    const document = JSON.stringify(buildOpenApi(served, deps.config, issuer));
    if (issuer) openapi = document;
    return document;
  };
  const routes = restRoutes(served);

  const meta = new Router();
  meta.get('/healthz', async (ctx) => {
    // A load balancer stops sending to a process that drains (it still finishes what it holds).
    if (deps.draining) {
      ctx.status = 503;
      ctx.set('Retry-After', '1');
      ctx.body = { status: 'draining' };
      return;
    }
    await deps.db.query('SELECT 1');
    ctx.body = { status: 'ok' };
  });
  meta.get('/api/openapi.json', async (ctx) => {
    ctx.type = 'application/json';
    ctx.body = await openapiDocument();
  });

  app.use(requestId(deps.log));
  app.use(errorEnvelope(deps.log));
  app.use(jsonBody(JSON_BODY_LIMIT));
  app.use(requestDeadline(deps.config.REQUEST_DEADLINE_MS));
  // v1 operations first: their one route answers every method itself (POST, or 405 with Allow),
  // so the method checks and routers below are for other paths only and v1 reads skip them.
  app.use(v1Routes(served, deps));
  app.use(documentedAllow(routes));
  app.use(literalPathMethods(routes));
  const resources = restRouter(routes, deps);
  // allowedMethods(): a known path with another method is 405 with Allow (written by errorEnvelope).
  app.use(meta.routes()).use(meta.allowedMethods());
  app.use(resources.routes()).use(resources.allowedMethods());
  return app;
}
