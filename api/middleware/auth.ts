import type Koa from 'koa';
import { timingSafeEqual } from 'node:crypto';
import { sha256Digest, splitApiKey } from '../../core/crypto';
import { AppError } from '../../core/errors';
import type { Principal } from '../../core/scopes';
import { limitRequestRate, type LimitDeps } from './limits';
import type { ActiveKey, ApiKeyCache } from './key-cache';
import type { TokenVerifier } from '../oauth/token-verifier';
import { unauthenticated } from '../oauth/challenge';

const bearerPattern = /^Bearer [A-Za-z0-9\-._~+/]+=*$/i;
const BEARER_PREFIX_LENGTH = 'Bearer '.length;

/**
 * A way to find the caller of a request without an Authorization header: the console's session
 * cookie (api/console/sessions.ts), given to authentication by the process that composes the app.
 */
export interface CredentialStrategy {
  /** Whether the request carries this credential at all. */
  presented(ctx: Koa.Context): boolean;
  /** The caller, or the 401 (or 403) that says why not. */
  principal(ctx: Koa.Context): Promise<Principal>;
}

/** What authentication needs of the process. */
export interface AuthDeps extends LimitDeps {
  apiKeys: ApiKeyCache;
  /** OAuth access tokens; null when no issuer is configured (API keys only). */
  tokenVerifier: TokenVerifier | null;
  /** The credential a request without an Authorization header may carry instead; null: none. */
  sessionCredential: CredentialStrategy | null;
}

/**
 * Resolves the caller from exactly one `Authorization: Bearer` header, or else from the session
 * credential it is given (the console's cookie, checked against cross-site requests). Organization API keys
 * (`aut_…`) hold every scope; anything else is an OAuth access token.
 */
export async function authenticate(ctx: Koa.Context, deps: AuthDeps): Promise<Principal> {
  const headers = authorizationHeaders(ctx.req.rawHeaders);
  if (headers === 0) {
    // The console's browser holds a session cookie instead.
    const session = deps.sessionCredential;
    if (session?.presented(ctx)) return rateCounted(deps, await session.principal(ctx));
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
  // Node's header map (lower-case names) rather than Koa's get(), which lower-cases the name per call.
  return bearerPrincipal(ctx.req.headers.authorization ?? '', deps);
}

/**
 * How many Authorization headers the request has, counted in the raw headers: Node keeps only the
 * first of repeated ones. A loop, not filter(): every request passes here.
 */
export function authorizationHeaders(raw: string[]): number {
  let headers = 0;
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i].length === 13 && raw[i].toLowerCase() === 'authorization') headers++;
  return headers;
}

/**
 * The caller of the one Authorization header of a request with no credential in its query string
 * (what authenticate() checks first).
 */
export async function bearerPrincipal(header: string, deps: AuthDeps): Promise<Principal> {
  // test() and a slice rather than exec(): no match array per request.
  if (!bearerPattern.test(header))
    throw unauthenticated(
      deps,
      'malformed Authorization header; expected "Bearer <credential>"',
      'error="invalid_request", ',
    );
  const credential = header.slice(BEARER_PREFIX_LENGTH);
  if (credential.startsWith('aut_')) return rateCounted(deps, await verifyApiKey(credential, deps));
  if (!deps.tokenVerifier) throw unauthenticated(deps, 'invalid credential', 'error="invalid_token", ');
  return rateCounted(deps, await deps.tokenVerifier.verify(credential));
}

/** Every authenticated request counts against its organization's rate, whatever the surface. */
async function rateCounted(deps: AuthDeps, principal: Principal): Promise<Principal> {
  await limitRequestRate(deps, principal.orgId);
  return principal;
}

/** The principal of an organization API key; 401 when it is unknown, revoked or wrong. */
export async function verifyApiKey(credential: string, deps: AuthDeps): Promise<Principal> {
  const parts = splitApiKey(credential);
  const key = parts && (await deps.apiKeys.find(deps.db.manager, parts.keyId));
  const principal = checkSecret(deps, key, parts?.secret ?? credential);
  deps.apiKeys.used(deps.db.manager, key!.id);
  return principal;
}

function checkSecret(deps: AuthDeps, key: ActiveKey | null, secret: string): Principal {
  // The secret this cached key already matched is found by a hash-table lookup, not compared
  // character by character: no timing tells how much of a wrong secret is right. The digest of
  // every request's secret was the dearest part of a follower's long-poll.
  if (key?.matched.has(secret)) return key.principal;
  // Hashed even when the key is unknown, so a miss costs what a hit costs.
  const presented = sha256Digest(secret);
  if (!key || presented.length !== key.digest.length || !timingSafeEqual(presented, key.digest))
    throw unauthenticated(deps, 'invalid or revoked API key');
  key.matched.add(secret); // only the one right secret gets here: the set holds at most one
  return key.principal;
}
