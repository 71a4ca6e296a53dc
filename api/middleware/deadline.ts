import type Koa from 'koa';
import { AppError } from '../../core/errors';
import { within } from '../../core/within';

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
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  return within(work, ms, () => tooSlow(ms));
}

/** Moves a request's bound once its long-poll starts waiting (see withRequestDeadline). */
export type ExtendDeadline = (waitMs: number) => void;

/**
 * Runs `work` within `ms`, or rejects with UNAVAILABLE. `work` gets `extend`: a long-poll calls it
 * as it starts waiting, and the bound becomes the wait plus a fresh `ms` for what follows. Until
 * then (authentication, the first reads) the plain bound holds, so a long-poll meets a hung
 * dependency with 503 UNAVAILABLE as fast as any other request. Passed by hand, not through
 * AsyncLocalStorage, which turns on promise hooks for every promise of the process.
 */
export function withRequestDeadline<T>(ms: number, work: (extend: ExtendDeadline) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // An extension only moves the bound; the one timer re-arms for the rest when it fires. A
    // parked v1 long-poll leaves this chain right after it extends, so a second timer armed then
    // would be cleared at once.
    let until = 0;
    const expire = () => {
      const rest = until - performance.now();
      if (rest > 0) timer = setTimeout(expire, Math.ceil(rest));
      else reject(tooSlow(ms));
    };
    let timer = setTimeout(expire, ms);
    const extend: ExtendDeadline = (waitMs) => {
      until = performance.now() + waitMs + ms;
    };
    // A late failure after the deadline answered settles nothing and is handled here.
    work(extend).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Every request is answered within `ms` (plus the wait a long-poll asked for, once it waits): a
 * hung database or Temporal server yields 503 UNAVAILABLE, never a hang. The extension is
 * `ctx.state.extendDeadline`. /api/mcp speaks JSON-RPC on its own response; its tool calls get
 * the same bound inside (api/surfaces/mcp.ts).
 */
export function requestDeadline(ms: number): Koa.Middleware {
  // The bounded work's promise is the middleware's own: no async frame around it.
  return (ctx, next) =>
    ctx.path === '/api/mcp'
      ? next()
      : withRequestDeadline(ms, (extend) => {
          ctx.state.extendDeadline = extend;
          return next();
        });
}
