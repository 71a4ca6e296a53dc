import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import * as jose from 'jose';
import Provider from 'oidc-provider';
import { allScopes } from '../../core/scopes';

/** The API's own client at the issuer: it authenticates introspection requests. */
export const apiClient = { id: 'qa-api', secret: 'qa-api-secret' };
/** Machine clients for the client-credentials grant; their tokens carry the organization set for them. */
const agents = {
  jwt: { id: 'agent-jwt', secret: 'agent-jwt-secret' },
  opaque: { id: 'agent-opaque', secret: 'agent-opaque-secret' },
};
/** The client that user tokens minted directly (jwt(), opaque()) are issued to. */
const userApp = { id: 'user-app', secret: 'user-app-secret' };
const KID = 'test-signing-key';
/** The console's client (authorization code with PKCE); its redirect URI is given to startIssuer. */
export const consoleClient = { id: 'qa-console', secret: 'qa-console-secret' };

export interface Grant {
  sub: string;
  /** The organization claim (`org_id`); omitted when undefined. */
  org?: string;
  scope: string;
  /** Resource indicator; the test audience by default. */
  audience?: string;
  expiresIn?: number;
}

export interface TestIssuer {
  issuer: string;
  audience: string;
  /** Settings that point the API at this issuer. */
  settings: Record<string, string>;
  /** A JWT access token (RFC 9068) minted by the provider itself. */
  jwt(grant: Grant): Promise<string>;
  /** An opaque access token minted by the provider; only introspection can tell what it means. */
  opaque(grant: Grant): Promise<string>;
  /** An at+jwt we sign ourselves, to break one property at a time (key, iss, exp…). */
  forge(claims: Record<string, unknown>, key?: 'issuer' | 'stranger', typ?: string): Promise<string>;
  /** A token from the standard client-credentials grant at the token endpoint. */
  clientCredentials(format: 'jwt' | 'opaque', scope: string, org: string): Promise<{ token: string; sub: string }>;
  /**
   * A person who can sign in at the issuer's login form; their tokens name `org` and carry `scopes`.
   * `idTokenSubject`: the `sub` their ID token names instead of theirs (a misbehaving issuer).
   */
  addUser(sub: string, org: string, scopes?: string[], idTokenSubject?: string): void;
  /**
   * A misbehaving issuer's introspection: its answer for `token` with these members replaced
   * (undefined: left out), as an issuer that answers for another issuer, or with a token type other
   * than Bearer, an `exp` past or an `nbf` ahead, would send it.
   */
  introspectionSays(token: string, members: Record<string, unknown>): void;
  /** A failing issuer: its introspection of `token` answers 500 with an OAuth error body. */
  introspectionFails(token: string): void;
  /** How often the API asked the issuer's introspection about `token`. */
  introspections(token: string): number;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on a loopback port, with a resource server for
 * `audience` and introspection enabled: the API under test discovers it, fetches its JWKS and
 * calls its introspection endpoint exactly as it would a production issuer.
 */
export async function startIssuer(
  audience: string,
  options: { consoleRedirectUri?: string } = {},
): Promise<TestIssuer> {
  const { privateKey } = await jose.generateKeyPair('RS256', { extractable: true });
  const stranger = (await jose.generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await jose.exportJWK(privateKey)), kid: KID, alg: 'RS256', use: 'sig' };

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const orgOfClient = new Map<string, string>();
  const users = new Map<string, { org: string; scopes: string[]; idTokenSubject?: string }>();
  const secretClient = (c: { id: string; secret: string }) => ({
    client_id: c.id,
    client_secret: c.secret,
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
  });
  const resourceServer = (resource: string, format: 'jwt' | 'opaque') => ({
    scope: allScopes.join(' '),
    audience: resource,
    accessTokenFormat: format,
    accessTokenTTL: 300,
  });

