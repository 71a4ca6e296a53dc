import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page, Request } from 'playwright-core';
import type { EgressPolicy } from '../../../core/egress';
import { within } from '../../../core/within';
import type { EgressProxy } from '../../../core/egress-proxy';
import { isApiStep, type ApiStep, type Step, type WebStep } from '../../../core/steps';
import { act, checkExpectation, expectationWords } from './actions';
import type { Browsing, StepContext } from './step-context';
import {
  closeRunContext,
  newRunContext,
  removeQuietly,
  removeTraceFiles,
  startTrace,
  type ContextSource,
} from './browser';
import { redactTrace, type StepFrame, type UnrecordedStep } from './trace';
import { RunVideo } from './video';
import { SUGGEST, StepFailure, asStepFailure, canceled, isClosed, verdictOf } from '../shared/failures';
import type { Redactor } from '../shared/redactor';
import { quietly } from './quiet';
import { factsSentence, PageFacts } from './page-facts';
import { outcomeOf, skippedStep, type StepResult, type VisualComparer, type WebRunResult } from '../shared/result';
import { VISUAL_SUGGESTION } from '../../../core/visual';
import {
  ACCESSIBILITY_SUGGESTION,
  accessibilityFailure,
  markNew,
  type AccessibilityFact,
  type RunWebStepsAccessibility,
} from '../../../core/accessibility';
import { checkAccessibility } from './accessibility';

/**
 * What the web engine asks of a mixed Run's API side, declared here so the engine depends on no
 * other engine (activities/engines/api's apiSession is what the web activity passes).
 */
export interface MixedRunApiSteps {
  /** Runs one request step with the Run's variables. */
  step(step: ApiStep, index: number): Promise<StepResult<unknown>>;
  /** A web member of a cross-channel group saw `text`: the reason it fails, or null. */
  observeCrossChannel(step: Step, index: number, text: string, operationKey: string): string | null;
}

export interface RunWebStepsOptions {
  /** The web target; navigate paths resolve against it, and pages outside its origin are refused. */
  baseUrl: string;
  steps: Step[];
  /** Launched and closed by the caller; each call uses its own fresh BrowserContext. */
  browser: Browser;
  /**
   * Where the fresh context comes from instead, when given (the worker's pool, which may have one
   * ready); its contexts already carry the egress guard of `egress`.
   */
  contexts?: ContextSource;
  /** Keep a Playwright trace: of a Run that did not pass (`on-failure`), of every Run (`always`), or none. Default off. */
  trace?: 'on-failure' | 'always' | 'off';
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
  api?: MixedRunApiSteps;
  /**
   * Compares each step's screenshot with the baseline's, right after the step (the next step waits
   * for the comparison only). A change that fails the step in `fail` mode does not stop the Run:
   * the step's action and expectation held, so the later steps run and are compared too.
   */
  compareScreenshot?: VisualComparer;
  /**
   * Runs axe-core on each page the Run visits (once per URL path, after the step that reached it
   * settled); its findings are the step's `observed.accessibility`, marked new against `baseline`
   * (the checks of the case's last passing Run in the same Environment) when given.
   */
  accessibility?: RunWebStepsAccessibility;
  /** Bench only (bench/runner.bench.ts): no console, page error or request facts are collected. */
  withoutPageFacts?: boolean;
  /**
   * Records a video of the Run with the ffmpeg at this path (the Run's `video` option); none without
   * it. It stops for good before a secret enters the browser (see RunVideo).
   */
  videoWith?: string;
}

/**
 * Runs v1 web steps in a fresh browser context and proves each step's postcondition.
 * The run stops at the first step that does not pass; the verdict follows `outcomeOf` (result.ts).
 * Every text of the returned results has been through the redactor.
 */
