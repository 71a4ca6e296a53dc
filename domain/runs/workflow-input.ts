import { runnerQueue, type Config } from '../../core/config';
import type { Run } from '../../db/entities/runs';
import { isApiStep, referencedValues } from '../../core/steps';
import type { RunWorkflowInput } from '../../workflows/contracts';

/**
 * The runner a Run goes to: a Run with web steps on a web platform goes to the web runner, which
 * also runs the API steps of a mixed Run (platforms web and api) in order; otherwise the runner
 * of its first platform.
 */
export function runnerPlatformOf(run: Pick<Run, 'platforms' | 'steps'>): string {
  const mixed = run.platforms.includes('web') && run.platforms.includes('api');
  if (mixed && run.steps.some((s) => !isApiStep(s))) return 'web';
  return run.platforms[0];
}

/** The workflow input of a recorded Run: ids and settings only, never a value. */
export function runWorkflowInput(deps: { config: Config }, run: Run): RunWorkflowInput {
  const platform = runnerPlatformOf(run);
  return {
    runId: run.id,
    orgId: run.orgId,
    runnerTaskQueue: runnerQueue(deps.config, platform, referencedValues(run.steps).length > 0),
    maxAttempts: deps.config.RUN_MAX_ATTEMPTS,
    scheduleToStartMs: ['web', 'api'].includes(platform)
      ? deps.config.WEB_SCHEDULE_TO_START_MS
      : deps.config.MOBILE_SCHEDULE_TO_START_MS,
    heartbeatTimeoutMs: deps.config.RUNNER_HEARTBEAT_TIMEOUT_MS,
    ...(run.platforms.includes('api') && run.steps.some(isApiStep) ? { assurance: true } : {}),
  };
}
