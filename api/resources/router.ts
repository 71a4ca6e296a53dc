import Router from '@koa/router';
import type { AppDeps } from '../deps';
import { AppError } from '../../core/errors';
import { authenticate } from '../middleware/auth';
import { parseInput, requireScope } from '../catalog/invoke';
import type { Endpoint } from './define';
import { omitAbsent } from '../presenters/absent';
import { withIdempotencyKey } from './idempotency';

/** Registers resource-style endpoints from their definitions, with auth and validation. */
export function resourceRouter(endpoints: Endpoint[], deps: AppDeps): Router {
  const router = new Router();
  for (const endpoint of endpoints) {
    router[endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](endpoint.path, async (ctx) => {
      endpoint.before?.(ctx, deps);
      let principal = null;
      if (endpoint.access !== 'public') {
        principal = await authenticate(ctx, deps);
        if (endpoint.access === 'api_key_only' && principal.kind !== 'api_key') {
          throw new AppError('PERMISSION_DENIED', 'this endpoint accepts organization API keys only');
        }
        if (typeof endpoint.access === 'object') requireScope(principal, endpoint.access.scope);
      }
      const params = endpoint.params ? parseInput(endpoint.params, ctx.params) : {};
      const query = endpoint.query ? parseInput(endpoint.query, { ...ctx.query }) : {};
      let body = {};
      if (endpoint.body) {
        const raw = (ctx.request as { body?: unknown }).body;
        if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
          throw new AppError('INVALID_ARGUMENT', 'the body must be a JSON object');
        body = parseInput(endpoint.body, raw);
      }
      const invoke = () =>
        endpoint.handler({ params, query, body, principal, deps, requestId: ctx.state.requestId, koa: ctx });
      const key = endpoint.idempotent ? ctx.get('Idempotency-Key') : '';
      if (key.length > 200) throw new AppError('INVALID_ARGUMENT', 'Idempotency-Key is longer than 200 characters');
      const result =
        key && principal
          ? await withIdempotencyKey(
              deps,
              principal.orgId,
              `${endpoint.method} ${endpoint.path}`,
              key,
              { params, query, body },
              invoke,
            )
          : await invoke();
      if (result !== undefined) {
        ctx.status = endpoint.status ?? 200;
        ctx.body = omitAbsent(result);
      }
    });
  }
  return router;
}
