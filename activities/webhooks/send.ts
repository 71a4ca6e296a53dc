import type { EgressPolicy } from '../../core/egress';
import { EgressRefused, egressFetch, readCapped, unreachableWhy } from '../../core/egress-fetch';

/** How much of a response the delivery log keeps. */
export const RESPONSE_EXCERPT_BYTES = 8 * 1024;

export type SendResult =
  | { kind: 'response'; statusCode: number; headers: Record<string, string>; excerpt: string }
  | { kind: 'error'; errorClass: 'timeout' | 'network' | 'egress_refused'; message: string };

/** One fetch (and its connection pool) per policy: a worker has one policy for all its deliveries. */
const fetchers = new WeakMap<EgressPolicy, ReturnType<typeof egressFetch>>();

/**
 * POSTs a body under the egress policy (core/egress-fetch.ts: the URL is checked first, and every
 * address DNS answers again when the socket connects). Redirects are not followed: a 3xx is an
 * answer. One deadline covers the whole exchange, so a receiver that trickles its answer is cut
 * off too; at most the first 8 KB of the response are read.
 */
export async function postJson(
  policy: EgressPolicy,
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<SendResult> {
  let fetch = fetchers.get(policy);
  if (!fetch) fetchers.set(policy, (fetch = egressFetch(policy)));
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'qa-orchestrator-webhooks/1', ...headers },
      body,
      signal,
    });
    return {
      kind: 'response',
      statusCode: res.status,
      headers: Object.fromEntries(res.headers),
      excerpt: await readCapped(res, RESPONSE_EXCERPT_BYTES),
    };
  } catch (error) {
    if (error instanceof EgressRefused) return { kind: 'error', errorClass: 'egress_refused', message: error.message };
    if (signal.aborted) return { kind: 'error', errorClass: 'timeout', message: `no answer within ${timeoutMs} ms` };
    return {
      kind: 'error',
      errorClass: 'network',
      message: `the receiver could not be reached: ${unreachableWhy(error)}`,
    };
  }
}
