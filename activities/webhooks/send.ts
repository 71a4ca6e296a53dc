import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { EgressPolicy } from '../../core/egress';

/** How much of a response the delivery log keeps. */
export const RESPONSE_EXCERPT_BYTES = 8 * 1024;

export type SendResult =
  | { kind: 'response'; statusCode: number; headers: IncomingHttpHeaders; excerpt: string }
  | { kind: 'error'; errorClass: 'timeout' | 'network' | 'egress_refused'; message: string };

class EgressRefused extends Error {}

/**
 * POSTs a body under the egress policy: the URL is checked first, and every address DNS answers
 * is checked again when the socket connects (so a name that resolves to a private address, or
 * changes its answer in between, is refused). Redirects are not followed: a 3xx is an answer.
 * Reads at most the first 8 KB of the response.
 */
export function postJson(
  policy: EgressPolicy,
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<SendResult> {
  const refused = policy.refuseUrl(url);
  if (refused) return Promise.resolve({ kind: 'error', errorClass: 'egress_refused', message: refused });
  const target = new URL(url);
  const checkedLookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      for (const a of list) {
        const why = policy.refuseAddress(hostname, a.address);
        if (why) return callback(new EgressRefused(why), '', 0);
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: SendResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        agent: false,
        lookup: checkedLookup,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'qa-orchestrator-webhooks/1',
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () =>
          done({
            kind: 'response',
            statusCode: res.statusCode ?? 0,
            headers: res.headers,
            excerpt: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8'),
          });
        res.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_EXCERPT_BYTES) {
            finish();
            res.destroy();
          }
        });
        res.on('end', finish);
        res.on('error', finish);
        res.on('close', finish);
      },
    );
    // One deadline for the whole exchange, so a receiver that trickles its answer is cut off too.
    const deadline = setTimeout(() => {
      done({ kind: 'error', errorClass: 'timeout', message: `no answer within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('error', (error) =>
      done(
        error instanceof EgressRefused
          ? { kind: 'error', errorClass: 'egress_refused', message: error.message }
          : { kind: 'error', errorClass: 'network', message: error.message },
      ),
    );
    req.end(body);
  });
}
