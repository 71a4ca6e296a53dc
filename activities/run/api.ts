import type { RunnerActivities } from '../../workflows/contracts';
import { apiEngine } from '../engines/api/engine';
import type { ApiHostDeps } from '../engines/api/setup';
import type { ActivityDeps } from '../deps';
import { runAttempt } from './attempt';

export type ApiRunnerDeps = ActivityDeps & ApiHostDeps;

/** The API runner activity (task queue `runner-api`): the attempt with the API engine. */
export function apiRunnerActivities(deps: ApiRunnerDeps): RunnerActivities {
  const engine = apiEngine(deps);
  return { executeRun: (runId: string) => runAttempt(engine, deps, runId) };
}
