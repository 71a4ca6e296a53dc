import type { Locator, Page, Response } from 'playwright-core';
import type { StepOf, WebStep } from '../../core/steps';
import { SUGGEST, StepFailure, isClosed, isTimeout, isTransient, message, seconds } from './failures';
import { controlCandidates, describeElement, fieldCandidates, findVisible } from './locate';
import type { Redactor } from './redactor';
import type { Observed } from './result';
import { chooseAgentValue, type ChosenValue } from './values';

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
  /**
   * The browser reaches sites through the runner's egress proxy (SOCKS), so a failed connection shows
   * as ERR_SOCKS_CONNECTION_FAILED; this names the real cause of the last one (e.g. ERR_BLOCKED_BY_CLIENT).
   */
  lastConnectFailure?(): string | undefined;
}

/** Performs the step's action and proves its own effect; returns the sentence that says so. */
export function act(ctx: StepContext): Promise<string> {
  // A context is narrowed by its step's action; it is passed on, not copied, since recoveries count on it.
  switch (ctx.step.action) {
    case 'navigate':
      return navigate(ctx as StepContext<StepOf<'navigate'>>);
    case 'fill':
      return fill(ctx as StepContext<StepOf<'fill'>>);
    case 'click':
      return click(ctx as StepContext<StepOf<'click'>>);
  }
}

const RECOVERY_PAUSE_MS = 150;
const SETTLE_AFTER_CLICK_MS = 1500;

/**
 * Runs `attempt` and retries it after a short pause when it meets a transient state, up to
 * `maxRecoveries` times, counting each retry. With `split`, the budget is divided evenly among the
 * attempts, so that an element that is merely late costs a recovery instead of the whole budget, and
 * the last attempt gets whatever time is left.
 */
async function withRecovery<T>(
  ctx: StepContext,
  attempt: (timeoutMs: number) => Promise<T>,
  { split = true, transient = isTransient }: { split?: boolean; transient?: (err: unknown) => boolean } = {},
): Promise<T> {
  const window = split ? ctx.stepTimeoutMs / (ctx.maxRecoveries + 1) : Infinity;
  for (;;) {
    const last = ctx.recoveries >= ctx.maxRecoveries;
    try {
      return await attempt(Math.max(1, Math.min(last ? Infinity : window, remaining(ctx))));
    } catch (err) {
      if (last || !transient(err) || remaining(ctx) <= RECOVERY_PAUSE_MS) throw err;
      ctx.recoveries += 1;
      await sleep(RECOVERY_PAUSE_MS);
    }
  }
}

async function navigate(ctx: StepContext<StepOf<'navigate'>>): Promise<string> {
  const path = ctx.step.target ?? '/';
  const url = new URL(path, ctx.baseUrl);
  // A step may only open pages of the site under test; an absolute address elsewhere is a test error.
  if (url.origin !== new URL(ctx.baseUrl).origin) {
    throw new StepFailure(
      'test_definition',
      `The address "${path}" leads outside the site under test.`,
      SUGGEST.testDefinition,
    );
  }
  let response: Response | null;
  try {
    response = await withRecovery(ctx, () => ctx.page.goto(url.href, { waitUntil: 'load', timeout: remaining(ctx) }), {
      split: false,
      // Only an interrupted navigation is worth repeating; a slow or refused one would just be slow twice.
      transient: (err) => /ERR_ABORTED|interrupted by another navigation/.test(message(err)),
    });
  } catch (err) {
    throw navigationFailure(err, path, url.origin, ctx.stepTimeoutMs, ctx.lastConnectFailure);
  }
  const status = response?.status();
  if (status !== undefined) ctx.observed.status = status;
  if (status !== undefined && status >= 400) {
    throw new StepFailure(
      'application',
      `The page "${path}" answered with HTTP ${status}.`,
      "Check the application's logs for this request; it returned an error instead of the page.",
    );
  }
  return `The page "${path}" loaded${status === undefined ? '' : ` (HTTP ${status})`}.`;
}

