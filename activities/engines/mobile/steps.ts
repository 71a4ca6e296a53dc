import { isApiStep, type Step, type StepOf, type WebStep } from '../../../core/steps';
import { EGRESS_REFUSED, type EgressPolicy } from '../../../core/egress';
import { EgressRefused, refusalOf } from '../../../core/egress-fetch';
import {
  SUGGEST,
  StepFailure,
  asStepFailure,
  canceled,
  seconds,
  the,
  The,
  verdictOf,
  environmentValue,
} from '../shared/failures';
import type { Redactor } from '../shared/redactor';
import { outcomeOf, skippedStep, type Outcome, type StepResult } from '../shared/result';
import { chooseAgentValue, type ChosenValue } from '../shared/values';
import { isUnavailable, type Device } from './device';
import { paintOver, type Rect } from './mask';
import type { Wanted } from './locators';

/** Facts read from the device after a step. Never a typed secret, a locator or the UI tree. */
export interface MobileObserved {
  /** The element the step acted on, by kind and the name it was found by, e.g. `Button "Sign in"`. */
  found?: string;
  /** Screen text (shortened), read when the step expects a text. */
  text?: string;
  /** What a fill left in the field; only when the value is not secret. */
  value?: string;
  /** In a browser (the Chromium automation), the page's URL and title. */
  url?: string;
  title?: string;
}

export type MobileStepResult = StepResult<MobileObserved>;

export interface RunMobileStepsOptions {
  device: Device;
  steps: Step[];
  /** How a navigate without target starts the app: bring the installed app to the front, or nothing (it started with the session). */
  installedApp?: { appId: string } | { bundleId: string };
  /** Environment values, fetched right before the fill that needs them. */
  resolveValue(name: string): Promise<string>;
  redactor: Redactor;
  /** What http(s) deep links may reach (a browser automation loads them on this host). */
  egress?: EgressPolicy;
  startAtStep?: number;
  stepTimeoutMs?: number;
  signal?: AbortSignal;
  onStepStart?(index: number): Promise<void>;
  onStepDone?(result: MobileStepResult): Promise<void>;
}

const SUGGEST_MOBILE = {
  control:
    "Check that the step's target matches the control's accessibility id, label or visible text on this screen, and that the earlier steps lead to it.",
  deepLink: 'Give the navigate step a deep link such as myapp://orders/42 or https://…, or no target to start the app.',
  platform: 'Run this expectation on the web platform, or check the screen text instead (expect.text).',
} as const;

/**
 * Runs a Run's steps on one Appium session with the web runner's verdict rules (engine/result.ts):
 * the first step that does not pass stops the Run; a disproven expectation or a field that does
 * not keep its value is `failed`, a control that never shows is `unverified`. A lost Appium server
 * is not a verdict: it throws AppiumUnavailable and the attempt is retried.
 */
export async function runMobileSteps(
  options: RunMobileStepsOptions,
): Promise<{ steps: MobileStepResult[]; outcome: Outcome }> {
  const { steps, redactor, signal } = options;
  const startAt = options.startAtStep ?? 0;
  const results: MobileStepResult[] = [];
  // The fields a secret was typed into this session: painted over in every screenshot while on screen.
  const secretFields = new Set<string>();
  let stop: string | undefined;
  for (const [index, step] of steps.entries()) {
    const reported = index >= startAt;
    if (!stop && signal?.aborted) stop = 'canceled';
    let result: MobileStepResult;
    if (stop === 'canceled') {
      result = skipped(step, index, 'Not run: the Run was canceled.', {
        category: 'canceled',
        suggestedAction: SUGGEST.canceled,
      });
    } else if (stop) {
      result = skipped(step, index, `Not run: the step at index ${stop} did not pass.`);
    } else if (isApiStep(step)) {
      result = skipped(step, index, 'Not run: API steps need a Run whose platforms include api.', {
        category: 'test_definition',
        suggestedAction: 'Run API steps in a plan or Test Case whose platforms include "api".',
      });
    } else {
      if (reported) await options.onStepStart?.(index);
      result = await runStep(options, step, index, secretFields);
      if (result.diagnosis?.category === 'canceled') stop = 'canceled';
      else if (result.status !== 'passed') stop = String(index);
    }
    result = redactor.redactDeep(result);
    results.push(result);
    if (reported) await options.onStepDone?.(result);
  }
  const final = results.map((r) => redactor.redactDeep(r));
  return { steps: final, outcome: outcomeOf(final) };
}

interface Ctx {
  options: RunMobileStepsOptions;
  device: Device;
  deadline: number;
  observed: MobileObserved;
  secretFields: Set<string>;
}

