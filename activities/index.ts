import type { ActivityDeps } from './deps';
import { orchestrationActivities } from './run/orchestration';
import { runnerActivities, type RunnerDeps } from './run/runner';
import { scanActivities } from './scan';
import { runRequestActivities } from './run-request';
import { planGenerationActivities } from './plan-generation';

/** Activities of the orchestration task queue. */
export function createOrchestrationActivities(deps: ActivityDeps) {
  return {
    ...orchestrationActivities(deps),
    ...scanActivities(deps),
    ...runRequestActivities(deps),
    ...planGenerationActivities(deps),
  };
}

/** Activities of a runner task queue (`runner-web`). */
export function createRunnerActivities(deps: RunnerDeps) {
  return { ...runnerActivities(deps) };
}

export type { ActivityDeps, RunnerDeps };
