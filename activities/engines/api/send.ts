import { readCapped } from '../../../core/egress-fetch';
import { mediaTypeOf } from './contract';
import { fingerprint, inferSchema, templatePath } from './shapes';
import type { SessionState } from './session-state';
import type { ApiObservation } from './types';

/** Bodies larger than this are not read past it (the runner checks shapes, not archives). */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** One answer, read and parsed once. */
export interface Sent {
  status: number;
  contentType: string;
  durationMs: number;
  body: unknown;
  hasBody: boolean;
  text: string;
}

/** Sends one request to the target under the session's egress policy, timeout and cancellation. */
export async function send(
  { o }: SessionState,
  request: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<Sent> {
  const { method, path, headers, body } = request;
  const started = performance.now();
  const signals = [AbortSignal.timeout(o.timeoutMs), ...(o.signal ? [o.signal] : [])];
  const res = await o.fetch(new URL(path.replace(/^\//, ''), o.baseUrl.endsWith('/') ? o.baseUrl : `${o.baseUrl}/`), {
    method,
    headers: {
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body,
    signal: AbortSignal.any(signals),
  });
  const text = await readCapped(res, MAX_BODY_BYTES);
  const contentType = res.headers.get('content-type') ?? '';
  let parsed: unknown;
  const json = /json/.test(mediaTypeOf(contentType)) && text.length > 0;
  if (json) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  return {
    status: res.status,
    contentType,
    durationMs: performance.now() - started,
    body: parsed,
    hasBody: text.length > 0,
    text,
  };
}

/** Keeps the value-free observation of one answer (shapes and numbers) and finds its documented operation. */
export function observe(
  { o, observations }: SessionState,
  answer: {
    source: ApiObservation['source'];
    index: number;
    method: string;
    path: string;
    sent: Sent;
    contract?: ApiObservation['contract'];
  },
) {
  const { source, index, method, path, sent, contract } = answer;
  const op = o.document?.find(method, path) ?? null;
  const pathShape = op ? op.template : templatePath(path);
  const observation: ApiObservation = {
    source,
    index,
    method,
    pathShape,
    operationKey: `${method} ${pathShape}`,
    documented: !!op,
    status: sent.status,
    contentType: mediaTypeOf(sent.contentType),
    durationMs: Math.round(sent.durationMs),
    ...(sent.body !== undefined ? { fingerprint: fingerprint(sent.body) } : {}),
    ...(!op && sent.body !== undefined ? { inferredSchema: inferSchema(sent.body) } : {}),
    ...(contract ? { contract } : {}),
  };
  observations.push(observation);
  return { op, observation };
}
