import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { EgressPolicy } from '../../../core/egress';
import { startEgressProxy, type EgressProxy } from '../../../core/egress-proxy';

/**
 * The features Playwright's launch disables in Chromium (playwright-core 1.65, its chromiumSwitches).
 * Chromium reads only the last --disable-features, so ours repeats them; test/activities/browser.test.ts
 * fails if Playwright's own list holds one that is not here.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The address bar's popup, which Chromium 156 builds as a WebUI page in a renderer of its own for
 * every window, one per context, and which keeps working while hidden (~140 ms of CPU for each
 * second a context is open): measured, about half of a Run's Chromium CPU. A headless runner never
 * shows an address bar.
 */
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxAimPopup', 'WebUIOmniboxPopup'];

/**
 * Chromium flags the runner needs on its hosts: no sandbox (runs as root in a container), no GPU,
 * none of Chromium's own background traffic (updates, sync, QUIC probes), which has nowhere to go
 * on a closed network and would only add noise and delays, and no address-bar popup. `/dev/shm` is
 * small in containers.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
] as const;

const TRACES_PREFIX = 'qa-runner-traces-';

/** Each launched browser's trace directory (see launchBrowser). */
const tracesDirs = new WeakMap<Browser, string>();

/**
 * Launches a headless system Chromium (playwright-core ships no browser). The caller closes it.
 * Its traces are recorded in a directory of its own, named after this process, which goes with
 * the browser: each Run's trace files are removed as its context closes (Playwright would keep
 * them until the browser closes), and a directory left by a process that was killed is removed
 * by the next launch.
 */
export async function launchBrowser(executablePath = '/usr/bin/chromium'): Promise<Browser> {
  await removeOrphanedTraceDirs();
  const tracesDir = await mkdtemp(join(tmpdir(), `${TRACES_PREFIX}${process.pid}-`));
  try {
    const browser = await chromium.launch({
      executablePath,
      headless: true,
      args: [...CHROMIUM_ARGS],
      tracesDir,
      // The worker's graceful stop closes the browser itself, after the steps in their grace time
      // (activities/worker.ts); Playwright's own handlers would close it at the signal, mid-step.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    tracesDirs.set(browser, tracesDir);
    browser.on('disconnected', () => void removeQuietly(tracesDir));
    return browser;
  } catch (error) {
    await removeQuietly(tracesDir);
    throw error;
  }
}

const TRACES_DIR_OWNER = new RegExp(`^${TRACES_PREFIX}(\\d+)-`);

async function removeOrphanedTraceDirs(): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => []);
  for (const name of names) {
    const pid = Number(TRACES_DIR_OWNER.exec(name)?.[1]);
    if (pid && !isAlive(pid)) await removeQuietly(join(tmpdir(), name));
  }
}

/**
 * Removes a trace file or directory. Playwright may still be writing into it (a browser that just
 * disconnected), hence the retries; clean-up never fails the Run or the launch that asked for it,
 * and what it left is removed with the directory or by a later launch.
 */
