import { request } from 'node:http';
import type { Reply } from './app';

/** Calls a resource-style endpoint with a JSON body (or none). */
export async function resource<T = any>(
  app: { url: string },
  apiKey: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<Reply<T>> {
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/**
 * A raw PUT with headers exactly as given (fetch computes Content-Length itself, which would
 * hide the wrong-length case).
 */
export function rawPut(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : null });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface Uploaded {
  storageId: string;
  intentId: string;
  uploadUrl: string;
  contentType: string;
}

/** Creates an intent for these bytes and PUTs them, the way a client would. */
export async function upload(
  app: { url: string },
  apiKey: string,
  platform: 'android' | 'ios',
  bytes: Buffer,
  contentType?: string,
): Promise<Uploaded> {
  const type = contentType ?? (platform === 'android' ? 'application/vnd.android.package-archive' : 'application/zip');
  const intent = await resource(app, apiKey, 'POST', '/api/artifacts/upload-url', {
    platform,
    declaredBytes: bytes.length,
    contentType: type,
  });
  if (intent.status !== 200) throw new Error(`upload-url: ${intent.status} ${JSON.stringify(intent.body)}`);
  const put = await rawPut(intent.body.uploadUrl, bytes, {
    'Content-Type': type,
    'Content-Length': String(bytes.length),
  });
  if (put.status !== 200) throw new Error(`upload: ${put.status} ${JSON.stringify(put.body)}`);
  return { ...intent.body, contentType: type };
}

/**
 * Asks for the scan of an upload, as a client would: a 503 (the scan outlived the request's
 * deadline on a loaded host) is asked again after a pause, for up to a minute.
 */
export async function scan(
  app: { url: string },
  apiKey: string,
  up: Uploaded,
  platform: 'android' | 'ios',
  fileName = platform === 'android' ? 'app.apk' : 'App.ipa',
) {
  const body = { storageId: up.storageId, intentId: up.intentId, platform, fileName, contentType: up.contentType };
  const giveUpAt = Date.now() + 60_000;
  for (;;) {
    const reply = await resource(app, apiKey, 'POST', '/api/artifacts/scan', body);
    if (reply.status !== 503 || Date.now() > giveUpAt) return reply;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
