import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { EgressPolicy } from '../../core/egress';
import { startEgressProxy, type EgressProxy } from '../../core/egress-proxy';
import { isApiStep, type Step, type WebStep } from '../../core/steps';
import { act, checkExpectation, expectationWords, type StepContext } from './actions';
import { SUGGEST, StepFailure, asStepFailure, canceled, internalMessage, isClosed } from './failures';
import type { Redactor } from './redactor';
import type { ApiSession } from '../api-runner/execute';
import { outcomeOf, type StepResult, type WebRunResult } from './result';

export interface RunWebStepsOptions {
  /** The web target; navigate paths resolve against it, and pages outside its origin are refused. */
  baseUrl: string;
  steps: Step[];
  /** Launched and closed by the caller; each call uses its own fresh BrowserContext. */
  browser: Browser;
  /** Returns an Environment runtime value by name; called right before the fill that needs it. */
  resolveValue(name: string): Promise<string>;
  /** Shared with the caller, so that its logs redact the same secrets the results do. */
  redactor: Redactor;
  onStepStart?(index: number): Promise<void>;
  /** Receives each result already redacted, screenshot included. A callback that throws ends the run with its error. */
  onStepDone?(result: StepResult): Promise<void>;
  /**
   * Resume point after an interrupted attempt. A fresh browser holds no state (no session, no current
   * page), so the steps before it are replayed, not skipped; they run without onStepStart/onStepDone,
   * so the progress a client already saw does not go backwards. Their fresh results are still returned
   * and count for the outcome: evidence always comes from the one browser session that decided it.
   */
  startAtStep?: number;
  /** Time budget of one step's action, and separately of its expectation. Default 10 000. */
  stepTimeoutMs?: number;
  /** Transient states a step may retry past. Default 2. */
  maxRecoveries?: number;
  /** Aborting stops the run: the step in flight and all later steps are skipped as canceled. */
  signal?: AbortSignal;
  /** What the browser may reach: every request (navigation, redirect, subresource) is checked against it. */
  egress?: EgressPolicy;
  /** A mixed Run's API side: runs its request steps in order, and checks what web members of a cross-channel group see. */
  api?: Pick<ApiSession, 'step' | 'observeCrossChannel'>;
}

/**
 * Runs v1 web steps in a fresh browser context and proves each step's postcondition.
 * The run stops at the first step that does not pass; the verdict follows `outcomeOf` (result.ts).
 * Every text of the returned results has been through the redactor.
 */
export async function runWebSteps(options: RunWebStepsOptions): Promise<WebRunResult> {
  const { steps, signal, redactor } = options;
  const startAt = options.startAtStep ?? 0;
  const session = new Session(options.browser, signal, options.egress);
  const results: StepResult[] = [];
  try {
    let stop: { because: 'failed'; index: number } | { because: 'canceled' } | undefined;
    for (const [index, step] of steps.entries()) {
      const reported = index >= startAt;
      if (!stop && signal?.aborted) stop = { because: 'canceled' };
      let result: StepResult;
      if (stop) {
        result =
          stop.because === 'canceled'
            ? skipped(step, index, 'Not run: the Run was canceled.', {
                category: 'canceled',
                suggestedAction: SUGGEST.canceled,
              })
            : skipped(step, index, `Not run: the step at index ${stop.index} did not pass.`);
      } else if (isApiStep(step)) {
        if (options.api) {
          // An API step of a mixed Run: it runs here, in order, sharing the Run's variables; like
          // every API step it does not stop the Run when its check fails.
          if (reported) await options.onStepStart?.(index);
          result = (await options.api.step(step, index)) as unknown as StepResult;
        } else {
          result = skipped(step, index, 'Not run: API steps need a Run whose platforms include api.', {
            category: 'test_definition',
            suggestedAction: 'Add "api" to the platforms of the plan or Test Case.',
          });
        }
      } else {
        if (reported) await options.onStepStart?.(index);
        result = await runStep(session, step, index, options);
        if (result.diagnosis?.category === 'canceled') stop = { because: 'canceled' };
        else if (result.status !== 'passed') stop = { because: 'failed', index };
      }
      result = redactor.redactDeep(result);
      results.push(result);
      if (reported) await options.onStepDone?.(result);
    }
  } finally {
    await session.close();
  }
  // Again at the end: a secret learned at a later step may already show in an earlier step's text.
  const final = results.map((result) => redactor.redactDeep(result));
  return { steps: final, outcome: outcomeOf(final) };
}

/**
 * The egress policy of the browser, in two layers. Every connection Chromium opens (navigations,
 * each redirect hop, subresources) goes through a loopback SOCKS proxy that resolves the host and
 * checks each address before connecting (core/egress-proxy.ts): request interception alone does not
 * see redirect hops, and a check before Chromium's own DNS lookup would leave room for rebinding.
 * Request interception still refuses what the URL alone shows (credentials, an IP literal outside
 * the policy) before any connection, as ERR_BLOCKED_BY_CLIENT.
 */
async function guardEgress(context: BrowserContext, policy: EgressPolicy): Promise<void> {
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (!/^https?:/.test(url)) return route.continue();
    if (policy.refuseUrl(url)) return route.abort('blockedbyclient');
    return route.continue();
  });
}

/** One BrowserContext and page, opened on first use; an abort closes it so pending waits end at once. */
class Session {
  #context: Promise<BrowserContext> | undefined;
  #page: Promise<Page> | undefined;
  #proxy: Promise<EgressProxy> | undefined;
  #failures: EgressProxy['failures'] | undefined;
  readonly #onAbort = () => void this.close();

