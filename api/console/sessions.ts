import type Koa from 'koa';
import { randomBytes } from 'node:crypto';
import { safeEqual, sha256 } from '../../core/crypto';
import { AppError } from '../../core/errors';
import type { Principal, Scope } from '../../core/scopes';
import {
  consoleSessionRepository,
  type ConsoleSession,
  type ConsoleSessionKind,
} from '../../db/repositories/console-sessions';
import { orgMemberRepository } from '../../db/repositories/org-members';
import type { ConsoleDeps } from './deps';
import type { CredentialStrategy } from '../middleware/auth';
import { unauthenticated } from '../oauth/challenge';
import { readCookie, sessionCookieName, setCookie } from './cookies';

/** The header every state-changing console request carries (the session's anti-CSRF token). */
export const CSRF_HEADER = 'X-CSRF-Token';

/** Who a new session acts for: never the key or token it was opened with. */
export interface SessionOwner {
  orgId: string;
  kind: ConsoleSessionKind;
  subject: string;
  scopes: Scope[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the request carries a console session cookie (and no Authorization header, checked by the caller). */
export function hasSessionCookie(ctx: Koa.Context, deps: ConsoleDeps): boolean {
  return readCookie(ctx, sessionCookieName(deps.config)) !== undefined;
}

/** Opens a session, sets its cookie and answers what the console needs to know about it. */
export async function openSession(ctx: Koa.Context, deps: ConsoleDeps, owner: SessionOwner): Promise<ConsoleSession> {
  const id = randomBytes(32).toString('base64url');
  const now = Date.now();
  const session: ConsoleSession = {
    ...owner,
    idHash: sha256(id),
    csrfToken: randomBytes(32).toString('base64url'),
    createdAt: now,
    expiresAt: now + deps.config.CONSOLE_SESSION_TTL_MS,
  };
  await consoleSessionRepository.deleteExpired(deps.db.manager, now);
  await consoleSessionRepository.insert(deps.db.manager, session);
  setCookie(ctx, deps.config, sessionCookieName(deps.config), id, {
    path: '/',
    maxAge: Math.floor(deps.config.CONSOLE_SESSION_TTL_MS / 1000),
    sameSite: 'Strict',
  });
  return session;
}

/** The live session of the request's cookie, or null (none, expired or signed out). */
export async function currentSession(ctx: Koa.Context, deps: ConsoleDeps): Promise<ConsoleSession | null> {
  const id = readCookie(ctx, sessionCookieName(deps.config));
  return id ? consoleSessionRepository.findLive(deps.db.manager, sha256(id), Date.now()) : null;
}

/** Signs out: the session row goes, and the cookie with it. */
export async function closeSession(ctx: Koa.Context, deps: ConsoleDeps, session: ConsoleSession): Promise<void> {
  await consoleSessionRepository.delete(deps.db.manager, session.idHash);
  setCookie(ctx, deps.config, sessionCookieName(deps.config), '', { path: '/', maxAge: 0, sameSite: 'Strict' });
}

/**
 * Refuses a state-changing request that did not come from the console itself: it must name the
 * session's anti-CSRF token in X-CSRF-Token (a page of another site cannot read it), and an Origin
 * or Sec-Fetch-Site header, when the browser sends one, must say this site. SameSite=Strict on
 * the cookie is the first line; this is the second.
 */
export function checkSameSite(ctx: Koa.Context, deps: ConsoleDeps, session: ConsoleSession): void {
  if (SAFE_METHODS.has(ctx.method)) return;
  checkSameOrigin(ctx, deps);
  const token = ctx.get(CSRF_HEADER);
  if (!token || !safeEqual(token, session.csrfToken)) throw crossSite(`the ${CSRF_HEADER} header is missing or wrong`);
}

/** The browser's own word on where a request comes from, when it gives one (also guards sign-in). */
export function checkSameOrigin(ctx: Koa.Context, deps: ConsoleDeps): void {
  const fetchSite = ctx.get('Sec-Fetch-Site');
  if (fetchSite && fetchSite !== 'same-origin') throw crossSite(`Sec-Fetch-Site is ${fetchSite}`);
  const origin = ctx.get('Origin');
  if (origin && origin !== new URL(deps.config.SITE_URL).origin) throw crossSite(`Origin ${origin} is not this site`);
}

const crossSite = (why: string) =>
  new AppError('PERMISSION_DENIED', `cross-site request refused: ${why}`, { reason: 'cross_site' });

/**
 * The caller a console session acts as, checked on every request: the session must be live, a
 * state-changing request must pass checkSameSite, and its credential must still hold: an API key
 * not revoked (cached for API_KEY_CACHE_TTL_MS, as for scripts) and a member still a member (read
 * on every request). A session whose credential is gone is deleted.
 */
export async function sessionPrincipal(ctx: Koa.Context, deps: ConsoleDeps): Promise<Principal> {
  const session = await currentSession(ctx, deps);
  if (!session) throw unauthenticated(deps, 'the console session has expired or was signed out; sign in again');
  checkSameSite(ctx, deps, session);
  const ended = async (why: string) => {
    await consoleSessionRepository.delete(deps.db.manager, session.idHash);
    return unauthenticated(deps, why);
  };
  if (session.kind === 'api_key') {
    const key = await deps.apiKeys.find(deps.db.manager, session.subject);
    if (!key || key.orgId !== session.orgId) throw await ended('the API key of this console session was revoked');
    return { ...key.principal, via: 'console' };
  }
  if (!(await orgMemberRepository.isMember(deps.db.manager, session.orgId, session.subject)))
    throw await ended('you are no longer a member of this organization');
  return {
    kind: 'oauth',
    orgId: session.orgId,
    subject: session.subject,
    scopes: new Set(session.scopes),
    via: 'console',
  };
}

/** The console's session cookie as a credential authentication is given (api/deps-factory.ts). */
export function sessionCredential(deps: ConsoleDeps): CredentialStrategy {
  return {
    presented: (ctx) => hasSessionCookie(ctx, deps),
    principal: (ctx) => sessionPrincipal(ctx, deps),
  };
}
