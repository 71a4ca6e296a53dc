import { errors } from 'playwright-core';
import type { DiagnosisCategory, SuggestedChange } from '../../../core/runs';

/**
 * A step ended for a reason that can be told to a customer. `reason` and `suggestedAction` are
 * sentences written here, never tool output; the raw error, if any, travels in `cause` and only
 * reaches the runner's internal log.
 */
export class StepFailure extends Error {
  constructor(
    readonly category: DiagnosisCategory,
    readonly reason: string,
    readonly suggestedAction: string,
    readonly cause?: unknown,
    readonly verdictSource: 'assertion' | 'action' = 'action',
  ) {
    super(reason);
    this.name = 'StepFailure';
  }

  /** A change of the step to offer the user (never applied by the runner). */
  suggestedChange?: SuggestedChange;
}

export const SUGGEST = {
  testDefinition:
    "Check that the step's target matches a label, placeholder, name or visible text on the page at this point, and that the earlier steps lead to that page.",
  noTarget:
    "The step names no target, so it acts on the control that has focus: give it a target (the field's label or the control's name), or focus that control in an earlier step (a click on it).",
  timeout: 'Retry the Run; if it happens again, check whether the page is slow or blocked at this step.',
  infrastructure: 'Retry the Run; the runner had a problem unrelated to the application.',
  unreachable: "Check the Environment's web base URL and that the deployment is running and reachable.",
  canceled: 'No action needed; trigger a new Run for a verdict.',
  crossChannel: 'Check that what the API step created reaches this page (caches, queues, the account the page shows).',
} as const;

export const canceled = (): StepFailure =>
  new StepFailure('canceled', 'Not finished: the Run was canceled.', SUGGEST.canceled);

/** States a retry can get past: the element is not there or not ready yet, or the page is mid-navigation. */
export function isTransient(err: unknown): boolean {
  if (err instanceof StepFailure || isClosed(err)) return false;
  if (err instanceof errors.TimeoutError) return true;
  return /not attached|detached|Execution context was destroyed|navigat|not visible|not stable/i.test(message(err));
}

/** The page, context or browser is gone: an abort closed it, or the browser died. */
export function isClosed(err: unknown): boolean {
  return /Target page, context or browser has been closed|Browser has been closed|browser has disconnected/i.test(
    message(err),
  );
}

export function isTimeout(err: unknown): boolean {
  return err instanceof errors.TimeoutError;
}

/** Anything not already a StepFailure: the runner's own trouble, told without details. */
export function asStepFailure(err: unknown): StepFailure {
  if (err instanceof StepFailure) return err;
  return new StepFailure('infrastructure', 'The runner could not complete this step.', SUGGEST.infrastructure, err);
}

/** The raw error text for internal logs (the caller redacts it). */
export function internalMessage(err: unknown): string {
  const cause = err instanceof StepFailure ? err.cause : err;
  if (cause === undefined) return '';
  const text = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  return text.slice(0, 4000);
}

export function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * What a fill or click acts on, in its reasons: `the field "Email"`, or `the focused field` for a
 * step without target (it acts where the focus is).
 */
export function the(kind: string, target: string | undefined): string {
  return target === undefined ? `the focused ${kind}` : `the ${kind} "${target}"`;
}

/** `the`, capitalized. */
export function The(kind: string, target: string | undefined): string {
  const words = the(kind, target);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "10 s", "0.6 s": durations as customers read them. */
export function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** The verdict fields of a step that ended with `failure`: skipped when canceled, else failed. */
export function verdictOf(failure: StepFailure) {
  const cancel = failure.category === 'canceled';
  const internal = internalMessage(failure);
  return {
    status: cancel ? ('skipped' as const) : ('failed' as const),
    reason: failure.reason,
    verdictSource: cancel ? ('none' as const) : failure.verdictSource,
    postconditionProven: false,
    diagnosis: {
      category: failure.category,
      suggestedAction: failure.suggestedAction,
      ...(failure.suggestedChange && { suggestedChange: failure.suggestedChange }),
    },
    ...(internal && { internalError: internal }),
  };
}

/**
 * An Environment value for a fill, fetched right before it is typed and redacted at once; a value
 * that cannot be provided ends the step (category `environment`).
 */
export async function environmentValue(
  resolveValue: (name: string) => Promise<string>,
  variable: string,
  redactor: { add(secret: string): void },
): Promise<{ text: string; secret: true }> {
  let text: string;
  try {
    text = await resolveValue(variable);
  } catch (err) {
    throw new StepFailure(
      'environment',
      `The Environment value "${variable}" could not be provided.`,
      `Add the runtime value "${variable}" to the Environment, or correct the step's variable name.`,
      err,
    );
  }
  redactor.add(text);
  return { text, secret: true };
}