export function removeQuietly(path: string): Promise<void> {
  return rm(path, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A name for a context's trace, unique in its browser's trace directory. */
function newTraceName(): string {
  return `run-${randomBytes(8).toString('hex')}`;
}

/** Starts recording a context's trace (TRACE_OPTIONS) under a new name, which it returns. */
export async function startTrace(context: BrowserContext): Promise<string> {
  const name = newTraceName();
  await context.tracing.start({ ...TRACE_OPTIONS, name });
  return name;
}

/**
 * Starts a context's tracing (the costly part, done while the runner is idle) without recording
 * yet: each Run records a chunk of its own (`startChunk`). Playwright keeps state in this process
 * per recorded chunk until it is stopped, so nothing recorded before the Run is left running.
 */
async function prepareTrace(context: BrowserContext): Promise<string> {
  const name = await startTrace(context);
  await context.tracing.stopChunk();
  return name;
}

/**
 * Closes a Run's context and removes the files of its trace `trace`. A trace still `recording` is
 * discarded first: Playwright keeps each recording's state in this process (and its call stacks
 * grow with every later call of any context) until it is stopped, which closing does not do.
 */
export async function closeRunContext(context: BrowserContext, trace?: string, recording = false) {
  if (trace && recording) await context.tracing.stopChunk().catch(() => undefined);
  await context.close().catch(() => undefined);
  if (trace) await removeTraceFiles(context, trace);
}

/** Removes the files Playwright wrote for the trace named `trace` of a context. */
export async function removeTraceFiles(context: BrowserContext, trace: string): Promise<void> {
  const dir = tracesDirs.get(context.browser()!);
  if (!dir) return;
  const files = await readdir(dir).catch(() => []);
  await Promise.all(files.filter((file) => file.startsWith(trace)).map((file) => removeQuietly(join(dir, file))));
}

/**
 * Removes the network resources (response bodies, by content) the browser's traces have kept: only
 * while no context records, since a trace refers to them until it is saved.
 */
async function removeTraceResources(browser: Browser): Promise<void> {
  const dir = tracesDirs.get(browser);
  if (dir) await removeQuietly(join(dir, 'resources'));
}

/** Every Run's context looks the same: a laptop-sized viewport, no service workers (they would bypass routing). */
export const CONTEXT_OPTIONS: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  serviceWorkers: 'block',
};

/**
 * Runs in every document before its own scripts, in the page's world:
 * - counts the tabs it opens (window.open, links with a target), so that after a click the runner
 *   knows to wait for the new tab and follow it;
 * - keeps the page's own requests in flight (fetch, XMLHttpRequest) with when the page started them,
 *   which the runner's network events may tell only later, and when the last click came, so that the
 *   runner waits for the requests a click started, not for a long poll the page keeps open;
 * - counts the timers of up to 3 s that a person's action set (while a click, key or submit event is
 *   handled, not a mere movement of the mouse; by a handler inside a shadow root too), which may yet
 *   start a navigation or a request: "Pay now" that moves the page on a second later;
 * - lets the runner see into closed shadow roots as a person sees the controls in them: a closed root
 *   is made open, but the page's scripts still read `shadowRoot` as null and `mode` as "closed" (the
 *   runner's looks run in Playwright's own world, where these getters are the browser's);
 * - keeps the elements added to a shadow root, or whose CSS animation or transition started in one,
 *   which neither a query of the document nor `document.getAnimations()` reaches: a web component's
 *   spinner is a busy sign too (settle.ts pageState), found without asking each of a page's hundreds
 *   of roots (15 ms a look).
 */
export const PAGE_PROBES = `(() => {
  const w = window;
  const mark = () => { w.__qaOpened = (w.__qaOpened || 0) + 1; };
  const open = w.open;
  w.open = function (...args) { mark(); return open.apply(this, args); };
  document.addEventListener('click', (event) => {
    w.__qaClickAt = performance.now();
    // The element clicked, inside a shadow root too (event.target is its host out here).
    const from = event.composedPath()[0];
    const link = from instanceof Element ? from.closest('a[target]') : null;
    if (link && !/^(_self|_parent|_top|)$/i.test(link.target)) mark();
  }, true);

  const inflight = (w.__qaInflight = new Set());
  const started = () => { const request = { at: performance.now() }; inflight.add(request); return () => inflight.delete(request); };
  const fetch = w.fetch;
  w.fetch = function (...args) {
    const ended = started();
    const answer = fetch.apply(this, args);
    answer.then(ended, ended);
    return answer;
  };
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...args) {
    const ended = started();
    this.addEventListener('loadend', ended, { once: true });
    try { return send.apply(this, args); } catch (error) { ended(); throw error; }
  };

  w.__qaTimers = 0;
  const timers = new Set();
  const setTimer = w.setTimeout;
  const clearTimer = w.clearTimeout;
  // The person's event being handled: window.event, or, for a handler inside a shadow root (where
  // window.event is not set), the event the window saw pass on its way in, until it comes back out.
  let handling;
  for (const type of ['click', 'dblclick', 'auxclick', 'contextmenu', 'mousedown', 'mouseup', 'pointerdown',
    'pointerup', 'touchstart', 'touchend', 'keydown', 'keyup', 'beforeinput', 'input']) {
    const done = (event) => { if (handling === event) handling = undefined; };
    w.addEventListener(type, (event) => { handling = event; setTimer.call(w, () => done(event), 0); }, true);
    w.addEventListener(type, done);
  }
  w.setTimeout = function (callback, delay, ...args) {
    const event = w.event || handling;
    const byPerson = event && event.isTrusted && !/move|over|out|enter|leave|scroll|wheel/.test(event.type);
    if (typeof callback !== 'function' || !byPerson || !((Number(delay) || 0) <= 3000)) {
      return setTimer.call(this, callback, delay, ...args);
    }
    w.__qaTimers += 1;
    const id = setTimer.call(this, function (...values) {
      timers.delete(id);
      try { return callback.apply(this, values); } finally { w.__qaTimers -= 1; }
    }, delay, ...args);
    timers.add(id);
    return id;
  };
  const cleared = (clear) => function (id) {
    if (timers.delete(id)) w.__qaTimers -= 1;
    return clear.call(this, id);
  };
  w.clearTimeout = cleared(clearTimer);
  w.clearInterval = cleared(w.clearInterval);

  const hosts = new WeakSet();
  const roots = new WeakSet();
  const changed = (w.__qaShadowChanged = new Set());
  const moved = (event) => changed.add(event.composedPath()[0]);
  const added = (records) => {
    for (const record of records) for (const node of record.addedNodes) if (node.nodeType === 1) changed.add(node);
  };
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const closed = init && init.mode === 'closed';
    const root = attach.call(this, closed ? { ...init, mode: 'open' } : init);
    if (closed) {
      hosts.add(this);
      roots.add(root);
    }
    root.addEventListener('animationstart', moved, true);
    root.addEventListener('transitionstart', moved, true);
    new MutationObserver(added).observe(root, { childList: true, subtree: true });
    return root;
  };
  const shadowRoot = Object.getOwnPropertyDescriptor(Element.prototype, 'shadowRoot');
  Object.defineProperty(Element.prototype, 'shadowRoot', {
    ...shadowRoot,
    get() { return hosts.has(this) ? null : shadowRoot.get.call(this); },
  });
  const mode = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'mode');
  Object.defineProperty(ShadowRoot.prototype, 'mode', {
    ...mode,
    get() { return roots.has(this) ? 'closed' : mode.get.call(this); },
  });
})();`;

/**
 * What a Run's trace records. No screencast: it encodes a frame for every paint and cost about
 * half the CPU of a bare Run; the trace gets the step screenshots the Run takes anyway as its
 * frames (trace.ts).
 */
export const TRACE_OPTIONS = { screenshots: false, snapshots: true } as const;

/**
 * A Run's context: when there is an egress policy, every connection Chromium opens (navigations,
 * each redirect hop, subresources) goes through the context's own loopback SOCKS proxy, which
 * resolves the host and checks each address before connecting (core/egress-proxy.ts); request
 * interception alone does not see redirect hops, and a check before Chromium's own DNS lookup
 * would leave room for rebinding. One proxy per context, so a refusal is told to its own Run.
 */
export async function newRunContext(browser: Browser, egress?: EgressPolicy): Promise<FreshContext> {
  const proxy = egress ? await startEgressProxy(egress) : undefined;
  let context: BrowserContext | undefined;
  try {
    context = await browser.newContext({
      ...CONTEXT_OPTIONS,
      // Playwright sends loopback through the proxy too (it adds Chromium's <-loopback> bypass rule).
      ...(proxy && { proxy: { server: proxy.url } }),
    });
    context.on('close', () => void proxy?.close());
    if (egress) await guardEgress(context, egress);
    await context.addInitScript(PAGE_PROBES);
    return { context, page: await context.newPage(), ...(proxy && { proxy }) };
  } catch (error) {
    if (context) await context.close().catch(() => undefined);
    else await proxy?.close();
    throw error;
  }
}

export interface FreshContext {
  context: BrowserContext;
  page: Page;
  /** The name of its trace, started (TRACE_OPTIONS) while the runner was idle; the Run records a chunk. */
  trace?: string;
  /** The context's egress proxy, whose failures name why a connection was refused. */
  proxy?: EgressProxy;
}

/** Hands out a fresh context per Run; `release` is called once per `acquire`, when the Run is done with it. */
export interface ContextSource {
  acquire(): Promise<FreshContext>;
  /** The Run's first request is through (answered or failed): its start no longer competes with preparing the next Run's context. */
  underway?(): void;
  release(): void;
}

/**
 * Request interception refuses what the URL alone shows (credentials, an IP literal outside the
 * policy) before any connection, as ERR_BLOCKED_BY_CLIENT; addresses are checked by the proxy.
 */
export async function guardEgress(context: BrowserContext, policy: EgressPolicy): Promise<void> {
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (!/^https?:/.test(url)) return route.continue();
    if (policy.refuseUrl(url)) return route.abort('blockedbyclient');
    return route.continue();
  });
}

