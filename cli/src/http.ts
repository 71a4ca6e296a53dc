/** The service's HTTP API, with retries for what is transient. Node built-ins only: no dependency on the service's code. */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

/** Exit codes of `qa`, documented in `qa --help` and docs/ci.md. */
export const EXIT = {
  passed: 0,
  failed: 1,
  usage: 2,
  inconclusive: 3,
  unavailable: 4,
  timedOut: 5,
  sigint: 130,
  sigterm: 143,
} as const;

/** Which code wins when several apply: the most decisive (2 > 1 > 5 > 4 > 3, then 0). */
const PRECEDENCE = [EXIT.usage, EXIT.failed, EXIT.timedOut, EXIT.unavailable, EXIT.inconclusive];

export function decisive(codes: number[]): number {
  for (const code of PRECEDENCE) if (codes.includes(code)) return code;
  return codes.find((c) => c !== 0) ?? 0;
}

/** A failure that ends the command with an exit code and a message. */
export class QaError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
    /** The service's HTTP status, when the failure is its answer. */
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

export interface ApiOptions {
  url: string;
  key: string;
  /** Attempts for a transient failure (network error, 502/503/504, 429). */
  attempts: number;
  /** First backoff delay; it doubles with each attempt (with jitter), capped at 30 s. */
  backoffMs: number;
  log: (line: string) => void;
}

const TRANSIENT = new Set([429, 502, 503, 504]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Api {
  constructor(private readonly o: ApiOptions) {}

  get baseUrl() {
    return this.o.url.replace(/\/+$/, '');
  }

  /** A v1 operation: POST /api/v1/<op>. */
  op<T = any>(operation: string, body: Record<string, unknown>): Promise<T> {
    return this.request<T>('POST', `/api/v1/${operation}`, body);
  }

  /**
   * Where a redirecting GET points (e.g. GET /api/runs/{runId}/trace), or null when there is nothing
   * (404) or this credential may not have it (403: the trace is for organization API keys only).
   * The target is a short-lived link that needs no credential.
   */
  async redirectOf(path: string): Promise<string | null> {
    const url = new URL(`${this.baseUrl}${path}`);
    const res = await send(
      url,
      'GET',
      { Authorization: `Bearer ${this.o.key}`, 'User-Agent': 'qa-cli' },
      undefined,
      60_000,
    );
    if (res.status === 404 || res.status === 403) return null;
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location) return new URL(location, url).href;
    throw new QaError(
      EXIT.unavailable,
      `GET ${path} answered ${res.status}: ${errorMessage(safeJson(res.text), res.status)}`,
      res.status,
    );
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    timeoutMs = 60_000,
  ): Promise<T> {
    let lastProblem = '';
    for (let attempt = 1; attempt <= this.o.attempts; attempt++) {
      let res: Answer;
      try {
        res = await send(
          new URL(`${this.baseUrl}${path}`),
          method,
          { Authorization: `Bearer ${this.o.key}`, 'User-Agent': 'qa-cli', ...headers },
          body === undefined ? undefined : JSON.stringify(body),
          timeoutMs,
        );
      } catch (error) {
        lastProblem = `cannot reach ${this.baseUrl}: ${(error as Error).message}`;
        await this.backoff(attempt, lastProblem);
        continue;
      }
      const { text } = res;
      const parsed = text ? safeJson(text) : null;
      if (res.status >= 200 && res.status < 300) return parsed as T;
      const message = errorMessage(parsed, res.status);
      if (TRANSIENT.has(res.status)) {
        lastProblem = `${method} ${path} answered ${res.status}: ${message}`;
        const retryAfter = Number(res.headers['retry-after']);
        await this.backoff(attempt, lastProblem, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 0);
        continue;
      }
      if (res.status === 401 || res.status === 403)
        throw new QaError(
          EXIT.usage,
          `the API key was refused (${res.status}): ${message}; check QA_API_KEY`,
          res.status,
        );
      if (res.status === 400 || res.status === 404 || res.status === 409 || res.status === 422)
        throw new QaError(EXIT.usage, message, res.status);
      throw new QaError(EXIT.unavailable, `${method} ${path} answered ${res.status}: ${message}`, res.status);
    }
    throw new QaError(
      EXIT.unavailable,
      `the service stayed unavailable after ${this.o.attempts} attempts (${lastProblem})`,
    );
  }

  private async backoff(attempt: number, problem: string, atLeastMs = 0) {
    if (attempt >= this.o.attempts) return;
    const delay = Math.max(
      atLeastMs,
      Math.min(30_000, this.o.backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() / 2)),
    );
    this.o.log(`${problem}; retrying in ${(delay / 1000).toFixed(1)} s (attempt ${attempt + 1} of ${this.o.attempts})`);
    await sleep(delay);
  }
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * One HTTP exchange with node:http. Not fetch: Node 20's fetch can leave the first request to a
 * peer that closes the connection unanswered unsettled, and its timeout timer does not keep the
 * process alive, so qa would drain its event loop and exit 0. Here a closed connection is an
 * error at once and the timer is referenced.
 */
function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  payload: string | undefined,
  timeoutMs: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method,
      headers: {
        ...headers,
        ...(payload !== undefined
          ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }
          : {}),
      },
    });
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      response.on('close', () => {
        if (response.complete) return;
        clearTimeout(timer);
        reject(new Error('the connection closed before the whole answer arrived'));
      });
      response.on('end', () => {
        clearTimeout(timer);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    request.end(payload);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorMessage(body: unknown, status: number): string {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === 'string') return error;
    if (error && typeof error === 'object' && 'message' in error) {
      const e = error as { code?: string; message: string };
      return e.code ? `${e.code}: ${e.message}` : e.message;
    }
  }
  return typeof body === 'string' && body ? body.slice(0, 300) : `HTTP ${status}`;
}