export async function runWebSteps(options: RunWebStepsOptions): Promise<WebRunResult> {
  const { steps, signal, redactor } = options;
  const startAt = options.startAtStep ?? 0;
  const session = new Session(options, signal);
  const results: StepResult[] = [];
  let trace: Buffer | undefined;
  let video: Buffer | undefined;
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
        if (options.compareScreenshot && stop?.because !== 'canceled')
          result = await withVisualCheck(result, step, options.compareScreenshot);
        if (options.accessibility?.mode === 'fail') result = withAccessibilityVerdict(result);
      }
      result = redactor.redactDeep(result);
      results.push(result);
      if (reported) await options.onStepDone?.(result);
    }
    const mode = options.trace ?? 'off';
    const keep = mode === 'always' || (mode === 'on-failure' && outcomeOf(results) !== 'passed');
    if (keep && !signal?.aborted) trace = await session.trace(redactor);
    if (!signal?.aborted) video = await session.video();
  } finally {
    await session.close();
  }
  // Again at the end: a secret learned at a later step may already show in an earlier step's text.
  const final = results.map((result) => redactor.redactDeep(result));
  return { steps: final, outcome: outcomeOf(final), ...(trace && { trace }), ...(video && { video }) };
}

/**
 * One BrowserContext and its current page, opened on first use; an abort closes it so pending waits
 * end at once. It keeps what steps need to know about the context: requests in flight, documents
 * loaded per page, and which page the user is on (a link can open a new tab).
 */
class Session implements Browsing {
  #opened: Promise<{ context: BrowserContext; page: Page }> | undefined;
  #page: Page | undefined;
  /** The Run keeps a trace (RUNNER_TRACE is not off). */
  #traced = false;
  /** Playwright is recording now: from the context's opening until a secret is about to be typed. */
  #recording = false;
  #traceName: string | undefined;
  /** What Playwright recorded before the Run's first secret, held in memory (see beforeSecret). */
  #recordedBeforeSecret: Buffer | undefined;
  readonly #frames: StepFrame[] = [];
  /** The steps run after recording stopped, added to the trace as actions without snapshots. */
  readonly #unrecorded: UnrecordedStep[] = [];
  readonly #cdp = new WeakMap<Page, Promise<CDPSession>>();
  readonly #inflight = new Map<Request, number>();
  readonly #documents = new WeakMap<Page, number>();
  /** Console errors, page errors and failed or slow requests, read per step. */
  readonly facts = new PageFacts();
  /** URL paths axe-core checked already in this Run. */
  readonly checkedPaths = new Set<string>();
  #failures: EgressProxy['failures'] | undefined;
  readonly #onAbort = () => void this.close();
  /** The Run's video while it records (the `video` option). */
  #video: RunVideo | undefined;

  constructor(
    private readonly options: RunWebStepsOptions,
    private readonly signal?: AbortSignal,
  ) {
    signal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  async page(): Promise<Page> {
    this.#opened ??= this.#open();
    const { page } = await this.#opened;
    return this.#page ?? page;
  }

  async #open(): Promise<{ context: BrowserContext; page: Page }> {
    const { browser, contexts, egress } = this.options;
    const { context, page, proxy, trace } = contexts ? await contexts.acquire() : await newRunContext(browser, egress);
    this.#failures = proxy?.failures;
    this.#watch(context, page);
    // Recording before the first action, so the trace shows the whole Run. A context from the pool
    // has its tracing started already (while the runner was idle, the costly part): the Run records
    // a chunk of its own, so its trace does not begin with the idle time before the Run.
    const wanted = (this.options.trace ?? 'off') !== 'off';
    this.#traceName = trace;
    if (wanted && trace) await context.tracing.startChunk();
    else if (wanted) this.#traceName = await startTrace(context);
    else if (trace) await context.tracing.stop(); // a Run that keeps none records nothing
    this.#traced = this.#recording = wanted;
    if (this.options.videoWith) await this.#startVideo(this.options.videoWith, page);
    return { context, page };
  }

