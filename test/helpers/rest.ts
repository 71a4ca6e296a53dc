import type { Reply } from './app';

/** Calls a resource-style endpoint (`/api/...`) with a bearer credential and an optional JSON body. */
export async function rest<T = any>(
  app: { url: string },
  apiKey: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  // A JSON answer parsed; any other (a CSV export) as its text.
  const json = /json/.test(res.headers.get('content-type') ?? 'application/json');
  return { status: res.status, body: text ? (json ? JSON.parse(text) : text) : null, headers: res.headers };
}

/** Asserts-friendly shape check of a resource-style failure: a 4xx with `{ error: string }`. */
export function isClientError(reply: Reply): boolean {
  return (
    reply.status >= 400 && reply.status < 500 && typeof reply.body?.error === 'string' && reply.body.error.length > 0
  );
}
