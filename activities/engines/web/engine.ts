import type { Browser } from 'playwright-core';
import type { ApiRunResult } from '../../../core/assurance';
import type { Config } from '../../../core/config';
import { runnerEgress } from '../../../core/egress';
import { isApiStep } from '../../../core/steps';
import type { Run } from '../../../db/entities/runs';
import type { Engine } from '../shared/contract';
import type { ContextSource } from './browser';
import type { Redactor } from '../shared/redactor';
import type { Observed } from '../shared/result';
import { runWebSteps, type MixedRunApiSteps } from './web';

/** A mixed Run's API side as the web engine uses it: its steps, then its probes and assurance result. */
export interface MixedRunApi extends MixedRunApiSteps {
  probe(): Promise<void>;
  result(): ApiRunResult;
}

export interface WebEngineDeps {
  config: Config;
  /** The worker's shared Chromium; each Run gets its own context inside it. */
  browser(): Promise<Browser>;
  /** The worker's context pool (fresh context per Run, one kept warm while idle); without it each Run opens its own. */
  contexts?: ContextSource;
  /** Opens a mixed Run's API side (the API engine's session, given by the activity: no engine imports another). */
  mixedRunApi(run: Run, redactor: Redactor, signal: AbortSignal): Promise<MixedRunApi>;
}

/**
 * The web engine (Chromium): a session is a fresh browser context. A mixed Run (platforms web and
 * api) runs its API steps here too, in order, with one set of variables; its API side's probes and
 * assurance result come back with the steps. The Run's trace comes back when RUNNER_TRACE keeps one.
 */
export function webEngine(deps: WebEngineDeps): Engine<Observed> {
  const { config } = deps;
  return {
    platform: 'web',
    target: 'web',
    async open(run, attempt) {
      const { redactor, signal } = attempt;
      const api = run.steps.some(isApiStep) ? await deps.mixedRunApi(run, redactor, signal) : null;
      const compareScreenshot = await attempt.visualComparer();
      const accessibility = await attempt.accessibilityCheck?.();
      return {
        async run({ steps, startAtStep, onStepStart, onStepDone }) {
          attempt.beat();
          const result = await runWebSteps({
            egress: runnerEgress(config),
            ...(api ? { api } : {}),
            ...(compareScreenshot ? { compareScreenshot } : {}),
            ...(accessibility ? { accessibility } : {}),
            baseUrl: attempt.baseUrl,
            steps,
            browser: await deps.browser(),
            ...(deps.contexts ? { contexts: deps.contexts } : {}),
            trace: config.RUNNER_TRACE,
            // Only a Run that asks for a video pays for encoding one.
            ...(run.recordVideo && { videoWith: config.FFMPEG_PATH }),
            redactor,
            signal,
            startAtStep,
            resolveValue: attempt.resolveValue,
            onStepStart,
            onStepDone,
          });
          if (!api) return result;
          return {
            ...result,
            assurance: async () => {
              await api.probe();
              return api.result();
            },
          };
        },
      };
    },
  };
}
