import { runnerQueue, type Config } from '../../core/config';
import type { Run } from '../../db/entities/runs';
import { referencedValues } from '../../core/steps';
import type { RunWorkflowInput } from '../../workflows/contracts';

/** The workflow input of a recorded Run: ids and settings only, never a value. */
export function runWorkflowInput(deps: { config: Config }, run: Run): RunWorkflowInput {
  return {
    runId: run.id,
    orgId: run.orgId,
    runnerTaskQueue: runnerQueue(deps.config, run.platforms[0], referencedValues(run.steps).length > 0),
    maxAttempts: deps.config.RUN_MAX_ATTEMPTS,
    scheduleToStartMs: ['web', 'api'].includes(run.platforms[0]) ? 5 * 60_000 : deps.config.MOBILE_SCHEDULE_TO_START_MS,
    ...(run.platforms[0] === 'api' ? { assurance: true } : {}),
  };
}