const UNREACHABLE: Record<string, string> = {
  ERR_CONNECTION_REFUSED: 'the connection was refused',
  ERR_NAME_NOT_RESOLVED: 'its address was not found',
  ERR_ADDRESS_UNREACHABLE: 'its address is unreachable',
  ERR_CONNECTION_TIMED_OUT: 'the connection timed out',
  ERR_CONNECTION_RESET: 'the connection was reset',
  ERR_CONNECTION_CLOSED: 'the connection was closed',
  ERR_EMPTY_RESPONSE: 'it sent no response',
  ERR_INTERNET_DISCONNECTED: 'the runner has no network',
  // Only the egress checks of web.ts (request interception and the egress proxy) fail requests this way.
  ERR_BLOCKED_BY_CLIENT:
    'the egress policy refuses it (private, loopback and link-local addresses need EGRESS_ALLOW; with EGRESS_PUBLIC=false only EGRESS_ALLOW is reachable)',
};

/** Unreachable site → environment; too slow → timeout; anything else passes through unchanged. */
function navigationFailure(
  err: unknown,
  path: string,
  origin: string,
  budgetMs: number,
  lastConnectFailure?: () => string | undefined,
): unknown {
  if (err instanceof StepFailure || isClosed(err)) return err;
  if (isTimeout(err)) {
    return new StepFailure(
      'timeout',
      `The page "${path}" did not finish loading within ${seconds(budgetMs)}.`,
      SUGGEST.timeout,
      err,
    );
  }
  let code = /net::(ERR_[A-Z_]+)/.exec(message(err))?.[1];
  if (code === 'ERR_SOCKS_CONNECTION_FAILED') code = lastConnectFailure?.() ?? code;
  if (code) {
    const why =
      UNREACHABLE[code] ??
      (code.startsWith('ERR_CERT') ? 'its certificate was not accepted' : 'the browser could not load it');
    return new StepFailure(
      'environment',
      `The site at ${origin} could not be reached: ${why}.`,
      SUGGEST.unreachable,
      err,
    );
  }
  return err;
}

async function fill(ctx: StepContext<StepOf<'fill'>>): Promise<string> {
  const target = ctx.step.target;
  let phase: 'locate' | 'act' = 'locate';
  let value: ChosenValue | undefined; // chosen once per step, so a recovery types the same value again
  try {
    return await withRecovery(ctx, async (timeout) => {
      phase = 'locate';
      const field = await findVisible(fieldCandidates(ctx.page, target), timeout);
      phase = 'act';
      ctx.observed.found ??= await describeElement(field, target);
      const facts = await readFieldFacts(field);
      value ??= await chooseValue(ctx, facts);
      if (value.secret || facts.type === 'password') {
        value.secret = true;
        ctx.redactor.add(value.text);
      }
      await field.fill(value.text, { timeout: remaining(ctx) });
      // The postcondition of a fill: the field now holds exactly what was typed. Compared in memory only.
      const held = await field.evaluate((el) =>
        'value' in el ? String((el as HTMLInputElement).value) : (el.textContent ?? ''),
      );
      if (!value.secret) ctx.observed.value = held;
      if (held !== value.text) {
        throw new StepFailure(
          'application',
          `The field "${target}" did not keep the value typed into it.`,
          'Check whether the field rejects or rewrites this input, or change the value the step types.',
        );
      }
      return `The field "${target}" holds the entered value.`;
    });
  } catch (err) {
    if (err instanceof StepFailure || isClosed(err)) throw err;
    if (phase === 'locate' && isTimeout(err)) {
      throw new StepFailure(
        'test_definition',
        `No field labelled "${target}" appeared within ${seconds(ctx.stepTimeoutMs)}.`,
        SUGGEST.testDefinition,
        err,
      );
    }
    if (isTimeout(err)) {
      throw new StepFailure(
        'timeout',
        `The field "${target}" appeared but did not accept input within ${seconds(ctx.stepTimeoutMs)}.`,
        SUGGEST.timeout,
        err,
      );
    }
    if (/not an <input>|not an input|cannot be filled/i.test(message(err))) {
      throw new StepFailure(
        'test_definition',
        `The element "${target}" is not a field that accepts text.`,
        SUGGEST.testDefinition,
        err,
      );
    }
    throw err;
  }
}

