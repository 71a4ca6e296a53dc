/** The browser runner: a library without Temporal or database imports, wrapped by a Temporal activity. */
export { launchBrowser, CHROMIUM_ARGS } from './browser';
export { Redactor, REDACTED } from '../engine/redactor';
export { outcomeOf } from '../engine/result';
export type { Diagnosis, DiagnosisCategory, Observed, Outcome, StepResult, WebRunResult } from '../engine/result';
export { runWebSteps } from './web';
export type { RunWebStepsOptions } from './web';
