import type { EntityManager } from 'typeorm';
import type { RunStatus } from '../entities/runs';
import { terminalStatuses } from './runs';

const ended = terminalStatuses.map((s) => `'${s}'`).join(',');
/** Most environments one history answers for, so its size has a bound however widely a case ran. */
export const HISTORY_MAX_ENVIRONMENTS = 50;
/** Most Runs per environment one history shows. */
export const HISTORY_MAX_WINDOW = 50;

/** One ended Run of a Test Case, as its history strip shows it. */
export interface HistoryRun {
  id: string;
  environmentSlug: string | null;
  status: RunStatus;
  flaky: boolean;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

/** The step of a Test Case that failed in the most of its recent Runs. */
export interface FailingStepRow {
  stepIndex: number;
  action: string;
  target: string | null;
  failures: number;
}

/** A Test Case's recent record, read from its Runs and their steps (nothing stored beside them). */
export const caseHistoryRepository = {
  /** The `window` newest ended Runs of the case in each environment, newest first within each. */
  async recentRuns(db: EntityManager, orgId: string, testCaseId: string, window: number): Promise<HistoryRun[]> {
    const rows: Record<string, unknown>[] = await db.query(
      `SELECT id, environment_slug, status, flaky, created_at, started_at, finished_at FROM (
         SELECT id, environment_slug, status, flaky, created_at, started_at, finished_at,
                ROW_NUMBER() OVER (PARTITION BY environment_slug ORDER BY id DESC) AS n
           FROM runs WHERE org_id = ? AND test_case_id = ? AND status IN (${ended})) r
        WHERE n <= ? ORDER BY environment_slug, id DESC LIMIT ${HISTORY_MAX_ENVIRONMENTS * HISTORY_MAX_WINDOW}`,
      [orgId, testCaseId, window],
    );
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return rows.map((r) => ({
      id: String(r.id),
      environmentSlug: (r.environment_slug as string | null) ?? null,
      status: r.status as RunStatus,
      flaky: Boolean(Number(r.flaky)),
      createdAt: Number(r.created_at),
      startedAt: num(r.started_at),
      finishedAt: num(r.finished_at),
    }));
  },

  /** Of these Runs' steps, the one that failed most often (ties: the earlier step). */
  async mostFailingStep(db: EntityManager, runIds: string[]): Promise<FailingStepRow | null> {
    if (!runIds.length) return null;
    const rows: Record<string, unknown>[] = await db.query(
      `SELECT step_index, action, LEFT(target, 200) AS target, COUNT(*) AS failures
         FROM run_steps WHERE run_id IN (${runIds.map(() => '?').join(',')}) AND status = 'failed'
        GROUP BY step_index, action, LEFT(target, 200)
        ORDER BY failures DESC, step_index LIMIT 1`,
      runIds,
    );
    const [r] = rows;
    if (!r) return null;
    return {
      stepIndex: Number(r.step_index),
      action: String(r.action),
      target: (r.target as string | null) ?? null,
      failures: Number(r.failures),
    };
  },
};