  constructor(
    private readonly browser: Browser,
    private readonly signal?: AbortSignal,
    private readonly egress?: EgressPolicy,
  ) {
    signal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  page(): Promise<Page> {
    const egress = this.egress;
    if (egress) this.#proxy ??= startEgressProxy(egress);
    this.#context ??= (async () => {
      const proxy = await this.#proxy;
      this.#failures = proxy?.failures;
      const context = await this.browser.newContext({
        viewport: { width: 1280, height: 800 },
        serviceWorkers: 'block',
        // Playwright sends loopback through the proxy too (it adds Chromium's <-loopback> bypass rule).
        ...(proxy && { proxy: { server: proxy.url } }),
      });
      if (egress) await guardEgress(context, egress);
      return context;
    })();
    this.#page ??= this.#context.then((context) => context.newPage());
    return this.#page;
  }

  async close(): Promise<void> {
    this.signal?.removeEventListener('abort', this.#onAbort);
    const context = await this.#context?.catch(() => undefined);
    await context?.close().catch(() => undefined);
    await (await this.#proxy?.catch(() => undefined))?.close();
  }

  /** The cause of the egress proxy's last failed connection, as Chromium's net error code. */
  lastConnectFailure(): string | undefined {
    return this.#failures?.at(-1)?.code;
  }
}

async function runStep(
  session: Session,
  step: WebStep,
  index: number,
  options: RunWebStepsOptions,
): Promise<StepResult> {
  const stepTimeoutMs = options.stepTimeoutMs ?? 10_000;
  const started = performance.now();
  let ctx: StepContext | undefined;
  let verdict: Pick<
    StepResult,
    'status' | 'reason' | 'verdictSource' | 'postconditionProven' | 'diagnosis' | 'internalError'
  >;
  try {
    const page = await untilAborted(session.page(), options.signal);
    ctx = {
      page,
      step,
      baseUrl: options.baseUrl,
      stepTimeoutMs,
      maxRecoveries: options.maxRecoveries ?? 2,
      deadline: Date.now() + stepTimeoutMs,
      recoveries: 0,
      observed: {},
      resolveValue: options.resolveValue,
      redactor: options.redactor,
      lastConnectFailure: () => session.lastConnectFailure(),
    };
    const reason = await untilAborted(perform(ctx, index, options.api), options.signal);
    verdict = {
      status: 'passed',
      reason,
      verdictSource: step.expect ? 'assertion' : 'action',
      postconditionProven: true,
    };
  } catch (err) {
    const failure = options.signal?.aborted ? canceled() : isClosed(err) ? browserGone(err) : asStepFailure(err);
    const cancel = failure.category === 'canceled';
    verdict = {
      status: cancel ? 'skipped' : 'failed',
      reason: failure.reason,
      verdictSource: cancel ? 'none' : failure.verdictSource,
      postconditionProven: false,
      diagnosis: { category: failure.category, suggestedAction: failure.suggestedAction },
      ...(internalMessage(failure) && { internalError: internalMessage(failure) }),
    };
  }
  const durationMs = Math.round(performance.now() - started);
  // After an abort the context is closing: nothing more can be read from it.
  const live = options.signal?.aborted ? undefined : ctx?.page;
  const screenshot = await live?.screenshot({ type: 'png', timeout: 5000 }).catch(() => undefined);
  return {
    index,
    action: step.action,
    ...(step.target !== undefined && { target: step.target }),
    ...verdict,
    observed: {
      url: live?.url() ?? '',
      title: (await live?.title().catch(() => '')) ?? '',
      ...ctx?.observed,
    },
    expectation: expectationWords(step),
    recoveryCount: ctx?.recoveries ?? 0,
    ...(screenshot && { screenshot }),
    durationMs,
  };
}

/**
 * The action, then the authored expectation if any, then (for a member of a cross-channel group)
 * whether the page shows the value the group's API trigger captured; the sentence that says what
 * was proven.
 */
async function perform(ctx: StepContext, index: number, api?: RunWebStepsOptions['api']): Promise<string> {
  const did = await act(ctx);
  const proven = ctx.step.expect ? `${did} ${await checkExpectation(ctx, ctx.step.expect)}` : did;
  const cross = ctx.step.config?.crossChannel;
  if (!api || !cross?.groupId || cross.role === 'trigger') return proven;
  const text = await ctx.page.locator('body').innerText({ timeout: remainingMs(ctx) });
  const miss = api.observeCrossChannel(ctx.step, index, text, `WEB ${ctx.step.action} ${ctx.step.target ?? '/'}`);
  if (miss) {
    throw new StepFailure(
      'application',
      `The page does not show what the API created: ${miss}.`,
      SUGGEST.crossChannel,
      undefined,
      'assertion',
    );
  }
  return `${proven} The page shows the value of cross-channel group "${cross.groupId}".`;
}

const remainingMs = (ctx: StepContext) => Math.max(1000, ctx.deadline - Date.now());

/** The browser or page died without an abort: the runner's problem, not the application's. */
function browserGone(err: unknown): StepFailure {
  return new StepFailure('infrastructure', 'The browser stopped unexpectedly.', SUGGEST.infrastructure, err);
}

/** Settles with `work`, or rejects as canceled as soon as the signal aborts (the work then fails on its own). */
function untilAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  work.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(canceled());
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function skipped(step: Step, index: number, reason: string, diagnosis?: StepResult['diagnosis']): StepResult {
  return {
    index,
    action: step.action,
    ...(step.target !== undefined && { target: step.target }),
    status: 'skipped',
    reason,
    observed: { url: '', title: '' },
    expectation: isApiStep(step) ? '' : expectationWords(step),
    verdictSource: 'none',
    postconditionProven: false,
    recoveryCount: 0,
    ...(diagnosis && { diagnosis }),
    durationMs: 0,
  };
}
