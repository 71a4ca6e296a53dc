import type { BrowserContext, Page, Request } from 'playwright-core';
import { networkErrorWords } from './actions';

/** A request slower than this is a fact of its step, whatever it answered. */
export const SLOW_REQUEST_MS = 2000;
/** At most this many facts of each kind per step: a page that logs in a loop does not grow the evidence. */
const PER_STEP = 10;
/** The Run keeps at most this many events in memory, all steps together. */
const PER_RUN = 2000;
const TEXT_MAX = 300;

/** A request of a step that failed (status ≥ 400, or no answer) or was slow: never its query, headers or body. */
export interface RequestFact {
  method: string;
  /** Origin and path only. */
  url: string;
  status?: number;
  /** Why there was no answer, in words, e.g. `the connection was refused`. */
  failure?: string;
  durationMs: number;
}

/** What the page did during a step that a person fixing it wants to know; each list only when not empty. */
export interface PageFactsOfStep {
  consoleErrors?: string[];
  pageErrors?: string[];
  requests?: RequestFact[];
}

type Event =
  { kind: 'console'; text: string } | { kind: 'pageerror'; text: string } | { kind: 'request'; fact: RequestFact };

/**
 * Listens to a Run's browser context for console errors, uncaught page errors and failed or slow
 * requests, in the order they came; a step reads those that came since it began.
 */
export class PageFacts {
  readonly #events: Event[] = [];
  #dropped = 0;
  readonly #started = new WeakMap<Request, number>();
  readonly #status = new WeakMap<Request, number>();

  watch(context: BrowserContext, first: Page): void {
    const onPage = (page: Page) => {
      page.on('console', (message) => {
        // Chromium logs every failed load as an error too; the request's own fact says it better.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          this.#add({ kind: 'console', text: clip(message.text()) });
      });
      page.on('pageerror', (error) => this.#add({ kind: 'pageerror', text: clip(error.message) }));
    };
    onPage(first);
    context.on('page', onPage);
    context.on('request', (request) => {
      if (watched(request)) this.#started.set(request, performance.now());
    });
    // The status from the response event, which comes anyway: request.response() would ask the
    // browser again for every request of the page.
    context.on('response', (response) => this.#status.set(response.request(), response.status()));
    context.on('requestfinished', (request) => {
      const status = this.#status.get(request);
      this.#request(request, status === undefined ? {} : { status });
    });
    context.on('requestfailed', (request) => {
      const failure = request.failure()?.errorText ?? '';
      // An aborted request is one the page (or a navigation) gave up, not one the server failed.
      if (!failure.includes('ERR_ABORTED')) this.#request(request, { failure: networkErrorWords(failure) });
    });
  }

  #request(request: Request, outcome: { status?: number; failure?: string }): void {
    const started = this.#started.get(request);
    if (started === undefined) return;
    const durationMs = Math.round(performance.now() - started);
    const failed = outcome.failure !== undefined || (outcome.status ?? 0) >= 400;
    if (!failed && durationMs < SLOW_REQUEST_MS) return;
    const url = new URL(request.url());
    this.#add({
      kind: 'request',
      fact: { method: request.method(), url: `${url.origin}${url.pathname}`, ...outcome, durationMs },
    });
  }

  #add(event: Event): void {
    if (this.#events.length >= PER_RUN) this.#dropped++;
    else this.#events.push(event);
  }

  /** Where a step begins, to read its facts from. */
  mark(): number {
    return this.#events.length;
  }

  /** The facts since `mark`, at most PER_STEP of each kind. */
  since(mark: number): PageFactsOfStep {
    const events = this.#events.slice(mark);
    const texts = (kind: 'console' | 'pageerror') =>
      events.flatMap((e) => (e.kind === kind ? [e.text] : [])).slice(0, PER_STEP);
    const consoleErrors = texts('console');
    const pageErrors = texts('pageerror');
    const requests = events.flatMap((e) => (e.kind === 'request' ? [e.fact] : [])).slice(0, PER_STEP);
    return {
      ...(consoleErrors.length && { consoleErrors }),
      ...(pageErrors.length && { pageErrors }),
      ...(requests.length && { requests }),
    };
  }
}

/**
 * The facts in a sentence for the step's reason and diagnosis, e.g. `The click's POST request to
 * /api/orders answered 500.`; empty when the step has none. A failed request first: it is the likeliest cause.
 */
export function factsSentence(action: string, facts: PageFactsOfStep): string {
  const parts: string[] = [];
  const failed = facts.requests?.find((r) => r.failure !== undefined || (r.status ?? 0) >= 400);
  if (failed) {
    const path = new URL(failed.url).pathname;
    parts.push(
      failed.failure !== undefined
        ? `The ${action}'s ${failed.method} request to ${path} got no answer (${failed.failure}).`
        : `The ${action}'s ${failed.method} request to ${path} answered ${failed.status}.`,
    );
  }
  if (facts.pageErrors?.length) parts.push(`The page threw an uncaught error: "${facts.pageErrors[0]}".`);
  if (facts.consoleErrors?.length) parts.push(`The page logged an error: "${facts.consoleErrors[0]}".`);
  return parts.join(' ');
}

/**
 * A page's own document is left out: its status is the step's `status` fact and its failure the
 * step's reason already. Streams never finish, so they are not timed.
 */
const watched = (request: Request) =>
  !/^(websocket|eventsource)$/.test(request.resourceType()) &&
  /^https?:/.test(request.url()) &&
  !(request.isNavigationRequest() && isMainFrame(request));

function isMainFrame(request: Request): boolean {
  try {
    return request.frame().parentFrame() === null;
  } catch {
    return false; // a service worker's request has no frame
  }
}

const clip = (text: string) => (text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX - 1)}…` : text);
