import type { ElementHandle, Locator, Page, Response } from 'playwright-core';
import type { StepOf } from '../../../core/steps';
import { StepFailure, SUGGEST, seconds } from '../shared/failures';
import { POLL_MS } from './locate';
import { quietly } from './quiet';
import { remaining, rethrowClosed, sleep, type StepContext } from './step-context';

/**
 * How a click's step waits for what the click started before it is judged, as a person waits: a
 * navigation, a new tab, the page's requests, a busy sign (a button turned "Processing…", a spinner
 * that appeared). The rules are in docs/runner.md ("When the page has settled").
 */

/**
 * Where a page may show that it is still working: a busy region, a progress bar, a spinner. Only a
 * candidate a person sees working counts (pageState): a class name alone says nothing, since real
 * libraries keep elements named `loading` or `spinner` in every page at rest.
 */
export const BUSY = '[aria-busy=true], [role=progressbar], [class*=spinner i], [class*=loading i], [class*=loader i]';

/**
 * The longest a click waits for plain requests, or for a control that merely went disabled, before its
 * step goes on; a busy sign is waited for until the step's deadline. A request pending longer than
 * this with nothing on the page saying so is the page staying connected, not the page working.
 */
export const SETTLE_CAP_MS = 3000;

/** Requests a click started begin within this long of it (the page's handlers run at once or after a frame). */
const CLICK_REQUESTS_MS = 1000;

/** Text of a control that says it is working: "Processing…", "Saving...", "Please wait". */
const WORKING = /(…|\.\.\.)\s*$|\b(processing|loading|saving|submitting|sending|please wait|working)\b/i;

/** The clicked control and the page just before the click, to tell what the click started. */
interface Before {
  /** When the click was sent (performance.now()). */
  at?: number;
  control?: ElementHandle<Node>;
  text: string;
  disabled: boolean;
  signs: number;
}

interface Seen {
  document?: Response;
  /** A main-frame navigation has been requested and not yet committed (or failed). */
  navigating: boolean;
  popups: Page[];
  serverErrors: Response[];
}

/**
 * What the page says about the clicked control and its busy signs; runs in the page's own world, as
 * `(control, BUSY)` on the control's handle or as `(BUSY)` on the page.
 *
 * A busy sign is one a person sees working: drawn (not hidden, transparent or collapsed to nothing),
 * inside the viewport, and either marked `aria-busy`, or an indeterminate progress bar, or moving
 * (a running animation or transition in it: a spinner turns, a bar slides). A determinate progress
 * bar at rest, or a library's loading bar parked off-screen, is not one.
 */
export function pageState(
  first: Node | string,
  busySelector?: string,
): { inflight: number; timers: number; signs: number; text: string; disabled: boolean; connected: boolean } {
  const [control, busy] = typeof first === 'string' ? [undefined, first] : [first as Element, busySelector ?? ''];
  // No named helpers in here: the function is sent to the page as text, without what the compiler adds around names.
  const probes = window as unknown as {
    __qaInflight?: Set<{ at: number }>;
    __qaClickAt?: number;
    __qaTimers?: number;
    __qaShadowChanged?: Set<Element>;
  };
  const candidates = new Set(Array.from(document.querySelectorAll(busy)));
  // In shadow roots, which the query does not enter, the candidate around each animation running in
  // what was added there or started moving there (PAGE_PROBES keeps them): a web component's button
  // draws its spinner in its own root. What does not move is forgotten.
  const changed = probes.__qaShadowChanged ?? new Set<Element>();
  for (const el of Array.from(changed)) {
    const running = el.isConnected ? el.getAnimations({ subtree: true }).filter((a) => a.playState === 'running') : [];
    if (running.length === 0) changed.delete(el);
    for (const animation of running) {
      const sign = ((animation.effect as KeyframeEffect | null)?.target ?? el).closest(busy);
      if (sign) candidates.add(sign);
    }
  }
  const signs = Array.from(candidates).filter((el) => {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const box = el.getBoundingClientRect();
    const drawn = box.width >= 2 && box.height >= 2;
    const inView = box.right > 0 && box.bottom > 0 && box.left < innerWidth && box.top < innerHeight;
    if (!drawn || !inView) return false;
    if (el.getAttribute('aria-busy') === 'true') return true;
    const moving = el.getAnimations({ subtree: true }).some((a) => a.playState === 'running');
    if (el.getAttribute('role') === 'progressbar') return moving || !el.hasAttribute('aria-valuenow');
    return moving;
  }).length;
  // The requests the last click started (PAGE_PROBES): begun within a second of it. One the page
  // begins later, or had open before, is the page staying connected (a long poll, a heartbeat).
  const clickAt = probes.__qaClickAt ?? -Infinity;
  const inflight = Array.from(probes.__qaInflight ?? []).filter(
    (r) => r.at >= clickAt && r.at <= clickAt + 1000,
  ).length;
  const timers = probes.__qaTimers ?? 0;
  if (!control?.isConnected) return { inflight, timers, signs, text: '', disabled: false, connected: false };
  const disabled =
    control.matches(':disabled') ||
    control.getAttribute('aria-disabled') === 'true' ||
    control.getAttribute('aria-busy') === 'true';
  // A control inside a web component reads the words its host slots into it (innerText stops at a slot).
  const host = (control.getRootNode() as ShadowRoot).host as HTMLElement | undefined;
  const text = (control as HTMLElement).innerText || host?.innerText || control.textContent || '';
  return { inflight, timers, signs, text, disabled, connected: true };
}

