import type { Page, Request } from 'playwright-core';
import type { WebStep } from '../../../core/steps';
import { isClosed } from '../shared/failures';
import type { Redactor } from '../shared/redactor';
import type { Observed } from '../shared/result';

/** What one step's action and expectation share while the step runs. */
export interface StepContext<S extends WebStep = WebStep> {
  page: Page;
  step: S;
  baseUrl: string;
  stepTimeoutMs: number;
  maxRecoveries: number;
  /** The action's time budget ends here; recoveries share it. */
  deadline: number;
  recoveries: number;
  observed: Partial<Observed>;
  resolveValue(name: string): Promise<string>;
  redactor: Redactor;
  /** What the browser context is doing, across its pages. */
  browsing: Browsing;
  /** When the step began (performance.now()), to tell its requests from older ones. */
  startedAt: number;
  /** Set by an action whose effects arrive later (a click): resolves once they have, rejects when they show an error. */
  settled?: Promise<void>;
  /** What the page announced (alerts, assertive regions, invalid fields) before the step's action, when it expects a text. */
  announcedBefore?: string[];
  /** What the page announced after the action while the expected text was missing (a refusal in its words). */
  refusal?: string;
  /** Answers of 4xx/5xx to the page's own requests (fetch, XHR) during the step, with when they came (performance.now()). */
  refusals?: { status: number; at: number }[];
  /**
   * The browser reaches sites through the runner's egress proxy (SOCKS), so a failed connection shows
   * as ERR_SOCKS_CONNECTION_FAILED; this names the real cause of the last one (e.g. ERR_BLOCKED_BY_CLIENT).
   */
  lastConnectFailure?(): string | undefined;
}

/** The browser context as a step sees it; kept by the Session of web.ts. */
export interface Browsing {
  /** Requests still in flight that started at or after `since` (and before `until`; performance.now()); streams excluded. */
  pending(since: number, until?: number): Request[];
  /** Documents the page has loaded so far: a text seen on an earlier document no longer counts. */
  documents(page: Page): number;
  /** Later steps act on `page` (a link opened a new tab, which a user follows). */
  follow(page: Page): void;
  /** A secret is about to enter the page: nothing records the browser from now on (web.ts). */
  beforeSecret(): Promise<void>;
}

/** What is left of the step's action budget, at least 1 ms (Playwright reads 0 as "no timeout"). */
export function remaining(ctx: StepContext): number {
  return Math.max(1, ctx.deadline - Date.now());
}

/** For a wait that may simply fail (a frame gone mid-navigation): only a closed page or browser ends the step. */
export function rethrowClosed(err: unknown): void {
  if (isClosed(err)) throw err;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