/**
 * The worker's contexts: a fresh one per Run (a context never serves two Runs), with the egress guard.
 * It keeps one context and page ready for the next Run, so that Run starts at once: a new page is a
 * new renderer process, 75-90 ms on a quiet 2-core host and 140-190 ms beside a Run's end.
 * - A Run that comes to an idle runner finds one ready; the next is prepared when that Run ends, in
 *   the idle time after it (prepared during the Run, it made the Run ~90 ms longer).
 * - While Runs come back to back (one starts within BACK_TO_BACK_MS of the last one's end, or beside
 *   another), the next is prepared during the Run, once its first request is through (`underway`):
 *   never before, where it would compete with that request (its commands to Chromium's browser
 *   process queued ahead of the paused request: 6 → 21 ms from interception to the site). Prepared
 *   only at the end, the next Run, triggered as soon as this one ended, waited 80-110 ms for it
 *   (`npm run bench -- stack`).
 * At most one is ready, so contexts stay within `limit` + 1.
 */
/** A Run that starts within this of the last one's end came back to back (a CI job's next trigger). */
const BACK_TO_BACK_MS = 1_000;

export class ContextPool implements ContextSource {
  #active = 0;
  readonly #waiting: Array<() => void> = [];
  #ready: Promise<FreshContext> | undefined;
  #closed = false;
  #tidying: Promise<void> = Promise.resolve();
  /** The browser of the last context made: tidied when idle (never launched just for that). */
  #lastBrowser: Browser | undefined;
  #lastReleaseAt = -Infinity;
  /** The last Run came back to back: the next Run's context is prepared while Runs go. */
  #backToBack = false;

