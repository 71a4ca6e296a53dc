/** A refusal of the API, in either of its envelopes (v1 `{ error: { code, message } }`, REST `{ error, code }`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

let csrfToken = '';
let signedOut: (why: string) => void = () => {};

/** The session's anti-CSRF token, sent with every request that changes something. */
export function useCsrfToken(token: string): void {
  csrfToken = token;
}

/** Called when the API answers 401: the session expired, was signed out, or its credential was revoked. */
export function onSignedOut(handler: (why: string) => void): void {
  signedOut = handler;
}

/** A fresh idempotency key for one action of a person (a retry of the same click reuses it). */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface CallOptions {
  body?: unknown;
  /** Idempotency-Key header of a REST mutation. */
  key?: string;
  /** An API key, sent once to sign in, as a script sends it: in the Authorization header. */
  bearer?: string;
}

/**
 * One request to the public API, from this origin with the session cookie (the browser sends it;
 * scripts here never see it). Reads are plain; anything else carries X-CSRF-Token.
 */
export async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.key) headers['Idempotency-Key'] = options.key;
  if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (res.status === 204) return undefined as T;
  const body = await res.json().catch(() => null);
  if (res.ok) return body as T;
  const error = toError(res.status, body);
  if (res.status === 401 && !path.startsWith('/api/console/session')) signedOut(error.message);
  throw error;
}

/** A v1 operation (POST /api/v1/<name>), as a script calls it. */
export const v1 = <T>(operation: string, body: Record<string, unknown> = {}) =>
  call<T>('POST', `/api/v1/${operation}`, { body });

/** A query string of the set values only. */
export function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const text = q.toString();
  return text ? `?${text}` : '';
}

function toError(status: number, body: unknown): ApiError {
  const b = (body ?? {}) as { error?: unknown; code?: string; details?: Record<string, unknown> };
  if (b.error && typeof b.error === 'object') {
    const e = b.error as { code: string; message: string; details?: Record<string, unknown> };
    return new ApiError(status, e.code, e.message, e.details);
  }
  return new ApiError(
    status,
    b.code ?? 'INTERNAL',
    typeof b.error === 'string' ? b.error : `HTTP ${status}`,
    b.details,
  );
}
