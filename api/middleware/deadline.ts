import type Koa from 'koa';
import { AppError } from '../../core/errors';
import { MAX_WAIT_MS } from '../../core/runs';

/** The UNAVAILABLE a request gets when a dependency (MySQL, Temporal) did not answer in time. */
export const tooSlow = (ms: number) =>
  new AppError(
    'UNAVAILABLE',
    `a dependency did not answer within ${Math.round(ms / 1000)} s; retry (with the same idempotencyKey for a mutation)`,
    undefined,
    { 'Retry-After': '5' },
  );

/**
 * Settles with `work`, or rejects with UNAVAILABLE after `ms`. The work goes on in the
 * background (a mutation may still commit; a retry with its idempotency key then returns it).
 */
export async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  work.catch(() => undefined); // a late failure after the deadline answered is not unhandled
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(tooSlow(ms)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The long-poll wait a request asks for (run.get's waitMs, clamped as the operation clamps it). */
function requestedWait(ctx: Koa.Context): number {
  if (ctx.path !== '/api/v1/run.get') return 0;
  const waitMs = (ctx.request as { body?: { waitMs?: unknown } }).body?.waitMs;
  return typeof waitMs === 'number' && waitMs > 0 ? Math.min(waitMs, MAX_WAIT_MS) : 0;
}

/**
 * Every request is answered within `ms` (plus the wait a long-poll asked for): a hung database or
 * Temporal server yields 503 UNAVAILABLE, never a hang. /api/mcp speaks JSON-RPC on its own
 * response; its tool calls get the same bound inside (api/mcp.ts).
 */
export function requestDeadline(ms: number): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path === '/api/mcp') return next();
    await withDeadline(next(), ms + requestedWait(ctx));
  };
}
