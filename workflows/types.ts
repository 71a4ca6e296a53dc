/** Inputs and results of the workflows: ids and names only, never a secret value. */

export interface RunWorkflowInput {
  runId: string;
  orgId: string;
  /** The runner task queue of the Run's platform, e.g. `runner-web`. */
  runnerTaskQueue: string;
  /** Attempts of the runner activity before the Run is `invalid`. */
  maxAttempts: number;
  /** How long a Run may wait for a runner to pick it up, per attempt. */
  scheduleToStartMs: number;
}

export interface PlanGroupWorkflowInput {
  planGroupId: string;
  orgId: string;
  runs: RunWorkflowInput[];
  /** How many member Runs execute at once (Temporal bounds pending children per workflow). */
  window: number;
}

export type RunOutcome = 'passing' | 'failed' | 'unverified' | 'canceled' | 'invalid';

export interface Diagnosis { category: string; suggestedAction: string; reason?: string }

/** What the runner activity reports back: an outcome, never page content. */
export interface RunnerResult {
  outcome: 'passed' | 'failed' | 'unverified';
  flaky: boolean;
  diagnosis?: Diagnosis;
}

/** prepareRun's answer; with no missing values the Run is already marked running. */
export interface PreparedRun {
  /** Names of runtime values the steps reference that neither the Run nor its Environment holds. */
  missingValues: string[];
}

/** The activities as workflows see them (types only: workflows never import implementations). */
export interface OrchestrationActivities {
  prepareRun(runId: string): Promise<PreparedRun>;
  recordRunState(runId: string, state: { status: 'running' | 'retrying' | RunOutcome; attempt?: number; flaky?: boolean; diagnosis?: Diagnosis }): Promise<void>;
}

export interface RunnerActivities {
  executeRun(runId: string): Promise<RunnerResult>;
}
