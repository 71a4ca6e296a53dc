import type { RunnerActivities } from '../../workflows/contracts';
import { apiEngine } from '../api-runner/engine';
import type { ApiHostDeps } from '../api-runner/setup';
import type { ActivityDeps } from '../deps';
import { runAttempt } from './attempt';

export type ApiRunnerDeps = ActivityDeps & ApiHostDeps;

/** The API runner activity (task queue `runner-api`): the attempt with the API engine. */
export function apiRunnerActivities(deps: ApiRunnerDeps): RunnerActivities {
  const engine = apiEngine(deps);
  return { executeRun: (runId: string) => runAttempt(engine, deps, runId) };
}