  /** A video is a help, never a reason to lose the Run: one that cannot start is left out. */
  async #startVideo(ffmpeg: string, page: Page): Promise<void> {
    const video = await RunVideo.start(ffmpeg).catch(() => undefined);
    try {
      await video?.watch(page);
      this.#video = video;
    } catch {
      await video?.discard();
    }
  }

  #watch(context: BrowserContext, first: Page): void {
    if (!this.options.withoutPageFacts) this.facts.watch(context, first);
    // A user answers a native dialog with OK (a prompt with its default text); Playwright would dismiss it.
    context.on('dialog', (dialog) => {
      const text = dialog.type() === 'prompt' ? dialog.defaultValue() : undefined;
      void dialog.accept(text).catch(() => undefined);
    });
    // With its first request through, the Run's start no longer competes with preparing the next Run's
    // context (begun at the request event, that work reached Chromium ahead of the paused request).
    const through = () => this.options.contexts?.underway?.();
    context.once('response', through);
    context.once('requestfailed', through);
    context.on('request', (request) => {
      if (!/^(websocket|eventsource)$/.test(request.resourceType())) this.#inflight.set(request, performance.now());
    });
    const done = (request: Request) => void this.#inflight.delete(request);
    context.on('requestfinished', done);
    context.on('requestfailed', done);
    const count = (page: Page) =>
      page.on('domcontentloaded', () => this.#documents.set(page, (this.#documents.get(page) ?? 0) + 1));
    count(first);
    context.on('page', count);
  }

  pending(since: number, until = Infinity): Request[] {
    return [...this.#inflight].filter(([, at]) => at >= since && at <= until).map(([request]) => request);
  }

  documents(page: Page): number {
    return this.#documents.get(page) ?? 0;
  }

  follow(page: Page): void {
    this.#page = page;
    void this.#video?.watch(page).catch(() => undefined);
  }

  /**
   * The step's screenshot (PNG, the viewport), or undefined when the page cannot give one in 5 s.
   * Straight from Chromium with its fast encoder: Playwright's screenshot (caret-hiding style, font
   * waits, the slower encoder) took about 1.7 times the CPU per shot for a PNG 40 % smaller. When
   * Chromium has no frame to give yet ("Unable to capture screenshot": a page that has just
   * committed, on a loaded machine) or the session lost its page, Playwright's screenshot, which
   * waits for a frame first, takes it instead.
   */
  async screenshot(page: Page): Promise<Buffer | undefined> {
    let png: Buffer;
    try {
      png = await this.#fastScreenshot(page);
    } catch {
      this.#cdp.delete(page);
      try {
        png = await quietly(page, () => page.screenshot({ type: 'png', timeout: 5000 }));
      } catch {
        return undefined;
      }
    }
    this.#keepFrame(page, png);
    return png;
  }

  async #fastScreenshot(page: Page): Promise<Buffer> {
    const { context } = await this.#opened!;
    let cdp = this.#cdp.get(page);
    if (!cdp) this.#cdp.set(page, (cdp = context.newCDPSession(page)));
    const shot = (await cdp).send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true });
    return Buffer.from((await within(shot, 5000, () => new Error('no screenshot within 5 s'))).data, 'base64');
  }

  /** A step's screenshot, kept as a frame of the trace when one is kept (in memory until the end). */
  #keepFrame(page: Page, png: Buffer): void {
    const pageId = pageIdOf(page);
    if (this.#traced && pageId) this.#frames.push({ pageId, wallTime: Date.now(), png });
  }

  /**
   * Called right before a secret enters the browser (a fill of an Environment value or a password
   * field). Playwright writes its recording to files as the Run goes: DOM snapshots hold every
   * field's value, its network log holds form posts and headers, its console log what the page
   * prints. So recording ends here, for good: what it holds so far saw no secret and is kept in
   * memory, the recorder (network log included) is stopped and its files removed, and the later
   * steps join the trace at the end as actions without snapshots, with their screenshots.
   */
  async beforeSecret(): Promise<void> {
    // The video cannot be masked afterwards as a trace's text is: it ends here.
    await this.#video?.end();
    if (!this.#recording || !this.#opened) return;
    await this.endStepGroup();
    this.#recording = false;
    const { context } = await this.#opened;
    this.#recordedBeforeSecret = await this.#saveChunk(context);
    await context.tracing.stop().catch(() => undefined); // the network recorder runs until a full stop
    if (this.#traceName) await removeTraceFiles(context, this.#traceName);
  }

  /** The chunk being recorded as a zip in memory; undefined when Playwright could not save it. */
  async #saveChunk(context: BrowserContext): Promise<Buffer | undefined> {
    const dir = await mkdtemp(join(tmpdir(), 'qa-trace-'));
    try {
      const path = join(dir, 'trace.zip');
      await context.tracing.stopChunk({ path });
      return await readFile(path);
    } catch {
      return undefined; // a trace is a help, never a reason to lose the verdict
    } finally {
      await removeQuietly(dir);
    }
  }

  /** The step group open in the recording (see stepGroup). */
  #group = false;

  /**
   * Starts the trace's group of a step, named `Step <n>: …`, which the trace viewer lists with the
   * step's actions inside: the viewer this API serves opens at a step by that name.
   */
  async stepGroup(name: string): Promise<void> {
    if (!this.#recording || !this.#opened) return;
    const { context } = await this.#opened;
    await context.tracing.group(name).then(
      () => (this.#group = true),
      () => undefined,
    );
  }

  /** Ends the step's group, if one is open (before a secret stops the recording, too). */
  async endStepGroup(): Promise<void> {
    if (!this.#group || !this.#opened) return;
    this.#group = false;
    const { context } = await this.#opened;
    await context.tracing.groupEnd().catch(() => undefined);
  }

  /**
   * Notes a step as it ends, for the trace's list of actions: one that ran while nothing recorded,
   * and one that did not pass while recording (its reason, where the viewer opens).
   */
  noteStep(step: UnrecordedStep): void {
    if (!this.#traced || !this.#opened) return;
    if (!this.#recording) this.#unrecorded.push(step);
    else if (step.error !== undefined) this.#unrecorded.push({ ...step, recorded: true });
  }

  /** The Run's trace as a zip, with every secret the redactor knows masked; undefined when none was recorded. */
  async trace(redactor: Redactor): Promise<Buffer | undefined> {
    if (!this.#traced || !this.#opened) return undefined;
    const { context } = await this.#opened;
    let recorded = this.#recordedBeforeSecret;
    if (this.#recording) {
      this.#recording = false;
      recorded = await this.#saveChunk(context); // the context closes after the Run
    }
    if (!recorded) return undefined;
    try {
      return await redactTrace(recorded, redactor, this.#frames, this.#unrecorded);
    } catch {
      return undefined;
    }
  }

  /** The Run's video as WebM (up to its first secret); undefined when none was recorded. */
  async video(): Promise<Buffer | undefined> {
    const video = this.#video;
    this.#video = undefined;
    return video?.finish();
  }

  #closing: Promise<void> | undefined;

  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.signal?.removeEventListener('abort', this.#onAbort);
      await this.#video?.discard();
      this.#video = undefined;
      const opened = await this.#opened?.catch(() => undefined);
      // The slot goes back before this context closes, so the pool starts preparing the next Run's
      // context now rather than after the close (the trace chunk, the context, its files): a Run
      // triggered as soon as this one ends waited for that context, 250-530 ms on a loaded host
      // (`npm run bench -- stack`, back to back). While this one closes, a Run waiting for a slot may
      // open one context more than RUNNER_CONCURRENCY.
      if (this.#opened) this.options.contexts?.release();
      if (opened) await closeRunContext(opened.context, this.#traceName, this.#recording);
    })();
    return this.#closing;
  }

  /**
   * The cause of the context's last refused or failed connection through its egress proxy, as
   * Chromium's net error code (Chromium itself only reports a generic SOCKS failure).
   */
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
  const startWall = Date.now();
  const mark = session.facts.mark();
  let ctx: StepContext | undefined;
  let verdict: Pick<
    StepResult,
    'status' | 'reason' | 'verdictSource' | 'postconditionProven' | 'diagnosis' | 'internalError'
  >;
  try {
    const page = await untilAborted(session.page(), options.signal);
    await session.stepGroup(stepTitle(step, index));
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
      browsing: session,
      startedAt: performance.now(),
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
    verdict = verdictOf(failure);
  }
  await session.endStepGroup();
  const durationMs = Math.round(performance.now() - started);
  // After an abort the context is closing: nothing more can be read from it.
  const live = options.signal?.aborted ? undefined : ctx?.page;
  const screenshot = live && (await session.screenshot(live));
  // Read after the screenshot: a console message or a failed request the step caused has come by now.
  const facts = session.facts.since(mark);
  const accessibility = live && options.accessibility ? await checkPage(session, live, options) : undefined;
  const said = verdict.status === 'passed' ? '' : factsSentence(step.action, facts);
  if (said) verdict = { ...verdict, reason: `${verdict.reason} ${said}` };
  session.noteStep({
    title: stepTitle(step, index),
    method: step.action,
    ...(step.target !== undefined && { target: step.target }),
    ...(live && { pageId: pageIdOf(live) }),
    startWall,
    endWall: Date.now(),
    ...(verdict.status !== 'passed' && { error: verdict.reason }),
  });
  return {
    index,
    action: step.action,
    ...(step.target !== undefined && { target: step.target }),
    ...verdict,
    observed: {
      url: live?.url() ?? '',
      title: live ? await quietly(live, () => live.title()).catch(() => '') : '',
      ...ctx?.observed,
      ...facts,
      ...(accessibility && { accessibility }),
    },
    expectation: expectationWords(step),
    recoveryCount: ctx?.recoveries ?? 0,
    ...(screenshot && { screenshot }),
    durationMs,
  };
}

/**
 * axe-core on the page, once per URL path of the Run; undefined for a path checked already, a page
 * that is not http(s) or a check that failed (a page closing or navigating under it proves nothing
 * about its accessibility, and does not fail the step).
 */
async function checkPage(
  session: Session,
  page: Page,
  options: RunWebStepsOptions,
): Promise<AccessibilityFact | undefined> {
  let url: URL;
  try {
    url = new URL(page.url());
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(url.protocol) || session.checkedPaths.has(url.pathname)) return undefined;
  session.checkedPaths.add(url.pathname);
  const findings = await quietly(page, () => checkAccessibility(page)).catch(() => undefined);
  if (!findings) return undefined;
  return markNew({ path: url.pathname, findings }, options.accessibility?.baseline);
}

/**
 * The action, then the authored expectation if any, then (for a member of a cross-channel group)
 * whether the page shows the value the group's API trigger captured; the sentence that says what
 * was proven.
 */
async function perform(ctx: StepContext, index: number, api?: RunWebStepsOptions['api']): Promise<string> {
  const did = await act(ctx);
  const proven = ctx.step.expect ? `${did} ${await checkExpectation(ctx, ctx.step.expect)}` : did;
  await ctx.settled;
  const cross = ctx.step.config?.crossChannel;
  if (!api || !cross?.groupId || cross.role === 'trigger') return proven;
  const text = await quietly(ctx.page, () => ctx.page.locator('body').innerText({ timeout: remainingMs(ctx) }));
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

/** A step's name in its trace, e.g. `Step 3: Click "Sign in"`; the viewer opens at a step by it. */
export function stepTitle(step: WebStep, index: number): string {
  const action = step.action.charAt(0).toUpperCase() + step.action.slice(1);
  return `Step ${index + 1}: ${step.target === undefined ? action : `${action} "${step.target}"`}`;
}

/** The page's protocol id, which a trace names pages by (the client keeps it on the object). */
function pageIdOf(page: Page): string | undefined {
  const id = (page as unknown as { _guid?: unknown })._guid;
  return typeof id === 'string' ? id : undefined;
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

/**
 * A step's screenshot against the baseline's: the fact and diff are added, and in `fail` mode a
 * change above the threshold fails a step that passed, as a change of the application. A comparison
 * that cannot be made (an unreadable image) leaves the step as it was: it is a help, never a verdict.
 */
async function withVisualCheck(result: StepResult, step: WebStep, compare: VisualComparer): Promise<StepResult> {
  if (!result.screenshot) return result;
  const check = await compare(step, result.index, result.screenshot).catch(() => undefined);
  if (!check) return result;
  const checked: StepResult = {
    ...result,
    visual: check.fact,
    ...(check.diffPng && { visualDiff: check.diffPng }),
  };
  if (!check.failure || result.status !== 'passed') return checked;
  return {
    ...checked,
    status: 'failed',
    reason: check.failure,
    verdictSource: 'assertion',
    diagnosis: { category: 'application', suggestedAction: VISUAL_SUGGESTION },
  };
}

/**
 * In `fail` mode, a new serious or critical finding on the page a step reached fails that step if
 * it passed, as a change of the application; like a visual change, it does not stop the Run.
 */
function withAccessibilityVerdict(result: StepResult): StepResult {
  const fact = result.observed.accessibility;
  const failure = fact && accessibilityFailure('fail', [fact]);
  if (!failure || result.status !== 'passed') return result;
  return {
    ...result,
    status: 'failed',
    reason: failure,
    verdictSource: 'assertion',
    diagnosis: { category: 'application', suggestedAction: ACCESSIBILITY_SUGGESTION },
  };
}

const skipped = (step: Step, index: number, reason: string, diagnosis?: StepResult['diagnosis']): StepResult =>
  skippedStep(step, index, {
    reason,
    observed: { url: '', title: '' },
    expectation: isApiStep(step) ? '' : expectationWords(step),
    ...(diagnosis && { diagnosis }),
  });