async function readFieldFacts(field: Locator): Promise<{ type: string; words: string }> {
  return field.evaluate((el) => {
    const input = el as HTMLInputElement;
    const labels = Array.from(input.labels ?? [], (label) => label.textContent ?? '');
    const attributes = ['name', 'id', 'placeholder', 'autocomplete', 'aria-label'].map((a) => el.getAttribute(a) ?? '');
    return {
      type: (el.tagName === 'INPUT' ? input.type : el.tagName).toLowerCase(),
      words: [...labels, ...attributes].join(' '),
    };
  });
}

/** The value to type. An Environment value is fetched only now, right before the fill, and redacted at once. */
async function chooseValue(
  ctx: StepContext<StepOf<'fill'>>,
  facts: { type: string; words: string },
): Promise<ChosenValue> {
  const spec = ctx.step.valueSpec;
  if (spec.kind === 'literal') return { text: spec.text, secret: false };
  if (spec.kind === 'agent') {
    return chooseAgentValue({ type: facts.type, words: [facts.words, ctx.step.target, spec.hint].join(' ') });
  }
  let text: string;
  try {
    text = await ctx.resolveValue(spec.variable);
  } catch (err) {
    throw new StepFailure(
      'environment',
      `The Environment value "${spec.variable}" could not be provided.`,
      `Add the runtime value "${spec.variable}" to the Environment, or correct the step's variable name.`,
      err,
    );
  }
  ctx.redactor.add(text);
  return { text, secret: true };
}

async function click(ctx: StepContext<StepOf<'click'>>): Promise<string> {
  const target = ctx.step.target;
  let phase: 'locate' | 'act' = 'locate';
  let document: Response | undefined;
  // The click may navigate; the last main-frame document response tells whether that page is an error.
  const onResponse = (response: Response) => {
    if (response.request().isNavigationRequest() && response.frame() === ctx.page.mainFrame()) document = response;
  };
  ctx.page.on('response', onResponse);
  try {
    await withRecovery(ctx, async (timeout) => {
      phase = 'locate';
      const control = await findVisible(controlCandidates(ctx.page, target), timeout);
      phase = 'act';
      ctx.observed.found ??= await describeElement(control, target);
      await control.click({ timeout: remaining(ctx) });
    });
    await settle(ctx);
  } catch (err) {
    if (err instanceof StepFailure || isClosed(err)) throw err;
    if (phase === 'locate' && isTimeout(err)) {
      throw new StepFailure(
        'test_definition',
        `No control named "${target}" appeared within ${seconds(ctx.stepTimeoutMs)}.`,
        SUGGEST.testDefinition,
        err,
      );
    }
    if (isTimeout(err)) {
      throw new StepFailure(
        'timeout',
        `The control "${target}" appeared but could not be clicked within ${seconds(ctx.stepTimeoutMs)}.`,
        SUGGEST.timeout,
        err,
      );
    }
    throw err;
  } finally {
    ctx.page.off('response', onResponse);
  }
  const status = document?.status();
  if (status !== undefined) ctx.observed.status = status;
  // Only 5xx: a 4xx page after a click can be the intended answer (e.g. wrong credentials → 401).
  if (status !== undefined && status >= 500) {
    throw new StepFailure(
      'application',
      `After clicking "${target}", the page answered with HTTP ${status}.`,
      "Check the application's logs for the request this click sent.",
    );
  }
  return `Clicked ${ctx.observed.found ?? `"${target}"`}.`;
}

