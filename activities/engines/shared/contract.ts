import type { RunWebStepsAccessibility } from '../../../core/accessibility';
import type { ApiRunResult } from '../../../core/assurance';
import type { Step } from '../../../core/steps';
import type { Run } from '../../../db/entities/runs';
import type { Redactor } from './redactor';
import type { Outcome, StepResult, VisualComparer } from './result';

/**
 * What a platform's engine implements for the one attempt sequence (activities/run/attempt.ts,
 * runAttempt): claim → open a session → run the steps (each recorded as it ends) → close. Every
 * field but `platform` and `open` is a hook only some platforms need.
 */
export interface Engine<O extends object = object> {
  /** The platform, as the runner's log names it. */
  platform: 'web' | 'api' | 'mobile';
  /**
   * The target the claim requires: a Run without it fails at once (NoTarget), and its base URL
   * is the session's. Absent: the engine reads the Run's targets itself (mobile).
   */
  target?: 'web' | 'api';
  /** Waits before the claim, the Run still `queued` (mobile: one of the runner's session slots); answers the release. */
  reserve?(wait: { beat(): void; signal: AbortSignal }): Promise<() => void>;
  /** Opens the engine's session for a claimed Run (browser context, API session, Appium session). */
  open(run: Run, attempt: AttemptContext): Promise<EngineSession<O>>;
}

/** What the attempt hands an engine's session. */
export interface AttemptContext {
  /** The claimed target's base URL (engines with a `target`). */
  baseUrl: string;
  /** The Run's redactor, shared with the attempt's logs. */
  redactor: Redactor;
  /** Aborts when the Run is canceled or the worker stops. */
  signal: AbortSignal;
  /** Keeps the attempt alive during a long preparation. */
  beat(): void;
  /** An Environment value by name, fetched right before the step that needs it. */
  resolveValue(name: string): Promise<string>;
  /** The Run's visual comparison against its baseline (activities/run/visual.ts), for engines that compare. */
  visualComparer(): Promise<VisualComparer | undefined>;
  /** The Run's accessibility check and its baseline (activities/run/accessibility.ts); undefined when it checks nothing. */
  accessibilityCheck?(): Promise<RunWebStepsAccessibility | undefined>;
}

/** A step's progress as the attempt records it. */
export interface StepCallbacks<O extends object> {
  onStepStart(index: number): Promise<void>;
  onStepDone(result: StepResult<O>): Promise<void>;
}

/** One open session of an engine. */
export interface EngineSession<O extends object> {
  /** Runs the Run's steps, replaying those before `startAtStep` silently (a fresh session holds no state). */
  run(o: { steps: Step[]; startAtStep: number } & StepCallbacks<O>): Promise<EngineRun<O>>;
  /** What a run that threw becomes (mobile: a lost device service is an infrastructure failure). */
  interrupted?(error: unknown): unknown;
  /** Ends the session; called once, whatever happened. */
  close?(): Promise<void>;
}

/** An engine's answer: its steps and verdict, and what the attempt records besides them. */
export interface EngineRun<O extends object> {
  steps: StepResult<O>[];
  outcome: Outcome;
  /** Steps returned without being reported (never started): the attempt records them as skipped. */
  unreported?: StepResult<O>[];
  /** The Run's API side (probed once the steps are done), for its assurance snapshot; a blocking finding fails the Run. */
  assurance?(): Promise<ApiRunResult>;
  /** The Playwright trace zip (secrets masked), stored as media of the deciding step. */
  trace?: Buffer;
  /** The Run's WebM video (up to its first secret), stored like the trace; only when the Run asked for one. */
  video?: Buffer;
}
