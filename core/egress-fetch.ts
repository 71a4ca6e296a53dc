import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch, type RequestInit, type Response } from 'undici';
import type { EgressPolicy } from './egress';

/** Thrown when the egress policy refuses a request; `message` names the rule, never a value. */
export class EgressRefused extends Error {
  readonly name = 'EgressRefused';
}

/**
 * A DNS lookup that checks every address the policy sees before a socket connects, so a name
 * that resolves (or re-resolves, DNS rebinding) to a refused address never gets a connection.
 */
export function checkedLookup(policy: EgressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    // RFC 6761: resolvers answer "invalid" names negatively at once, without asking a server.
    if (/(^|\.)invalid\.?$/i.test(hostname)) return callback(notFound(hostname), '', 0);
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      for (const a of list) {
        const why = policy.refuseAddress(hostname, a.address);
        if (why) return callback(new EgressRefused(why), '', 0);
      }
      if ((options as { all?: boolean }).all) {
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      }
      callback(null, list[0].address, list[0].family);
    });
  };
}

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', syscall: 'getaddrinfo' });
}

/**
 * Why a request got no answer, in words safe to show a customer: a category of network failure,
 * never the error's own text (which names addresses, host names and library internals).
 */
export function unreachableWhy(error: unknown): string {
  const codes: string[] = [];
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, errors, cause } = e as { code?: unknown; errors?: unknown; cause?: unknown };
    if (typeof code === 'string') codes.push(code);
    // A connection to each address of a name fails on its own (AggregateError).
    if (Array.isArray(errors)) for (const inner of errors) if (typeof inner?.code === 'string') codes.push(inner.code);
    e = cause;
  }
  for (const code of codes) {
    if (/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_NODATA|EAI_FAIL)$/.test(code)) return 'its host name did not resolve';
    if (code === 'ECONNREFUSED') return 'the connection was refused';
    if (/^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/.test(code))
      return 'the connection was closed before an answer';
    if (/^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT)$/.test(code)) return 'the connection timed out';
    if (/^(EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN)$/.test(code)) return 'its address could not be reached';
    // OpenSSL's verification codes (Node passes them on), e.g. UNABLE_TO_VERIFY_LEAF_SIGNATURE for a missing intermediate.
    if (/CERT|SSL|TLS|^UNABLE_TO_|SIGNATURE|INVALID_CA|HOSTNAME_MISMATCH/.test(code))
      return 'its TLS certificate was not accepted';
  }
  return 'the request failed before an answer';
}

/** What a caller may set on an egress request: everything but the redirect mode and the dispatcher, which the policy owns. */
export type EgressInit = Omit<RequestInit, 'redirect' | 'dispatcher'>;

/**
 * fetch (undici) under an egress policy: the URL is checked first (IP literals included), and the
 * resolved address again when the connection is made. Redirects are never followed, whatever the
 * caller passes: a 3xx is the answer, so a Location outside the policy (an IP literal, which no
 * lookup sees) is never requested.
 */
export function egressFetch(policy: EgressPolicy) {
  const dispatcher = new Agent({ connect: { lookup: checkedLookup(policy) } });
  return async (url: string | URL, init: EgressInit = {}): Promise<Response> => {
    const refused = policy.refuseUrl(String(url));
    if (refused) throw new EgressRefused(refused);
    try {
      return await undiciFetch(url, { ...init, redirect: 'manual', dispatcher });
    } catch (error) {
      const cause = (error as { cause?: unknown })?.cause;
      if (cause instanceof EgressRefused) throw cause;
      throw error;
    }
  };
}

/** The first `maxBytes` of a response body as text; the rest is never read (the stream is cancelled). */
export async function readCapped(res: { body: unknown }, maxBytes: number): Promise<string> {
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= maxBytes) break;
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}

/**
 * Why the policy refuses `url` (its own rules, then every address its host resolves to), or null.
 * For a client this process does not connect itself (a browser Appium drives), checked just before.
 */
export function refusalOf(policy: EgressPolicy, url: string): Promise<string | null> {
  const why = policy.refuseUrl(url);
  if (why) return Promise.resolve(why);
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    checkedLookup(policy)(host, { all: true }, (error) =>
      resolve(error ? (error instanceof EgressRefused ? error.message : 'the host does not resolve') : null),
    );
  });
}
