import type Koa from 'koa';
import { timingSafeEqual } from 'node:crypto';
import { sha256Digest, splitApiKey } from '../../core/crypto';
import type { AppDeps } from '../deps';
import { AppError } from '../../core/errors';
import type { Principal } from '../../core/scopes';
import { limitRequestRate } from './limits';
import type { ActiveKey } from './key-cache';
import { hasSessionCookie, sessionPrincipal } from '../console/sessions';
import { unauthenticated } from './challenge';

const bearerPattern = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * Resolves the caller from exactly one `Authorization: Bearer` header, or else from a console
 * session cookie (checked against cross-site requests). Organization API keys
 * (`aut_…`) hold every scope; anything else is an OAuth access token. A cached key with tokens in
 * hand answers without a promise (every request passes here); failures throw either way.
 */
export function authenticate(ctx: Koa.Context, deps: AppDeps): Principal | Promise<Principal> {
  // Counted in the raw headers: Node joins repeated ones. A loop, not filter(): every request passes here.
  const raw = ctx.req.rawHeaders;
  let headers = 0;
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i].length === 13 && raw[i].toLowerCase() === 'authorization') headers++;
  if (headers === 0) {
    // The console's browser holds a session cookie instead (api/console/sessions.ts).
    if (hasSessionCookie(ctx, deps)) return sessionPrincipal(ctx, deps).then((p) => rateCounted(deps, p));
    throw unauthenticated(deps, 'missing Authorization: Bearer credential');
  }
  if (headers > 1) throw unauthenticated(deps, 'send exactly one Authorization header');
  // The query string is parsed only when there is one.
  if (ctx.querystring !== '' && ctx.query.access_token !== undefined)
    throw unauthenticated(
      deps,
      'credentials in the query string are refused; use the Authorization header',
      'error="invalid_request", ',
    );
  const match = bearerPattern.exec(ctx.get('Authorization'));
  if (!match)
    throw unauthenticated(
      deps,
      'malformed Authorization header; expected "Bearer <credential>"',
      'error="invalid_request", ',
    );
  const credential = match[1];
  const verifier = deps.tokenVerifier;
  if (!credential.startsWith('aut_') && !verifier)
    throw unauthenticated(deps, 'invalid credential', 'error="invalid_token", ');
  if (!credential.startsWith('aut_')) return verifier!.verify(credential).then((p) => rateCounted(deps, p));
  const parts = splitApiKey(credential);
  const cached = parts && deps.apiKeys.cached(parts.keyId);
  return cached
    ? rateCounted(deps, checkSecret(deps, cached, parts.secret))
    : verifyApiKey(credential, deps).then((p) => rateCounted(deps, p));
}

/** Every authenticated request counts against its organization's rate, whatever the surface. */
function rateCounted(deps: AppDeps, principal: Principal): Principal | Promise<Principal> {
  const limited = limitRequestRate(deps, principal.orgId);
  return limited ? limited.then(() => principal) : principal;
}

/** The principal of an organization API key; 401 when it is unknown, revoked or wrong. */
export async function verifyApiKey(credential: string, deps: AppDeps): Promise<Principal> {
  const parts = splitApiKey(credential);
  const key = parts && (await deps.apiKeys.find(deps.db.manager, parts.keyId));
  return checkSecret(deps, key, parts?.secret ?? credential);
}

function checkSecret(deps: AppDeps, key: ActiveKey | null, secret: string): Principal {
  // Hashed even when the key is unknown, so a miss costs what a hit costs.
  const presented = sha256Digest(secret);
  if (!key || presented.length !== key.digest.length || !timingSafeEqual(presented, key.digest))
    throw unauthenticated(deps, 'invalid or revoked API key');
  return key.principal;
}
