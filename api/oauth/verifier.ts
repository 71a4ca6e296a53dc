import * as client from 'openid-client';
import * as oauth from 'oauth4webapi';
import { isValidSubject, orgMemberRepository } from '../../db/repositories/org-members';
import { sha256 } from '../../core/crypto';
import type { DataSource } from 'typeorm';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/log';
import { AppError } from '../../core/errors';
import { resourceMetadataUrl, unauthenticated } from './challenge';
import type { TokenVerifier } from './token-verifier';
import { allScopes, type Principal, type Scope } from '../../core/scopes';
import { LRUCache } from 'lru-cache';

/** What a valid token asserts, before the membership check. */
interface TokenFacts {
  sub: string;
  orgId: string;
  scopes: Scope[];
}

interface Issuer {
  config: client.Configuration;
  as: oauth.AuthorizationServer;
}

const TIMEOUT_MS = 10_000;
/** Allowed clock difference with the issuer when checking exp and nbf. */
const CLOCK_TOLERANCE_S = 5;

/** The audience tokens must carry: OAUTH_AUDIENCE, else the MCP resource URL itself. */
export function expectedAudience(config: Config): string {
  return config.OAUTH_AUDIENCE ?? `${config.SITE_URL}/api/mcp`;
}

/**
 * Verifies OAuth access tokens from OAUTH_ISSUER (found by discovery): RFC 9068 JWT access
 * tokens locally against the issuer's JWKS, anything else by RFC 7662 introspection. The token
 * must name a user (`sub`) and an organization (OAUTH_ORG_CLAIM) of which the user is still a
 * member; membership is read from MySQL on every request, so removing a member takes effect at
 * once. A bad token is 401 `invalid_token`; an unreachable issuer is 503 (not the caller's fault).
 */
/** Whether an issuer may be reached over plain http: a loopback one only (tests, local development). */
export const plainHttpAllowed = (url: URL) =>
  url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/** What the verifier needs of the process: the configuration, the log, and the members' table. */
export interface VerifierDeps {
  config: Config;
  log: Logger;
  db: DataSource;
}

