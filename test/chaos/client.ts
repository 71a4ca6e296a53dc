/** The specification's bound: a dependency that is down or hung gives 503 UNAVAILABLE within 10 s. */
export const BOUND_MS = 10_000;

export interface Reply {
  status: number;
  body: any;
  ms: number;
  /** Set when no HTTP answer came: the connection was refused or reset, or the answer never came. */
  network?: string;
}

export interface Violation {
  fault: string;
  what: string;
}

/**
 * HTTP to the API processes, recording every answer that breaks the contract: a 500, a hang
 * (no answer within the bound plus the long-poll wait), or an error outside the envelope.
 */
export class Api {
  violations: Violation[] = [];
  /** The fault being injected (for the report). */
  fault = 'setup';
  /** Ports whose API process the suite has killed: refused connections there are expected. */
  down = new Set<string>();
  counts = { requests: 0, unavailable: 0, refused: 0 };

  constructor(
    readonly urls: string[],
    private readonly apiKey: string,
  ) {}

  async request(url: string, method: string, path: string, body?: unknown, waitMs = 0): Promise<Reply> {
    const started = performance.now();
    this.counts.requests++;
    // Generous client timeout: a hang is measured, not cut short at the bound.
    const limit = waitMs + BOUND_MS + 20_000;
    try {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.apiKey}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(limit),
      });
      const text = await res.text();
      const ms = performance.now() - started;
      let parsed: any = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      const reply = { status: res.status, body: parsed, ms };
      this.check(url, path, reply, waitMs);
      return reply;
    } catch (error) {
      const ms = performance.now() - started;
      const network = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      if ((error as Error).name === 'TimeoutError') {
        this.violations.push({ fault: this.fault, what: `${path} on ${url} hung ${Math.round(ms)} ms` });
      } else this.counts.refused++;
      if (!this.down.has(url) && (error as Error).name !== 'TimeoutError') {
        // A live API process that drops a connection is a defect too (it crashed or hung up).
        this.violations.push({ fault: this.fault, what: `${path} on live ${url}: ${network}` });
      }
      return { status: 0, body: null, ms, network };
    }
  }

  post(url: string, op: string, body: unknown, waitMs = 0) {
    return this.request(url, 'POST', `/api/v1/${op}`, body, waitMs);
  }

  private check(url: string, path: string, reply: Reply, waitMs: number) {
    if (reply.status >= 500 && reply.status !== 503)
      this.violations.push({
        fault: this.fault,
        what: `${path} on ${url} answered ${reply.status}: ${JSON.stringify(reply.body).slice(0, 300)}`,
      });
    if (reply.status === 503) {
      this.counts.unavailable++;
      const code = reply.body?.error?.code ?? (typeof reply.body?.error === 'string' ? 'UNAVAILABLE' : undefined);
      if (code !== 'UNAVAILABLE')
        this.violations.push({
          fault: this.fault,
          what: `${path} 503 without UNAVAILABLE: ${JSON.stringify(reply.body)}`,
        });
    }
    if (reply.ms > waitMs + BOUND_MS)
      this.violations.push({
        fault: this.fault,
        what: `${path} on ${url} took ${Math.round(reply.ms)} ms (wait ${waitMs} ms + bound ${BOUND_MS} ms)`,
      });
  }
}
