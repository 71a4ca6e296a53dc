import type Koa from 'koa';
import type { Config } from '../../core/config';

/** The session cookie's name: with https, `__Host-` binds it to this origin (Secure, Path=/, no Domain). */
export function sessionCookieName(config: Pick<Config, 'SITE_URL'>): string {
  return isHttps(config) ? '__Host-qa_console' : 'qa_console';
}

const isHttps = (config: Pick<Config, 'SITE_URL'>) => config.SITE_URL.startsWith('https:');

interface CookieOptions {
  path: string;
  /** Seconds; 0 removes the cookie. */
  maxAge: number;
  /** Strict for the session; Lax for the sign-in transaction, which returns from the issuer's site. */
  sameSite: 'Strict' | 'Lax';
}

/**
 * Appends a Set-Cookie header: HttpOnly always (scripts never read it), Secure whenever the site is
 * https. Written by hand rather than with ctx.cookies.set, which refuses Secure behind a TLS proxy.
 */
export function setCookie(
  ctx: Koa.Context,
  config: Pick<Config, 'SITE_URL'>,
  name: string,
  value: string,
  o: CookieOptions,
) {
  const parts = [`${name}=${value}`, `Path=${o.path}`, `Max-Age=${o.maxAge}`, 'HttpOnly', `SameSite=${o.sameSite}`];
  if (isHttps(config)) parts.push('Secure');
  ctx.append('Set-Cookie', parts.join('; '));
}

/** A cookie's value from the request, or undefined. */
export function readCookie(ctx: Koa.Context, name: string): string | undefined {
  return ctx.cookies.get(name) || undefined;
}