export function createTokenVerifier(deps: VerifierDeps): TokenVerifier {
  const { config, log } = deps;
  const issuerUrl = new URL(config.OAUTH_ISSUER!);
  const insecure = plainHttpAllowed(issuerUrl);
  if (issuerUrl.protocol !== 'https:' && !insecure)
    throw new Error('OAUTH_ISSUER must be an https URL (http only on loopback)');
  const canIntrospect = Boolean(config.OAUTH_CLIENT_ID && config.OAUTH_CLIENT_SECRET);
  // Verified tokens for a minute at most, keyed by the token's SHA-256 (never the token itself); an
  // entry never outlives the token's own exp. Membership is not cached: it is checked every request.
  const cache = new LRUCache<string, TokenFacts>({ max: 10_000, ttl: 60_000 });
  const invalid = (message: string) => unauthenticated(deps, message, 'error="invalid_token", ');

  let issuer: Promise<Issuer> | null = null;
  const discover = () => {
    issuer ??= client
      .discovery(
        issuerUrl,
        config.OAUTH_CLIENT_ID ?? 'unused-without-introspection',
        undefined,
        // RFC 6749 §2.3.1: every authorization server supports HTTP Basic client authentication.
        canIntrospect ? client.ClientSecretBasic(config.OAUTH_CLIENT_SECRET!) : client.None(),
        { execute: insecure ? [client.allowInsecureRequests] : [], timeout: TIMEOUT_MS / 1000 },
      )
      .then(
        (c) => ({ config: c, as: c.serverMetadata() }),
        (error) => {
          issuer = null;
          throw error;
        },
      );
    return issuer;
  };
  discover().catch((error) =>
    log.warn('OAuth discovery failed; retrying on the next token', {
      issuer: issuerUrl.href,
      error: String(error?.message ?? error),
    }),
  );

  function factsFrom(claims: Record<string, unknown>): TokenFacts {
    if (!isValidSubject(claims.sub)) throw invalid('the access token names no user (sub)');
    const orgId = claims[config.OAUTH_ORG_CLAIM];
    if (typeof orgId !== 'string' || !orgId)
      throw invalid(`the access token names no organization (${config.OAUTH_ORG_CLAIM})`);
    // A sender-constrained token (DPoP, mTLS) is not usable as a plain bearer token.
    if (claims.cnf !== undefined) throw invalid('sender-constrained access tokens are not accepted');
    const granted = new Set(typeof claims.scope === 'string' ? claims.scope.split(' ') : []);
    return { sub: claims.sub, orgId, scopes: allScopes.filter((s) => granted.has(s)) };
  }

  async function checkJwt({ as }: Issuer, token: string) {
    const request = new Request(`${config.SITE_URL}/api/mcp`, { headers: { authorization: `Bearer ${token}` } });
    const claims = await oauth.validateJwtAccessToken(as, request, expectedAudience(config), {
      [oauth.allowInsecureRequests]: insecure,
      [oauth.clockTolerance]: CLOCK_TOLERANCE_S,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return { facts: factsFrom(claims), exp: claims.exp };
  }

  async function introspect({ config: c, as }: Issuer, token: string) {
    if (!canIntrospect) throw invalid('only JWT access tokens (typ at+jwt) are accepted here');
    const answer = await client.tokenIntrospection(c, token, { token_type_hint: 'access_token' });
    if (!answer.active) throw invalid('the access token is not active');
    if (answer.iss !== undefined && answer.iss !== as.issuer) throw invalid('the access token is from another issuer');
    const audiences = answer.aud === undefined ? [] : Array.isArray(answer.aud) ? answer.aud : [answer.aud];
    if (!audiences.includes(expectedAudience(config)))
      throw invalid('the access token is not meant for this service (aud)');
    if (answer.token_type !== undefined && answer.token_type.toLowerCase() !== 'bearer')
      throw invalid('only bearer access tokens are accepted');
    const now = Date.now() / 1000;
    if (typeof answer.exp === 'number' && answer.exp <= now - CLOCK_TOLERANCE_S)
      throw invalid('the access token has expired');
    if (typeof answer.nbf === 'number' && answer.nbf > now + CLOCK_TOLERANCE_S)
      throw invalid('the access token is not valid yet');
    return { facts: factsFrom(answer), exp: typeof answer.exp === 'number' ? answer.exp : undefined };
  }

  async function check(token: string) {
    try {
      const found = await discover();
      // RFC 9068 tokens are checked locally; any other format only its issuer can judge.
      return isJwtAccessToken(token) ? await checkJwt(found, token) : await introspect(found, token);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (isUpstreamFailure(error)) {
        log.warn('OAuth issuer unavailable', { error: describe(error) });
        throw new AppError(
          'UNAVAILABLE',
          'the authorization server cannot be reached to verify the access token; retry later',
          undefined,
          { 'Retry-After': '5' },
        );
      }
      // An issuer without jwks_uri or introspection_endpoint is a setup problem worth a warning.
      (String((error as { code?: string })?.code) === oauth.MISSING_SERVER_METADATA ? log.warn : log.debug)(
        'access token refused',
        { error: describe(error) },
      );
      throw invalid(`invalid access token: ${(error as Error).message}`);
    }
  }

  return {
    async authorizationServer() {
      const as = await discover().then(
        (found) => found.as,
        () => null,
      );
      if (!as?.authorization_endpoint || !as.token_endpoint) return null;
      return { authorizationUrl: as.authorization_endpoint, tokenUrl: as.token_endpoint };
    },
    async verify(token: string): Promise<Principal> {
      const key = sha256(token);
      let facts = cache.get(key);
      if (!facts) {
        const checked = await check(token);
        facts = checked.facts;
        const untilExpiry = checked.exp === undefined ? Infinity : checked.exp * 1000 - Date.now();
        if (untilExpiry > 0) cache.set(key, facts, { ttl: Math.min(60_000, untilExpiry) });
      }
      if (!(await orgMemberRepository.isMember(deps.db.manager, facts.orgId, facts.sub))) {
        throw invalid("the access token's user is not a member of its organization");
      }
      return {
        kind: 'oauth',
        orgId: facts.orgId,
        subject: facts.sub,
        scopes: new Set(facts.scopes),
        resourceMetadataUrl: resourceMetadataUrl(config.SITE_URL),
      };
    },
  };
}

/** True for a JWS whose header says `typ: at+jwt` (or `application/at+jwt`). */
function isJwtAccessToken(token: string): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  try {
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    return typeof header?.typ === 'string' && header.typ.toLowerCase().replace(/^application\//, '') === 'at+jwt';
  } catch {
    return false;
  }
}

/** Failures of the issuer (network, timeouts, error answers), as opposed to a bad token. */
function isUpstreamFailure(error: unknown): boolean {
  const e = error as { name?: string; message?: string; code?: string };
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError') return true;
  if (error instanceof TypeError && e.message === 'fetch failed') return true;
  if (error instanceof oauth.ResponseBodyError) return true;
  return [
    oauth.RESPONSE_IS_NOT_CONFORM,
    oauth.RESPONSE_IS_NOT_JSON,
    oauth.RESPONSE_BODY_ERROR,
    oauth.INVALID_SERVER_METADATA,
  ].includes(e?.code as never);
}

function describe(error: unknown): string {
  const e = error as { message?: string; code?: string; cause?: { message?: string; code?: string } };
  return [e?.code, e?.message, e?.cause?.code ?? e?.cause?.message].filter(Boolean).join(': ');
}
