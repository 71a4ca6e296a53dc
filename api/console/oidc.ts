import type Koa from 'koa';
import * as client from 'openid-client';
import { hmac, safeEqual } from '../../core/crypto';
import { AppError } from '../../core/errors';
import { allScopes } from '../../core/scopes';
import type { ConsoleDeps } from './deps';
import { expectedAudience, plainHttpAllowed } from '../oauth/verifier';
import { readCookie, setCookie } from './cookies';
import type { SessionOwner } from './sessions';

/** The sign-in transaction (PKCE verifier, state, nonce) lives this long between start and callback. */
const TRANSACTION_S = 600;
const TRANSACTION_COOKIE = 'qa_console_oidc';
const CALLBACK_PATH = '/api/console/oidc/callback';

interface Transaction {
  verifier: string;
  state: string;
  nonce: string;
}

/** True when the console signs in with the organization's OpenID Connect issuer. */
export function oidcEnabled(config: ConsoleDeps['config']): boolean {
  return Boolean(config.OAUTH_ISSUER && config.CONSOLE_OIDC_CLIENT_ID);
}

const configurations = new WeakMap<ConsoleDeps, Promise<client.Configuration>>();

/** The issuer found by discovery, once per app (a failure is retried on the next sign-in). */
function issuerConfiguration(deps: ConsoleDeps): Promise<client.Configuration> {
  let found = configurations.get(deps);
  if (!found) {
    const { config } = deps;
    const url = new URL(config.OAUTH_ISSUER!);
    const insecure = plainHttpAllowed(url);
    found = client.discovery(
      url,
      config.CONSOLE_OIDC_CLIENT_ID!,
      config.CONSOLE_OIDC_CLIENT_SECRET,
      config.CONSOLE_OIDC_CLIENT_SECRET ? client.ClientSecretBasic(config.CONSOLE_OIDC_CLIENT_SECRET) : client.None(),
      { execute: insecure ? [client.allowInsecureRequests] : [], timeout: 10 },
    );
    found.catch(() => configurations.delete(deps));
    configurations.set(deps, found);
  }
  return found;
}

const sealed = (deps: ConsoleDeps, body: string) => `${body}.${hmac(deps.config.SIGNING_KEY, `console-oidc:${body}`)}`;

/**
 * Starts the authorization code flow with PKCE: the verifier, state and nonce go into a signed,
 * HttpOnly cookie scoped to the callback path; the answer is the issuer's authorization URL.
 */
export async function authorizationUrl(ctx: Koa.Context, deps: ConsoleDeps): Promise<string> {
  const c = await issuerConfiguration(deps);
  const tx: Transaction = {
    verifier: client.randomPKCECodeVerifier(),
    state: client.randomState(),
    nonce: client.randomNonce(),
  };
  const body = Buffer.from(JSON.stringify(tx)).toString('base64url');
  setCookie(ctx, deps.config, TRANSACTION_COOKIE, sealed(deps, body), {
    path: CALLBACK_PATH,
    maxAge: TRANSACTION_S,
    sameSite: 'Lax',
  });
  return client.buildAuthorizationUrl(c, {
    redirect_uri: `${deps.config.SITE_URL}${CALLBACK_PATH}`,
    scope: ['openid', ...allScopes].join(' '),
    code_challenge: await client.calculatePKCECodeChallenge(tx.verifier),
    code_challenge_method: 'S256',
    state: tx.state,
    nonce: tx.nonce,
    resource: expectedAudience(deps.config),
  }).href;
}

/**
 * Finishes the flow: exchanges the code (with the PKCE verifier), then judges the access token as
 * every API request's token is judged (issuer, audience, organization claim, membership from the
 * list `admin member add` keeps). The tokens are dropped here; the session keeps who and what scopes.
 */
export async function completeSignIn(ctx: Koa.Context, deps: ConsoleDeps): Promise<SessionOwner> {
  const raw = readCookie(ctx, TRANSACTION_COOKIE);
  setCookie(ctx, deps.config, TRANSACTION_COOKIE, '', { path: CALLBACK_PATH, maxAge: 0, sameSite: 'Lax' });
  const [body, mac] = (raw ?? '').split('.');
  if (!body || !mac || !safeEqual(sealed(deps, body), raw!))
    throw new AppError('UNAUTHENTICATED', 'the sign-in took too long or was started elsewhere; sign in again');
  const tx = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Transaction;
  const c = await issuerConfiguration(deps);
  const tokens = await client
    .authorizationCodeGrant(c, new URL(ctx.originalUrl, deps.config.SITE_URL), {
      pkceCodeVerifier: tx.verifier,
      expectedState: tx.state,
      expectedNonce: tx.nonce,
      idTokenExpected: true,
    })
    .catch((error: Error) => {
      throw new AppError('UNAUTHENTICATED', `the issuer refused the sign-in: ${error.message}`);
    });
  const principal = await deps.tokenVerifier!.verify(tokens.access_token);
  if (tokens.claims()?.sub !== principal.subject)
    throw new AppError('UNAUTHENTICATED', 'the ID token and the access token name different users');
  return { orgId: principal.orgId, kind: 'oidc', subject: principal.subject, scopes: [...principal.scopes] };
}
