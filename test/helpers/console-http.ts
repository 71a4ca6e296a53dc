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
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ apiKey }),
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