async function runStep(
  options: RunMobileStepsOptions,
  step: WebStep,
  index: number,
  secretFields: Set<string>,
): Promise<MobileStepResult> {
  const started = performance.now();
  const ctx: Ctx = {
    options,
    device: options.device,
    deadline: Date.now() + (options.stepTimeoutMs ?? 10_000),
    observed: {},
    secretFields,
  };
  let verdict: Pick<
    MobileStepResult,
    'status' | 'reason' | 'verdictSource' | 'postconditionProven' | 'diagnosis' | 'internalError'
  >;
  try {
    const did = await act(ctx, step);
    ctx.deadline = Date.now() + (options.stepTimeoutMs ?? 10_000);
    const proven = step.expect ? `${did} ${await checkExpectation(ctx, step)}` : did;
    verdict = {
      status: 'passed',
      reason: proven,
      verdictSource: step.expect ? 'assertion' : 'action',
      postconditionProven: true,
    };
  } catch (err) {
    if (isUnavailable(err) && !options.signal?.aborted) throw err;
    const failure = options.signal?.aborted ? canceled() : asStepFailure(err);
    verdict = verdictOf(failure);
  }
  let screenshot: Buffer | undefined;
  if (!options.signal?.aborted) {
    // A screenshot that could not be masked is not kept: the step has none.
    try {
      screenshot = await maskedScreenshot(ctx);
      const page = await ctx.device.page();
      if (page) Object.assign(ctx.observed, page);
    } catch (err) {
      if (isUnavailable(err)) throw err;
    }
  }
  return {
    index,
    action: step.action,
    ...(step.target !== undefined && { target: step.target }),
    ...verdict,
    observed: ctx.observed,
    expectation: expectationWords(step),
    recoveryCount: 0,
    ...(screenshot && { screenshot }),
    durationMs: Math.round(performance.now() - started),
  };
}

/**
 * The screen with every field that holds a secret painted over. Bounds are read before and after the
 * screenshot and both painted, so a field that moved in between (a scroll, a keyboard) is covered.
 */
async function maskedScreenshot(ctx: Ctx): Promise<Buffer> {
  const boundsNow = async () => {
    const rects: Rect[] = [];
    for (const element of ctx.secretFields) {
      const rect = await ctx.device.bounds(element);
      if (rect) rects.push(rect);
      else ctx.secretFields.delete(element);
    }
    return rects;
  };
  if (!ctx.secretFields.size) return ctx.device.screenshot();
  const before = await boundsNow();
  const shot = await ctx.device.screenshot();
  const after = await boundsNow();
  return paintOver(shot, [...before, ...after], await ctx.device.view());
}

async function act(ctx: Ctx, step: WebStep): Promise<string> {
  if (step.action === 'navigate') return navigate(ctx, step);
  const wanted = step.action === 'fill' ? 'field' : 'control';
  // Without target the step acts where the focus is, as on the web (docs/mobile.md).
  const element = step.target === undefined ? await locateFocused(ctx, wanted) : await locate(ctx, wanted, step.target);
  ctx.observed.found = await ctx.device.describe(element, step.target);
  if (step.action === 'click') {
    await ctx.device.click(element);
    return `Tapped ${the('control', step.target)}.`;
  }
  return fill(ctx, step, element);
}

async function navigate(ctx: Ctx, step: StepOf<'navigate'>): Promise<string> {
  const link = step.target;
  if (!link) {
    if (ctx.options.installedApp) await ctx.device.activate(ctx.options.installedApp);
    return 'The app is open.';
  }
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new StepFailure('test_definition', `"${link}" is not a deep link.`, SUGGEST_MOBILE.deepLink);
  }
  if (/^https?:$/.test(url.protocol) && ctx.options.egress) {
    const refused = await refusalOf(ctx.options.egress, url.href);
    if (refused) {
      throw new StepFailure(
        'environment',
        `The runner may not open ${url.origin}: ${EGRESS_REFUSED}.`,
        'Link to a host the runner may reach, or ask the operator of this service to allow this one.',
        new EgressRefused(refused),
      );
    }
  }
  await ctx.device.open(url.href);
  return `Opened the link ${url.href}.`;
}

/** The control or field, waited for within the step's bound; a control that never shows is `unverified`. */
async function locate(ctx: Ctx, wanted: Wanted, target: string): Promise<string> {
  for (;;) {
    if (ctx.options.signal?.aborted) throw canceled();
    const element = await ctx.device.find(wanted, target);
    if (element) return element;
    if (Date.now() >= ctx.deadline) {
      throw new StepFailure(
        'test_definition',
        `No ${wanted === 'field' ? 'field' : 'control'} "${target}" appeared on the screen within ${seconds(ctx.options.stepTimeoutMs ?? 10_000)}.`,
        SUGGEST_MOBILE.control,
      );
    }
    await sleep(200);
  }
}