/** Reads the control and the page before the click (a few ms); nothing known when it cannot be read. */
export async function beforeClick(control: Locator): Promise<Before> {
  return quietly(control.page(), async () => {
    const handle = await control.elementHandle({ timeout: 1000 }).catch(() => null);
    if (!handle) return { text: '', disabled: false, signs: 0 };
    const state = await handle.evaluate(pageState, BUSY).catch(() => undefined);
    return { control: handle, text: state?.text ?? '', disabled: state?.disabled ?? false, signs: state?.signs ?? 0 };
  });
}

/** Listens to the page while a click's effects arrive; `stop` removes the listeners. */
export function watchClick(ctx: StepContext): { seen: Seen; stop(): void } {
  const seen: Seen = { navigating: false, popups: [], serverErrors: [] };
  const refusals = (ctx.refusals ??= []);
  const page = ctx.page;
  const onRequest = (request: ReturnType<Response['request']>) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) seen.navigating = true;
  };
  const onNavigated = (frame: ReturnType<Page['mainFrame']>) => {
    if (frame === page.mainFrame()) seen.navigating = false;
  };
  const onFailed = (request: ReturnType<Response['request']>) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) seen.navigating = false;
  };
  // The click may navigate; the last main-frame document response tells whether that page is an error.
  const onResponse = (response: Response) => {
    const request = response.request();
    if (request.isNavigationRequest() && response.frame() === page.mainFrame()) seen.document = response;
    else if (/^(fetch|xhr)$/.test(request.resourceType()) && response.status() >= 400) {
      refusals.push({ status: response.status(), at: performance.now() });
      if (response.status() >= 500) seen.serverErrors.push(response);
    }
  };
  const onPopup = (tab: Page) => void seen.popups.push(tab);
  page.on('request', onRequest);
  page.on('framenavigated', onNavigated);
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  page.on('popup', onPopup);
  return {
    seen,
    stop() {
      page.off('request', onRequest);
      page.off('framenavigated', onNavigated);
      page.off('requestfailed', onFailed);
      page.off('response', onResponse);
      page.off('popup', onPopup);
    },
  };
}

/**
 * After a click: follow a tab it opened, then wait while what it started is under way: a navigation
 * and a busy sign it raised (until the step's deadline), the page's requests and the timers the click
 * set (bounded by SETTLE_CAP_MS).
 * Then let the page's handlers of those answers run, and judge: a navigation to a 5xx page fails the
 * step; so does, for a step without `expect`, a request that answered 5xx. No fixed idle period: a
 * click that starts nothing costs one animation frame. `clicked` names the control in a reason:
 * `"Save"`, or `the focused control`.
 */
export async function settleAfterClick(
  ctx: StepContext<StepOf<'click'>>,
  clicked: string,
  seen: Seen,
  before: Before,
): Promise<void> {
  const probe = openedTabs(ctx);
  let opened = await Promise.race([probe, sleep(250).then(() => undefined)]);
  if (opened === undefined) {
    // A page busy in a long task may not run the frame soon: let a navigation finish, then ask again.
    await ctx.page.waitForLoadState('load', { timeout: remaining(ctx) }).catch(rethrowClosed);
    opened = await Promise.race([probe, sleep(Math.min(remaining(ctx), SETTLE_CAP_MS)).then(() => 0)]);
  }
  if (opened > 0 && seen.popups.length === 0) {
    await ctx.page.waitForEvent('popup', { timeout: remaining(ctx) }).catch(rethrowClosed);
  }
  const tab = seen.popups.at(-1);
  if (tab) {
    ctx.browsing.follow(tab);
    ctx.page = tab;
    await tab.waitForLoadState('load', { timeout: remaining(ctx) }).catch(rethrowClosed);
  } else {
    const stillBusy = await waitWhileWorking(ctx, seen, before);
    if (stillBusy && !ctx.step.expect) {
      throw new StepFailure(
        'timeout',
        `After clicking ${clicked}, the page was still ${stillBusy} after ${seconds(ctx.stepTimeoutMs)}.`,
        SUGGEST.timeout,
      );
    }
    await ctx.page.waitForLoadState('load', { timeout: remaining(ctx) }).catch(rethrowClosed);
    await Promise.race([openedTabs(ctx), sleep(250)]); // the page's handlers of the answers have run
  }
  judge(ctx, clicked, seen);
}