/** After a click: let a navigation it started finish, and the network calm down briefly. */
async function settle(ctx: StepContext): Promise<void> {
  await ctx.page.waitForLoadState('load', { timeout: Math.max(1, remaining(ctx)) }).catch(rethrowClosed);
  await ctx.page
    .waitForLoadState('networkidle', { timeout: Math.max(1, Math.min(SETTLE_AFTER_CLICK_MS, remaining(ctx))) })
    .catch(rethrowClosed);
}

type Expectation = NonNullable<WebStep['expect']>;

/** The authored expectation in words; without `expect`, the effect the action itself must have. */
export function expectationWords(step: WebStep): string {
  if (step.expect)
    return expectationParts(step.expect)
      .map((part) => part.words)
      .join(' and ');
  if (step.action === 'navigate') return `the page "${step.target ?? '/'}" loads`;
  if (step.action === 'fill') return `the field "${step.target}" holds the entered value`;
  return `the control "${step.target}" can be clicked`;
}

interface Part {
  words: string;
  check(page: Page, deadline: number): Promise<string | null>; // null when it holds, else what was seen
}

function expectationParts(expect: Expectation): Part[] {
  const parts: Part[] = [];
  if (expect.text) {
    const text = expect.text;
    parts.push({
      words: `the page shows "${text}"`,
      async check(page, deadline) {
        try {
          await page
            .getByText(text)
            .filter({ visible: true })
            .first()
            .waitFor({ timeout: Math.max(1, deadline - Date.now()) });
          return null;
        } catch (err) {
          if (isTimeout(err)) return `the page did not show "${text}"`;
          throw err;
        }
      },
    });
  }
  if (expect.urlIncludes) {
    const part = expect.urlIncludes;
    parts.push({
      words: `the address contains "${part}"`,
      async check(page, deadline) {
        const held = await pollUntil(async () => page.url().includes(part), deadline);
        return held ? null : `the address ${page.url()} does not contain "${part}"`;
      },
    });
  }
  if (expect.titleIncludes) {
    const part = expect.titleIncludes;
    parts.push({
      words: `the title contains "${part}"`,
      async check(page, deadline) {
        const held = await pollUntil(async () => (await page.title()).includes(part), deadline);
        return held ? null : `the title "${await page.title().catch(() => '')}" does not contain "${part}"`;
      },
    });
  }
  return parts;
}

/**
 * Proves or disproves the step's `expect`, waiting up to the step timeout for it to hold.
 * Returns the sentence that says it holds; throws an `application` failure when it does not.
 */
export async function checkExpectation(ctx: StepContext, expect: Expectation): Promise<string> {
  const deadline = Date.now() + ctx.stepTimeoutMs;
  const parts = expectationParts(expect);
  const misses = (await Promise.all(parts.map((part) => part.check(ctx.page, deadline)))).filter((m) => m !== null);
  if (expect.text) ctx.observed.text = await visibleText(ctx.page);
  if (misses.length > 0) {
    throw new StepFailure(
      'application',
      `The expectation was not met within ${seconds(ctx.stepTimeoutMs)}: ${misses.join('; ')}.`,
      "Check whether the application regressed; if the new behaviour is intended, update the step's expectation.",
      undefined,
      'assertion',
    );
  }
  return capitalize(`${parts.map((part) => part.words).join(' and ')}.`);
}

const TEXT_EXCERPT = 500;

async function visibleText(page: Page): Promise<string> {
  const text = await page
    .locator('body')
    .innerText({ timeout: 1000 })
    .catch(() => '');
  return text.replace(/\s+/g, ' ').trim().slice(0, TEXT_EXCERPT);
}

async function pollUntil(check: () => Promise<boolean>, deadline: number): Promise<boolean> {
  for (;;) {
    try {
      if (await check()) return true;
    } catch (err) {
      if (isClosed(err)) throw err; // otherwise mid-navigation: look again
    }
    if (Date.now() >= deadline) return false;
    await sleep(100);
  }
}

function rethrowClosed(err: unknown): void {
  if (isClosed(err)) throw err;
}

function remaining(ctx: StepContext): number {
  return Math.max(1, ctx.deadline - Date.now());
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