  /**
   * `limit`: contexts open at once in this process (RUNNER_CONCURRENCY), whichever queue the Runs came
   * from; a Run over it waits for a slot, so memory stays bounded. `traced`: the Runs record traces
   * (RUNNER_TRACE is not off), so each context starts recording as it is made: for the context kept
   * ready, while the runner is idle rather than before the next Run's first action (tens of ms).
   */
  constructor(
    private readonly browser: () => Promise<Browser>,
    private readonly egress: EgressPolicy,
    private readonly keepWarm = true,
    private readonly limit = Infinity,
    private readonly traced = false,
  ) {}

  async acquire(): Promise<FreshContext> {
    this.#backToBack = this.#active > 0 || performance.now() - this.#lastReleaseAt < BACK_TO_BACK_MS;
    if (this.#active < this.limit) this.#active += 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve)); // the slot is handed over by release
    const ready = this.#ready;
    this.#ready = undefined;
    const warm = await ready?.catch(() => undefined);
    // A context prepared while a Run went may meet the tidy-up of that Run's end: it starts recording after it.
    await this.#tidying;
    // A context of a browser that died since is no use.
    if (warm && warm.context.browser()?.isConnected() && !warm.page.isClosed()) return warm;
    if (warm) await closeRunContext(warm.context, warm.trace);
    return this.#create();
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) return next();
    this.#active -= 1;
    this.#lastReleaseAt = performance.now();
    // No context records now: the network resources the traces kept can go before the next one starts.
    const browser = this.#lastBrowser;
    if (this.#active === 0 && this.traced && browser?.isConnected()) this.#tidying = this.#tidy(browser);
    this.warm();
  }

  underway(): void {
    if (this.#backToBack) this.warm();
  }

  /** Prepares a context for the next Run if none is ready. */
  warm(): void {
    if (!this.keepWarm || this.#closed || this.#ready) return;
    const ready = this.#create();
    ready.catch(() => {
      if (this.#ready === ready) this.#ready = undefined;
    });
    this.#ready = ready;
  }

  /**
   * Removes the traces' network resources once the context being prepared has its tracing started
   * and stopped again; a Run that acquires meanwhile waits for this before it records.
   */
  async #tidy(browser: Browser): Promise<void> {
    await this.#ready?.catch(() => undefined);
    await removeTraceResources(browser);
  }

  async close(): Promise<void> {
    this.#closed = true;
    const ready = this.#ready;
    this.#ready = undefined;
    const warm = await ready?.catch(() => undefined);
    if (warm) await closeRunContext(warm.context, warm.trace);
  }

  async #create(): Promise<FreshContext> {
    // A tidy-up that starts later waits for this context instead (#tidy): each waiting on the other would hang.
    const tidying = this.#tidying;
    const browser = (this.#lastBrowser = await this.browser());
    const fresh = await newRunContext(browser, this.egress);
    if (!this.traced) return fresh;
    try {
      await tidying;
      return { ...fresh, trace: await prepareTrace(fresh.context) };
    } catch (error) {
      await fresh.context.close().catch(() => undefined);
      throw error;
    }
  }
}
