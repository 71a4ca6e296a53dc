import type { Step, WebStep } from '../../../core/steps';
import type { VisualFact } from '../../../core/visual';
import type { AccessibilityFact } from '../../../core/accessibility';

import { stepVerdict, type Diagnosis } from '../../../core/runs';

export type { Diagnosis, DiagnosisCategory } from '../../../core/runs';

/** Facts read from the page after the step. Never a typed secret, a selector or a raw error. */
export interface Observed {
  url: string;
  title: string;
  /** HTTP status of the document the step loaded (navigate, or a click that navigated). */
  status?: number;
  /** The element the step acted on, by role and accessible name, e.g. `textbox "Email"`. */
  found?: string;
  /** Visible page text (shortened), read when the step expects a text. */
  text?: string;
  /** What a fill left in the field; only when the value is not secret. */
  value?: string;
  /** How many times the page was scrolled down to find the control (content that renders when scrolled to). */
  scrolled?: number;
  /** Errors the page logged to its console during the step (at most 10, each shortened). */
  consoleErrors?: string[];
  /** Uncaught errors the page threw during the step. */
  pageErrors?: string[];
  /** Requests of the step that failed (status ≥ 400, no answer) or were slow: method, origin and path, status, duration. */
  requests?: Array<{ method: string; url: string; status?: number; failure?: string; durationMs: number }>;
  /** axe-core's findings on the page the step reached, when the Run checks accessibility and the path is new to it. */
  accessibility?: AccessibilityFact;
}

export interface StepResult<O = Observed> {
  index: number;
  action: Step['action'];
  target?: string;
  status: 'passed' | 'failed' | 'skipped';
  /** A customer-safe sentence. */
  reason: string;
  observed: O;
  /** The authored expectation in words, e.g. `the page shows "Welcome"`. */
  expectation: string;
  /** assertion: the step's `expect` decided; action: the action itself decided; none: not run. */
  verdictSource: 'assertion' | 'action' | 'none';
  postconditionProven: boolean;
  recoveryCount: number;
  diagnosis?: Diagnosis;
  /** PNG of the page after the step; absent for steps that did not run. */
  screenshot?: Buffer;
  durationMs: number;
  /** The raw error, redacted, for the runner's own logs. Never part of External Evidence. */
  internalError?: string;
  /** The screenshot compared with the baseline's of the same step, when the Run has one. */
  visual?: VisualFact;
  /** PNG of the changed pixels, when some changed. */
  visualDiff?: Buffer;
}

/** One visual comparison (activities/run/visual.ts): the fact, the diff, and a `fail` mode reason. */
export interface VisualCheck {
  fact: VisualFact;
  diffPng: Buffer | null;
  /** The step's failure reason when `fail` mode fails it; null otherwise. */
  failure: string | null;
}

/** Compares one step's screenshot with the baseline's; undefined when that step has no baseline. */
export type VisualComparer = (step: WebStep, index: number, screenshot: Buffer) => Promise<VisualCheck | undefined>;

/**
 * A step that did not run, on any platform: nothing proven, no time spent. `observed` is the
 * engine's empty facts and `expectation` its words for the step.
 */
export function skippedStep<O>(
  step: Step,
  index: number,
  o: { reason: string; observed: O; expectation: string; diagnosis?: Diagnosis },
): StepResult<O> {
  return {
    index,
    action: step.action,
    ...(step.target !== undefined && { target: step.target }),
    status: 'skipped',
    reason: o.reason,
    observed: o.observed,
    expectation: o.expectation,
    verdictSource: 'none',
    postconditionProven: false,
    recoveryCount: 0,
    ...(o.diagnosis && { diagnosis: o.diagnosis }),
    durationMs: 0,
  };
}

export type Outcome = 'passed' | 'failed' | 'unverified';

export interface WebRunResult {
  steps: StepResult[];
  outcome: Outcome;
  /** Playwright trace zip (secrets masked), when the Run kept one. */
  trace?: Buffer;
  /** WebM video of the Run up to its first secret, when the Run asked for one (its `video` option). */
  video?: Buffer;
}

/**
 * The verdict rule. A Run stops at its first step that does not pass; later steps are skipped.
 *
 * - passed: every step passed, i.e. each step's postcondition was proven (its `expect` held, or,
 *   without `expect`, the action's own effect was checked: navigate got a non-error response, fill
 *   left exactly the typed value in the field, click was delivered to the control).
 * - failed: a step demonstrated that the application misbehaves — diagnosis `application`: the page
 *   loaded but an `expect` was disproven, navigate got HTTP 4xx/5xx, a click led to HTTP 5xx, or a
 *   field did not keep the value typed into it.
 * - unverified: otherwise. The step could not be carried out, so nothing was proven either way:
 *   a field or control never appeared (`test_definition`: the test may be wrong, or the app may have
 *   changed, and the runner cannot tell which), the site was unreachable or an Environment value was
 *   missing (`environment`), the step ran out of time (`timeout`), the runner failed
 *   (`infrastructure`), or the Run was canceled (`canceled`).
 */
export function outcomeOf(steps: readonly Pick<StepResult<object>, 'status' | 'diagnosis'>[]): Outcome {
  if (steps.length > 0 && steps.every((s) => s.status === 'passed')) return 'passed';
  return steps.some((s) => stepVerdict(s) === 'failed') ? 'failed' : 'unverified';
}