/** The focused element, waited for within the step's bound; with nothing focused the step's definition is wrong. */
async function locateFocused(ctx: Ctx, wanted: Wanted): Promise<string> {
  for (;;) {
    if (ctx.options.signal?.aborted) throw canceled();
    const element = await ctx.device.focused();
    if (element) return element;
    if (Date.now() >= ctx.deadline) {
      throw new StepFailure(
        'test_definition',
        `The step names no target, and no ${wanted} had focus to ${wanted === 'field' ? 'type into' : 'tap'} within ${seconds(ctx.options.stepTimeoutMs ?? 10_000)}.`,
        SUGGEST.noTarget,
      );
    }
    await sleep(200);
  }
}

async function fill(ctx: Ctx, step: StepOf<'fill'>, element: string): Promise<string> {
  const secretField = await ctx.device.isSecretField(element);
  const value = await chooseValue(ctx, step, secretField);
  if (value.secret || secretField) {
    value.secret = true;
    ctx.options.redactor.add(value.text);
    // Painted over even where the OS draws dots: iOS shows each typed character for a moment.
    ctx.secretFields.add(element);
  }
  const held = await ctx.device.fill(element, value.text, value.secret);
  if (!value.secret) ctx.observed.value = held;
  // A password field shows dots, not what was typed: its value cannot be read back to compare.
  if (!secretField && held !== value.text) {
    throw new StepFailure(
      'application',
      `${The('field', step.target)} did not keep the value typed into it.`,
      'Check whether the field rejects or rewrites this input, or change the value the step types.',
    );
  }
  return `${The('field', step.target)} holds the entered value.`;
}

async function chooseValue(ctx: Ctx, step: StepOf<'fill'>, secretField: boolean): Promise<ChosenValue> {
  const spec = step.valueSpec;
  if (spec.kind === 'literal') return { text: spec.text, secret: false };
  if (spec.kind === 'agent')
    return chooseAgentValue({ type: secretField ? 'password' : 'text', words: [step.target, spec.hint].join(' ') });
  return environmentValue(ctx.options.resolveValue, spec.variable, ctx.options.redactor);
}

/** Each authored expectation, waited for within its own bound; the first disproven one fails the step. */
async function checkExpectation(ctx: Ctx, step: WebStep): Promise<string> {
  const expect = step.expect!;
  const proven: string[] = [];
  if (expect.text) {
    const wanted = expect.text;
    let seen = '';
    for (;;) {
      // A field that draws its text in clear puts a typed secret in the screen text (an app's UI
      // tree holds it): it is replaced before the runner reads, matches or shortens the text.
      seen = ctx.options.redactor.redact(await ctx.device.screenText());
      if (seen.includes(wanted)) break;
      if (Date.now() >= ctx.deadline) {
        ctx.observed.text = shorten(seen);
        throw new StepFailure(
          'application',
          `The screen does not show "${wanted}".`,
          'Check whether the app changed at this step, or correct the expected text.',
          undefined,
          'assertion',
        );
      }
      await sleep(250);
    }
    ctx.observed.text = shorten(seen);
    proven.push(`The screen shows "${wanted}".`);
  }
  for (const [key, words] of [
    ['urlIncludes', 'URL'],
    ['titleIncludes', 'title'],
  ] as const) {
    const part = expect[key];
    if (!part) continue;
    const page = await ctx.device.page();
    if (!page) {
      throw new StepFailure('test_definition', `An app screen has no ${words} to check.`, SUGGEST_MOBILE.platform);
    }
    const actual = key === 'urlIncludes' ? page.url : page.title;
    if (!actual.includes(part)) {
      throw new StepFailure(
        'application',
        `The page ${words} does not contain "${part}".`,
        'Check where this step leads, or correct the expectation.',
        undefined,
        'assertion',
      );
    }
    proven.push(`The page ${words} contains "${part}".`);
  }
  return proven.join(' ');
}

export function expectationWords(step: WebStep): string {
  const e = step.expect;
  if (e) {
    const parts = [
      e.text && `the screen shows "${e.text}"`,
      e.urlIncludes && `the URL contains "${e.urlIncludes}"`,
      e.titleIncludes && `the title contains "${e.titleIncludes}"`,
    ];
    return parts.filter(Boolean).join(' and ');
  }
  if (step.action === 'navigate') return step.target ? `the link ${step.target} opens` : 'the app opens';
  if (step.action === 'fill') return `${the('field', step.target)} holds the entered value`;
  return `${the('control', step.target)} can be tapped`;
}

const skipped = (step: Step, index: number, reason: string, diagnosis?: StepResult['diagnosis']): MobileStepResult =>
  skippedStep<MobileObserved>(step, index, {
    reason,
    observed: {},
    expectation: isApiStep(step) ? '' : expectationWords(step),
    ...(diagnosis && { diagnosis }),
  });

const shorten = (text: string) => (text.length > 500 ? `${text.slice(0, 500)}…` : text);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
