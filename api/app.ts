import Koa from 'koa';
import Router from '@koa/router';
import type { AppDeps } from './deps';
import { catalog } from './catalog';
import { v1Router } from './http';
import { errorEnvelope, requestId } from './middleware/errors';
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
  const resources = resourceRouter(endpoints, deps);
  // allowedMethods(): a known path with another method is 405 with Allow (written by errorEnvelope).
  app.use(meta.routes()).use(meta.allowedMethods());
  app.use(v1Router(deps).routes());
  app.use(resources.routes()).use(resources.allowedMethods());
  return app;
}