  const provider = new Provider(issuer, {
    jwks: { keys: [jwk] },
    clients: [
      secretClient(apiClient),
      secretClient(agents.jwt),
      secretClient(agents.opaque),
      secretClient(userApp),
      ...(options.consoleRedirectUri
        ? [
            {
              client_id: consoleClient.id,
              client_secret: consoleClient.secret,
              grant_types: ['authorization_code'],
              response_types: ['code'],
              redirect_uris: [options.consoleRedirectUri],
            },
          ]
        : []),
    ],
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    scopes: ['openid', ...allScopes],
    ttl: { AccessToken: 300, ClientCredentials: 300 },
    features: {
      devInteractions: { enabled: false },
      // Only the API may ask what a token means.
      introspection: { enabled: true, allowedPolicy: (_ctx, client) => client.clientId === apiClient.id },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource, client) =>
          resourceServer(resource, client.clientId === agents.opaque.id ? 'opaque' : 'jwt'),
      },
    },
    // Called on every save: a directly minted token keeps the claims it was built with.
    extraTokenClaims: (_ctx, token) => {
      const org = orgOfClient.get(token.clientId) ?? users.get(token.accountId ?? '')?.org;
      return token.extra ?? (org ? { org_id: org } : undefined);
    },
  });
  // A misbehaving issuer for addUser's idTokenSubject: oidc-provider itself always names the account.
  const idTokenPayload = provider.IdToken.prototype.payload;
  provider.IdToken.prototype.payload = async function (this: unknown) {
    const payload = (await idTokenPayload.call(this)) as { sub: string };
    return { ...payload, sub: users.get(payload.sub)?.idTokenSubject ?? payload.sub };
  };
  const introspectionAnswers = new Map<string, Record<string, unknown>>();
  const failingIntrospection = new Set<string>();
  const introspected = new Map<string, number>();
  provider.use(async (ctx, next) => {
    await next();
    const token = (ctx as { oidc?: { params?: { token?: unknown } } }).oidc?.params?.token;
    if (ctx.path !== '/token/introspection' || typeof token !== 'string') return;
    introspected.set(token, (introspected.get(token) ?? 0) + 1);
    if (failingIntrospection.has(token)) {
      ctx.status = 500;
      ctx.body = { error: 'server_error', error_description: 'the token store is down' };
      return;
    }
    const members = introspectionAnswers.get(token);
    if (!members) return;
    ctx.status = 200; // whatever the provider made of the token (it fails on a JWT it did not issue)
    const answer: Record<string, unknown> = { ...(ctx.body as Record<string, unknown>), ...members };
    for (const [name, value] of Object.entries(answer)) if (value === undefined) delete answer[name];
    ctx.body = answer;
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) void interact(req, res);
    else callback(req, res);
  });

  /** The login form of the issuer (no consent screen: signing in grants the user's scopes). */
  async function interact(req: http.IncomingMessage, res: http.ServerResponse) {
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        res.setHeader('Content-Type', 'text/html');
        res.end(
          '<!doctype html><html lang="en"><title>Issuer sign-in</title><main><h1>Issuer sign-in</h1>' +
            `<form method="post" action="/interaction/${details.uid}"><label>User <input name="login"></label>` +
            '<button type="submit">Sign in at the issuer</button></form></main></html>',
        );
        return;
      }
      let body = '';
      for await (const chunk of req) body += chunk;
      const login = new URLSearchParams(body).get('login') ?? '';
      const user = users.get(login);
      if (!user) {
        await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'unknown user' });
        return;
      }
      const grant = new provider.Grant({ accountId: login, clientId: String(details.params.client_id) });
      // The svc scopes are OpenID scopes of this provider too; what the token carries is the resource's share.
      grant.addOIDCScope(String(details.params.scope));
      grant.addResourceScope(audience, user.scopes.join(' '));
      // What the user may not have is refused at consent (not asked again): the token carries the rest.
      const refused = allScopes.filter((scope) => !user.scopes.includes(scope));
      if (refused.length) grant.rejectResourceScope(audience, refused.join(' '));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: login }, consent: { grantId } });
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  }

  const mint = async (grant: Grant, format: 'jwt' | 'opaque') => {
    const client = await provider.Client.find(userApp.id);
    const resource = grant.audience ?? audience;
    const token = new provider.AccessToken({
      client,
      accountId: grant.sub,
      scope: grant.scope,
      resourceServer: new provider.ResourceServer(resource, resourceServer(resource, format)),
      expiresIn: grant.expiresIn ?? 300,
      ...(grant.org !== undefined ? { extra: { org_id: grant.org } } : {}),
    });
    return token.save();
  };

  return {
    issuer,
    audience,
    settings: {
      OAUTH_ISSUER: issuer,
      OAUTH_AUDIENCE: audience,
      OAUTH_CLIENT_ID: apiClient.id,
      OAUTH_CLIENT_SECRET: apiClient.secret,
    },
    jwt: (grant) => mint(grant, 'jwt'),
    opaque: (grant) => mint(grant, 'opaque'),
    async forge(claims, key = 'issuer', typ = 'at+jwt') {
      const now = Math.floor(Date.now() / 1000);
      return new jose.SignJWT({
        iss: issuer,
        aud: audience,
        iat: now,
        exp: now + 300,
        jti: randomUUID(),
        client_id: userApp.id,
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: KID, typ })
        .sign(key === 'issuer' ? privateKey : stranger);
    },
    async clientCredentials(format, scope, org) {
      const agent = agents[format];
      orgOfClient.set(agent.id, org);
      const res = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from(`${agent.id}:${agent.secret}`).toString('base64')}` },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope, resource: audience }),
      });
      const body = await res.json();
      if (!res.ok) throw new Error(`token endpoint: ${res.status} ${JSON.stringify(body)}`);
      return { token: body.access_token, sub: agent.id };
    },
    addUser(sub, org, scopes = allScopes, idTokenSubject) {
      users.set(sub, { org, scopes, idTokenSubject });
    },
    introspectionSays(token, members) {
      introspectionAnswers.set(token, members);
    },
    introspectionFails(token) {
      failingIntrospection.add(token);
    },
    introspections: (token) => introspected.get(token) ?? 0,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