/**
 * Waits while the click's work is under way; returns what was still under way at the deadline
 * (words for the reason), or undefined once the page is quiet.
 */
async function waitWhileWorking(ctx: StepContext, seen: Seen, before: Before): Promise<string | undefined> {
  const capped = Math.min(ctx.deadline, Date.now() + SETTLE_CAP_MS);
  for (;;) {
    const control = before.control;
    const state = await quietly(ctx.page, () =>
      control ? control.evaluate(pageState, BUSY) : ctx.page.evaluate(pageState, BUSY),
    ).catch((err: unknown) => {
      rethrowClosed(err);
      // The control's document went away (a navigation): from now on the page is asked.
      if (control === before.control) before = { ...before, control: undefined };
      return undefined;
    });
    const working = !state
      ? undefined
      : state.signs > before.signs || (state.connected && state.disabled && WORKING.test(state.text))
        ? 'busy'
        : undefined;
    const waiting =
      seen.navigating || !state
        ? 'loading the next page'
        : state.inflight > 0 || clickRequests(ctx, before).length > 0
          ? 'waiting for its requests'
          : state.connected && state.disabled && !before.disabled
            ? 'busy'
            : undefined;
    // A timer the click set may yet start a navigation or a request: waited for within the bound of
    // requests, and never a reason to call the page busy.
    const scheduled = (state?.timers ?? 0) > 0;
    if (!working && !waiting && !scheduled) return undefined;
    if (Date.now() >= ctx.deadline) return working ?? waiting;
    // A busy sign and a next page are waited for until the deadline; the page's requests, its timers
    // and a control that merely went disabled at most SETTLE_CAP_MS, and then the step goes on.
    const leaving = seen.navigating || !state;
    if (!working && !leaving && Date.now() >= capped) return undefined;
    await sleep(POLL_MS / 2);
  }
}

/** The requests of the page the click started, as the browser's network events tell them. */
function clickRequests(ctx: StepContext, before: Before) {
  const at = before.at ?? ctx.startedAt;
  return ctx.browsing.pending(at, at + CLICK_REQUESTS_MS);
}

/** A navigation to a 5xx page fails the click; without `expect`, so does a request of the page that answered 5xx. */
function judge(ctx: StepContext<StepOf<'click'>>, clicked: string, seen: Seen): void {
  const status = seen.document?.status();
  if (status !== undefined) ctx.observed.status = status;
  // Only 5xx: a 4xx page after a click can be the intended answer (e.g. wrong credentials → 401).
  if (status !== undefined && status >= 500) {
    throw new StepFailure(
      'application',
      `After clicking ${clicked}, the page answered with HTTP ${status}.`,
      "Check the application's logs for the request this click sent.",
    );
  }
  // Without an expectation, a server error behind the click is the only evidence there is; with one,
  // what the page then shows decides (an error banner disproves it, a harmless failed beacon does not).
  const failed = seen.serverErrors[0];
  if (failed && !ctx.step.expect) {
    throw new StepFailure(
      'application',
      `After clicking ${clicked}, a request of the page answered with HTTP ${failed.status()}.`,
      "Check the application's logs for the request this click sent.",
    );
  }
}

/**
 * One animation frame and one task in the page: by then a navigation, request or tab the click
 * started has begun, and the handlers of answers that came have run. Resolves to how many tabs the
 * page opened since the last look (PAGE_PROBES), as Playwright may announce a tab only later.
 */
function openedTabs(ctx: StepContext): Promise<number> {
  return quietly(ctx.page, () =>
    ctx.page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            setTimeout(() => {
              const w = window as unknown as { __qaOpened?: number };
              resolve(w.__qaOpened ?? 0);
              w.__qaOpened = 0;
            }, 0),
          ),
        ),
    ),
  ).catch((err: unknown) => (rethrowClosed(err), 0));
}
