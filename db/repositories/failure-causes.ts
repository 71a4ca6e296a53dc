import type { EntityManager } from 'typeorm';
import type { RunStatus } from '../entities/runs';

/** Most Runs one read groups (the newest of its window), so a read's cost has a bound whatever the window holds. */
export const FAILURE_CAUSES_MAX_RUNS = 5_000;
/** Runs listed behind each cause, newest first (the count covers them all). */
export const RUNS_PER_CAUSE = 10;
/** Ended without a pass or a cancel: what a person looks into (a try of unsaved steps, with neither case nor plan, is left out). */
export const FAILING_STATUSES: RunStatus[] = ['failed', 'unverified', 'invalid'];

/** One Run behind a cause, with its cause's totals (every Run of a cause carries the same totals). */
export interface CauseRunRow {
  testCaseId: string | null;
  testPlanId: string | null;
  /** Null when the Run failed before any step (a Run-level diagnosis, e.g. a missing Environment value). */
  stepIndex: number | null;
  action: string | null;
  target: string | null;
  category: string | null;
  suggestedAction: string | null;
  runId: string;
  status: RunStatus;
  seenAt: number;
  runs: number;
  firstSeenAt: number;
  lastSeenAt: number;
}

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const json = (column: string, path: string) => `JSON_UNQUOTE(JSON_EXTRACT(${column}, '$.${path}'))`;
/** The columns that make two failures the same cause. */
const KEY = 'owner, step_key, action, target, category, advice';

/** Failures grouped by cause: the same first failing step of the same case (or plan) with the same diagnosis. */
export const failureCausesRepository = {
  /**
   * The Runs behind the `limit` causes with the most Runs since `sinceId` (the newest
   * `RUNS_PER_CAUSE` of each), ordered by cause (most Runs, then latest seen) and newest Run first.
   */
  async causes(db: EntityManager, orgId: string, sinceId: string, limit: number): Promise<CauseRunRow[]> {
    const rows: Record<string, unknown>[] = await db.query(
      `WITH r AS (SELECT id, test_case_id, test_plan_id, status, diagnosis, COALESCE(finished_at, updated_at) AS seen_at
                    FROM runs WHERE org_id = ? AND id >= ? AND (test_case_id IS NOT NULL OR test_plan_id IS NOT NULL) AND status IN (${FAILING_STATUSES.map((s) => `'${s}'`).join(',')})
                   ORDER BY id DESC LIMIT ${FAILURE_CAUSES_MAX_RUNS}),
            first_failed AS (SELECT s.run_id, MIN(s.step_index) AS step_index
                               FROM run_steps s JOIN r ON r.id = s.run_id
                              WHERE s.status = 'failed' GROUP BY s.run_id),
            c AS (SELECT r.id, r.test_case_id, r.test_plan_id, r.status, r.seen_at,
                         COALESCE(r.test_case_id, r.test_plan_id, '') AS owner,
                         COALESCE(f.step_index, -1) AS step_key, COALESCE(s.action, '') AS action,
                         COALESCE(LEFT(s.target, 200), '') AS target,
                         COALESCE(${json('s.diagnosis', 'category')}, ${json('r.diagnosis', 'category')}, '') AS category,
                         COALESCE(LEFT(${json('s.diagnosis', 'suggestedAction')}, 500),
                                  LEFT(${json('r.diagnosis', 'suggestedAction')}, 500), '') AS advice
                    FROM r LEFT JOIN first_failed f ON f.run_id = r.id
                           LEFT JOIN run_steps s ON s.run_id = f.run_id AND s.step_index = f.step_index),
            g AS (SELECT c.*, COUNT(*) OVER (PARTITION BY ${KEY}) AS runs,
                         MIN(seen_at) OVER (PARTITION BY ${KEY}) AS first_seen,
                         MAX(seen_at) OVER (PARTITION BY ${KEY}) AS last_seen,
                         ROW_NUMBER() OVER (PARTITION BY ${KEY} ORDER BY id DESC) AS n
                    FROM c)
       SELECT * FROM g WHERE n <= ${RUNS_PER_CAUSE}
        ORDER BY runs DESC, last_seen DESC, ${KEY}, n
        LIMIT ?`,
      [orgId, sinceId, limit * RUNS_PER_CAUSE],
    );
    return rows.map((r) => ({
      testCaseId: str(r.test_case_id),
      testPlanId: str(r.test_plan_id),
      stepIndex: Number(r.step_key) < 0 ? null : Number(r.step_key),
      action: str(r.action) || null,
      target: str(r.target) || null,
      category: str(r.category) || null,
      suggestedAction: str(r.advice) || null,
      runId: String(r.id),
      status: r.status as RunStatus,
      seenAt: Number(r.seen_at),
      runs: Number(r.runs),
      firstSeenAt: Number(r.first_seen),
      lastSeenAt: Number(r.last_seen),
    }));
  },
};
