import type { RunnerActivities } from '../../workflows/contracts';
import { apiSessionFor, type ApiHostDeps } from '../engines/api/setup';
import type { ActivityDeps } from '../deps';
import { webEngine, type WebEngineDeps } from '../engines/web/engine';
import { runAttempt } from './attempt';

export interface RunnerDeps extends ActivityDeps, ApiHostDeps, Omit<WebEngineDeps, 'mixedRunApi'> {}

/**
 * The web runner activity: the attempt with the web engine, whose mixed Runs take their API side
 * from the API engine's session (wired here, so neither engine imports the other).
 */
export function runnerActivities(deps: RunnerDeps): RunnerActivities {
  const engine = webEngine({
    ...deps,
    mixedRunApi: async (run, redactor, signal) => (await apiSessionFor(deps, run, redactor, signal)).session,
  });
  return { executeRun: (runId: string) => runAttempt(engine, deps, runId) };
}
