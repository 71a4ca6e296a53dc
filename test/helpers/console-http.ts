import assert from 'node:assert/strict';
import type { Reply } from './app';

/** A Set-Cookie header taken apart: its name, value and attributes (names lower-cased; a flag maps to ''). */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
}

export function parseSetCookie(header: string): SetCookie {
  const [pair, ...rest] = header.split(';').map((p) => p.trim());
  const at = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const eq = part.indexOf('=');
    attributes.set((eq < 0 ? part : part.slice(0, eq)).toLowerCase(), eq < 0 ? '' : part.slice(eq + 1));
  }
  return { name: pair.slice(0, at), value: pair.slice(at + 1), attributes };
}

/** The cookies a reply sets, by name. */
export function cookiesSet(headers: Headers): Map<string, SetCookie> {
  return new Map(headers.getSetCookie().map((h) => [parseSetCookie(h).name, parseSetCookie(h)]));
}

/** A signed-in console as a browser holds it: the Cookie header to send and the session's anti-CSRF token. */
export interface ConsoleSession {
  cookie: string;
  csrfToken: string;
  /** The Set-Cookie header of the sign-in, taken apart. */
  setCookie: SetCookie;
  body: any;
}

/** Signs the console in with an API key (POST /api/console/session), as the sign-in page does. */
export async function keySession(
  app: { url: string },
  apiKey: string,
  cookieName = 'qa_console',
): Promise<ConsoleSession> {
  const res = await fetch(`${app.url}/api/console/session`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}` },
  });
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  const setCookie = cookiesSet(res.headers).get(cookieName);
  assert.ok(setCookie, `the sign-in sets ${cookieName}: ${res.headers.getSetCookie().join(' | ')}`);
  return { cookie: `${cookieName}=${setCookie.value}`, csrfToken: body.csrfToken, setCookie, body };
}

/**
 * A request as the console's page makes it: the session cookie, and `X-CSRF-Token` when `csrf` is
 * given. `headers` adds or overrides (Origin, Sec-Fetch-Site, Authorization).
 */
export async function asConsole<T = any>(
  app: { url: string },
  session: Pick<ConsoleSession, 'cookie'>,
  method: string,
  path: string,
  options: { body?: unknown; csrf?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: {
      Cookie: session.cookie,
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(options.csrf === undefined ? {} : { 'X-CSRF-Token': options.csrf }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** A cookie jar for one host, path-blind: enough for the issuer's own interaction cookies. */
class Jar {
  readonly cookies = new Map<string, string>();
  take(headers: Headers) {
    for (const [name, c] of cookiesSet(headers))
      if (c.attributes.get('max-age') === '0' || c.value === '') this.cookies.delete(name);
      else this.cookies.set(name, c.value);
  }
  get header() {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

/** The start of a console OpenID Connect sign-in: the issuer's authorization URL and the transaction cookie. */
export async function oidcStart(app: { url: string }): Promise<{ authorizationUrl: URL; transaction: SetCookie }> {
  const res = await fetch(`${app.url}/api/console/oidc/start`, { redirect: 'manual' });
  assert.equal(res.status, 302, await res.text());
  const transaction = cookiesSet(res.headers).get('qa_console_oidc');
  assert.ok(transaction, 'the sign-in sets its transaction cookie');
  return { authorizationUrl: new URL(res.headers.get('location')!), transaction };
}

/**
 * Signs `user` in at the test issuer's form, over HTTP as a browser would (redirects followed by
 * hand), and answers the callback URL the issuer sends the browser back to, not yet followed.
 */
export async function issuerCallbackUrl(authorizationUrl: URL, user: string): Promise<URL> {
  const jar = new Jar();
  let url = authorizationUrl;
  let form: string | null = null;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      method: form === null ? 'GET' : 'POST',
      redirect: 'manual',
      headers: {
        Cookie: jar.header,
        ...(form === null ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
      },
      ...(form === null ? {} : { body: form }),
    });
    jar.take(res.headers);
    form = null;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== authorizationUrl.origin) return next;
      url = next;
    } else if (res.status === 200 && url.pathname.startsWith('/interaction/')) {
      await res.text();
      form = new URLSearchParams({ login: user }).toString();
    } else throw new Error(`the issuer answered ${res.status} at ${url}: ${await res.text()}`);
  }
  throw new Error('the issuer never sent the browser back');
}

/** Follows the issuer's redirect back to the console's callback with the transaction cookie (or another). */
export async function oidcCallback(callback: URL, transactionCookie: string | null) {
  const res = await fetch(callback, {
    redirect: 'manual',
    headers: transactionCookie === null ? {} : { Cookie: transactionCookie },
  });
  await res.text();
  return { status: res.status, location: res.headers.get('location') ?? '', cookies: cookiesSet(res.headers) };
}

/** A whole console sign-in of `user` at the issuer; answers the session as keySession does. */
export async function oidcSession(app: { url: string }, user: string): Promise<ConsoleSession> {
  const { authorizationUrl, transaction } = await oidcStart(app);
  const back = await oidcCallback(
    await issuerCallbackUrl(authorizationUrl, user),
    `${transaction.name}=${transaction.value}`,
  );
  assert.equal(back.location, '/console', `signed in, not sent back to sign-in: ${back.location}`);
  const setCookie = back.cookies.get('qa_console');
  assert.ok(setCookie);
  const cookie = `qa_console=${setCookie.value}`;
  const own = await asConsole(app, { cookie }, 'GET', '/api/console/session');
  assert.equal(own.status, 200);
  return { cookie, csrfToken: own.body.csrfToken, setCookie, body: own.body };
}
