import type { RunnerActivities } from '../../workflows/contracts';
import type { ActivityDeps } from '../deps';
import { mobileEngine, type MobileEngineDeps } from '../engines/mobile/engine';
import { runAttempt } from './attempt';

export type MobileRunnerDeps = ActivityDeps & MobileEngineDeps;

/**
 * The mobile runner activity (android or ios): the attempt with the mobile engine. A new attempt
 * opens a new session and replays the steps before the resume point to rebuild the app's state.
 */
export function mobileRunnerActivities(deps: MobileRunnerDeps): RunnerActivities {
  const engine = mobileEngine(deps);
  return { executeRun: (runId: string) => runAttempt(engine, deps, runId) };
}
