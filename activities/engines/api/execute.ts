import type { ApiStep, Step } from '../../../core/steps';
import type { StepResult } from '../shared/result';
import { observeCrossChannel } from './cross-channel';
import { variablesIn } from './placeholders';
import { probe } from './probe';
import { notRun, runRequestStep } from './request-step';
import { newSessionState, type ApiSessionOptions } from './session-state';
import type { ApiObserved, ApiRunResult } from './types';

export type { ApiSessionOptions } from './session-state';

export interface ApiRunOptions extends ApiSessionOptions {
  steps: readonly Step[];
  onStepStart?(index: number): Promise<void>;
  onStepDone?(result: StepResult<ApiObserved>): Promise<void>;
}

export interface ApiRunOutcome {
  steps: Array<StepResult<ApiObserved>>;
  result: ApiRunResult;
  outcome: 'passed' | 'failed' | 'unverified';
}

/**
 * The API side of a Run: runs request steps one at a time with the Run's variables, identities
 * and document, and keeps the value-free observations and findings. Values (tokens, runtime
 * values, bodies) stay in the session's memory (session-state.ts): results carry status codes,
 * path shapes and fingerprints only. A web runner uses one for the API steps of a mixed Run.
 * Each request step goes through the stages of request-step.ts; fuzzing is probe.ts.
 */
export function apiSession(o: ApiSessionOptions) {
  const s = newSessionState(o);
  const missingVariables = (step: ApiStep) =>
    variablesIn(`${step.target} ${step.body ?? ''}`).filter((v) => !s.variables.has(v));
  return {
    missingVariables,
    /** Runs one API step; a step needing a variable no earlier step captured is skipped with a reason. */
    async step(step: ApiStep, index: number): Promise<StepResult<ApiObserved>> {
      const missing = missingVariables(step);
      if (missing.length) {
        return notRun(
          step,
          index,
          `Not run: it needs ${missing.map((v) => `{{${v}}}`).join(', ')}, which no earlier step captured.`,
          {
            category: 'test_definition',
            suggestedAction:
              'Capture the variable in an earlier step (config.capture) or fix the earlier step that should have.',
          },
        );
      }
      return o.redactor.redactDeep(await runRequestStep(s, step, index));
    },
    observeCrossChannel: (step: Step, index: number, text: string, operationKey: string) =>
      observeCrossChannel(s, step, index, text, operationKey),
    probe: () => probe(s),
    hasBlockingFindings: () => s.findings.some((f) => f.blocking),
    result: (): ApiRunResult => ({
      documented: (o.document?.operations ?? []).map((op) => ({
        key: op.key,
        method: op.method,
        template: op.template,
      })),
      ...(o.documentProblem ? { documentProblem: o.documentProblem } : {}),
      observations: s.observations,
      findings: s.findings,
    }),
  };
}

/**
 * Runs the API steps of an API Run in order. Unlike web steps they go on after a failed check,
 * since assurance wants the whole picture. Then bounded fuzz probes go to the documented
 * operations the steps exercised.
 */
export async function runApiSteps(o: ApiRunOptions): Promise<ApiRunOutcome> {
  const session = apiSession(o);
  const steps: Array<StepResult<ApiObserved>> = [];
  for (const [index, step] of o.steps.entries()) {
    if (o.signal?.aborted) {
      steps.push(
        notRun(step, index, 'Not run: the Run was canceled.', {
          category: 'canceled',
          suggestedAction: 'Trigger the Run again when needed.',
        }),
      );
      continue;
    }
    if (step.action !== 'request') {
      steps.push(
        notRun(step, index, 'Not run: web steps need a Run whose platforms include web.', {
          category: 'test_definition',
          suggestedAction: 'Add "web" to the platforms of the plan or Test Case.',
        }),
      );
      continue;
    }
    if (session.missingVariables(step).length) {
      steps.push(await session.step(step, index));
      continue;
    }
    await o.onStepStart?.(index);
    const result = await session.step(step, index);
    steps.push(result);
    await o.onStepDone?.(result);
  }
  await session.probe();
  const demonstrated = steps.some((s) => s.status === 'failed' && s.diagnosis?.category === 'application');
  const outcome =
    session.hasBlockingFindings() || demonstrated
      ? 'failed'
      : steps.length && steps.every((s) => s.status === 'passed')
        ? 'passed'
        : 'unverified';
  return { steps, outcome, result: session.result() };
}
