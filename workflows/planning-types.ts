/** Inputs, results and activity types of the run request and plan generation workflows (ids only, no secrets). */
import type { RunWorkflowInput } from './types';

export interface RunRequestWorkflowInput {
  requestId: string;
  orgId: string;
  /** Attempts of the interpretation activity before the request fails. */
  interpretAttempts: number;
  /** The interpreter's own timeout; the activity gets a little more. */
  interpretTimeoutMs: number;
  /** Entry Runs that execute at once. */
  window: number;
}

export type RunRequestOutcome = 'completed' | 'rejected' | 'failed' | 'canceled';

/** The selection a request resolved to, before the matrix is built. */
export interface Interpretation {
  resolutionSource: 'structured' | 'interpreter';
  planIds: string[];
  environmentSlugs: string[];
  /** Platforms the Runs use; null: each plan's own. */
  platforms: string[] | null;
  /** Names or ids the caller gave explicitly that do not exist: the request is rejected. */
  invalidInput: string[];
  /** What the interpreter chose or the text named that does not exist: dropped, the rest goes on. */
  rejectionReasons: string[];
}

export interface QueuedRunRequest {
  status: 'queued' | 'rejected' | 'failed';
  runs: RunWorkflowInput[];
}

export interface RunRequestActivities {
  interpretRunRequest(requestId: string): Promise<Interpretation>;
  queueRunRequest(requestId: string, interpretation: Interpretation): Promise<QueuedRunRequest>;
  finishRunRequest(requestId: string, outcome: { status: 'completed' | 'failed' | 'canceled'; error?: string }): Promise<void>;
}

export interface PlanGenerationWorkflowInput {
  planId: string;
  orgId: string;
  attempts: number;
  timeoutMs: number;
}

export interface PlanGenerationActivities {
  /** Generates and saves the plan's steps (status ready); returns how many. */
  generatePlanSteps(planId: string): Promise<number>;
  failPlanGeneration(planId: string, reason: string): Promise<void>;
}
