import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { EgressPolicy } from '../../core/egress';
import { startEgressProxy, type EgressProxy } from '../../core/egress-proxy';

/**
 * Chromium flags the runner needs on its hosts: no sandbox (runs as root in a container), no GPU,
 * and none of Chromium's own background traffic (updates, sync, QUIC probes), which has nowhere to go
 * on a closed network and would only add noise and delays. `/dev/shm` is small in containers.
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
] as const;

/** Launches a headless system Chromium (playwright-core ships no browser). The caller closes it. */
export function launchBrowser(executablePath = '/usr/bin/chromium'): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS] });
}

/** Every Run's context looks the same: a laptop-sized viewport, no service workers (they would bypass routing). */
export const CONTEXT_OPTIONS: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  serviceWorkers: 'block',
};

/**
 * Runs in every document before its own scripts: counts the tabs it opens (window.open, links with a
 * target), so that after a click the runner knows to wait for the new tab and follow it.
 */
export const OPENS_TABS = `(() => {
  const w = window;
  const mark = () => { w.__qaOpened = (w.__qaOpened || 0) + 1; };
  const open = w.open;
  w.open = function (...args) { mark(); return open.apply(this, args); };
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[target]') : null;
    if (link && !/^(_self|_parent|_top|)$/i.test(link.target)) mark();
  }, true);
})();`;

/**
 * A Run's context: when there is an egress policy, every connection Chromium opens (navigations,
 * each redirect hop, subresources) goes through the context's own loopback SOCKS proxy, which
 * resolves the host and checks each address before connecting (core/egress-proxy.ts); request
 * interception alone does not see redirect hops, and a check before Chromium's own DNS lookup
 * would leave room for rebinding. One proxy per context, so a refusal is told to its own Run.
 */
/**
 * What a Run's trace records. No screencast: it encodes a frame for every paint and cost about
 * half the CPU of a bare Run; the trace gets the step screenshots the Run takes anyway as its
 * frames (trace.ts).
 */
export const TRACE_OPTIONS = { screenshots: false, snapshots: true } as const;

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
    await context.addInitScript(OPENS_TABS);
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
  /** Its trace is already recording (TRACE_OPTIONS): started while the runner was idle. */
  tracing?: boolean;
  /** The context's egress proxy, whose failures name why a connection was refused. */
  proxy?: EgressProxy;
}

/** Hands out a fresh context per Run; `release` is called once per `acquire`, when the Run is done with it. */
export interface ContextSource {
  acquire(): Promise<FreshContext>;
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
 * While no Run is active it keeps one context and page ready, so an idle runner's next Run starts at
 * once; it never prepares one while Runs are active, so a busy machine spends nothing on it.
 */
export class ContextPool implements ContextSource {
  #active = 0;
  readonly #waiting: Array<() => void> = [];
  #ready: Promise<FreshContext> | undefined;
  #closed = false;

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
    if (this.#active < this.limit) this.#active += 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve)); // the slot is handed over by release
    const ready = this.#ready;
    this.#ready = undefined;
    const warm = await ready?.catch(() => undefined);
    // A context of a browser that died since is no use.
    if (warm && warm.context.browser()?.isConnected() && !warm.page.isClosed()) return warm;
    await warm?.context.close().catch(() => undefined);
    return this.#create();
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) return next();
    this.#active -= 1;
    this.warm();
  }

  /** Prepares a context if the runner is idle and none is ready. */
  warm(): void {
    if (!this.keepWarm || this.#closed || this.#active > 0 || this.#ready) return;
    const ready = this.#create();
    ready.catch(() => {
      if (this.#ready === ready) this.#ready = undefined;
    });
    this.#ready = ready;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const ready = this.#ready;
    this.#ready = undefined;
    await (await ready?.catch(() => undefined))?.context.close().catch(() => undefined);
  }

  async #create(): Promise<FreshContext> {
    const fresh = await newRunContext(await this.browser(), this.egress);
    if (!this.traced) return fresh;
    try {
      await fresh.context.tracing.start(TRACE_OPTIONS);
    } catch (error) {
      await fresh.context.close().catch(() => undefined);
      throw error;
    }
    return { ...fresh, tracing: true };
  }
}
