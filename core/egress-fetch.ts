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

/**
 * fetch (undici) under an egress policy: the URL is checked first (IP literals included), and the
 * resolved address again when the connection is made. Redirects are the caller's to decide.
 */
export function egressFetch(policy: EgressPolicy) {
  const dispatcher = new Agent({ connect: { lookup: checkedLookup(policy) } });
  return async (url: string | URL, init: RequestInit = {}): Promise<Response> => {
    const refused = policy.refuseUrl(String(url));
    if (refused) throw new EgressRefused(refused);
    try {
      return await undiciFetch(url, { ...init, dispatcher });
    } catch (error) {
      const cause = (error as { cause?: unknown })?.cause;
      if (cause instanceof EgressRefused) throw cause;
      throw error;
    }
  };
}
