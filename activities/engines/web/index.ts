/** The browser runner: a library without Temporal or database imports, wrapped by a Temporal activity. */
export { launchBrowser, CHROMIUM_ARGS } from './browser';
export { Redactor, REDACTED } from '../shared/redactor';
export { outcomeOf } from '../shared/result';
export type { Diagnosis, DiagnosisCategory, Observed, Outcome, StepResult, WebRunResult } from '../shared/result';
export { runWebSteps } from './web';
export type { RunWebStepsOptions } from './web';
