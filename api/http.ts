import Router from '@koa/router';
import type { AppDeps } from './deps';
import { AppError, methodNotAllowed } from '../core/errors';
import { authenticate } from './middleware/auth';
import { invokeOperation } from './catalog/invoke';
import { operationsByName } from './catalog';
import { serializedOnce } from './presenters/shared';

/** `POST /api/v1/<operation>` for every catalog entry; nothing is registered by hand. */
export function v1Router(deps: AppDeps): Router {
  const router = new Router();
  router.all('/api/v1/:operation', async (ctx) => {
    if (ctx.method !== 'POST') throw methodNotAllowed(ctx.method, ctx.path, 'POST');
    const authenticated = authenticate(ctx, deps);
    const principal = authenticated instanceof Promise ? await authenticated : authenticated;
    const op = operationsByName.get(ctx.params.operation);
    if (!op) throw new AppError('NOT_FOUND', `unknown operation "${ctx.params.operation}"; see GET /api/openapi.json`);
    // The exact header most clients send is matched without parsing it (type-is does the rest).
    if (ctx.req.headers['content-type'] !== 'application/json' && !ctx.is('application/json'))
      throw new AppError('INVALID_ARGUMENT', 'Content-Type must be application/json');
    const body = (ctx.request as { body?: unknown }).body;
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw new AppError('INVALID_ARGUMENT', 'the body must be a JSON object');
    const result = await invokeOperation(
      op,
      body,
      principal,
      deps,
      ctx.state.requestId,
      'v1',
      ctx.state.receivedAt,
      ctx.state.extendDeadline,
    );
    // The header is set as it is (no media-type lookup per request); the text is what Koa would write.
    ctx.set('Content-Type', 'application/json; charset=utf-8');
    ctx.body = serializedOnce(result) ?? JSON.stringify(result);
  });
  return router;
}
