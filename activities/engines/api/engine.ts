import type { Engine } from '../shared/contract';
import { runApiSteps } from './execute';
import { apiSessionFor, type ApiHostDeps } from './setup';
import type { ApiObserved } from './types';

/**
 * The API engine: a session is the Run's document, identities and variables (setup.ts). Its steps
 * all run, even after a failed check, and the steps it skips never start, so they come back
 * unreported; the probes and findings come back as the Run's assurance result.
 */
export function apiEngine(deps: ApiHostDeps): Engine<ApiObserved> {
  return {
    platform: 'api',
    target: 'api',
    async open(run, { redactor, signal }) {
      const { options } = await apiSessionFor(deps, run, redactor, signal);
      return {
        async run({ steps, onStepStart, onStepDone }) {
          // No resume point: a new attempt sends every request again, and each step's record is replaced.
          const ran = await runApiSteps({ ...options, steps, onStepStart, onStepDone });
          return {
            steps: ran.steps,
            outcome: ran.outcome,
            unreported: ran.steps.filter((s) => s.status === 'skipped'),
            assurance: () => Promise.resolve(ran.result),
          };
        },
      };
    },
  };
}
