import type { EntityManager } from 'typeorm';
import { terminalStatuses } from './runs';

const ended = terminalStatuses.map((s) => `'${s}'`).join(',');
const DAY_MS = 86_400_000;
/** Most Runs one read counts (the newest in its window), so a read's cost has a bound whatever the window holds. */
export const PASS_RATE_MAX_RUNS = 50_000;
export const SLOW_STEPS_MAX_RUNS = 5_000;

/** Ended Runs of one plan in one environment on one UTC day. */
export interface PassRateRow {
  testPlanId: string;
  environmentSlug: string | null;
  day: number;
  runs: number;
  passes: number;
}

/** One step of one Test Case or plan, over its recent runs. */
export interface SlowStepRow {
  testCaseId: string | null;
  testPlanId: string | null;
  stepIndex: number;
  action: string;
  target: string | null;
  runs: number;
  avgMs: number;
  maxMs: number;
}

/** Trends counted from the Runs themselves, bounded by a Run id floor (ids are time-ordered). */
export const insightsRepository = {
  /**
   * Ended plan Runs since `sinceId` by plan, environment and UTC day, for the `maxSeries` plan and
   * environment pairs with the most Runs (chosen here, over all of them: a cut of the day rows
   * before the choice dropped the busiest pairs whose ids sort late). At most `maxSeries` × 91 rows.
   */
  async passRate(db: EntityManager, orgId: string, sinceId: string, maxSeries: number): Promise<PassRateRow[]> {
    const rows: Record<string, unknown>[] = await db.query(
      `WITH r AS (SELECT test_plan_id, environment_slug, created_at, status FROM runs
                   WHERE org_id = ? AND id >= ? AND test_plan_id IS NOT NULL AND status IN (${ended})
                   ORDER BY id DESC LIMIT ${PASS_RATE_MAX_RUNS}),
            top AS (SELECT test_plan_id, environment_slug FROM r
                     GROUP BY test_plan_id, environment_slug
                     ORDER BY COUNT(*) DESC, test_plan_id, environment_slug
                     LIMIT ?)
       SELECT r.test_plan_id, r.environment_slug, FLOOR(r.created_at / ${DAY_MS}) AS day,
              COUNT(*) AS runs, SUM(r.status = 'passing') AS passes
         FROM r JOIN top ON top.test_plan_id = r.test_plan_id AND top.environment_slug <=> r.environment_slug
        GROUP BY r.test_plan_id, r.environment_slug, day
        ORDER BY r.test_plan_id, r.environment_slug, day`,
      [orgId, sinceId, maxSeries],
    );
    return rows.map((r) => ({
      testPlanId: String(r.test_plan_id),
      environmentSlug: (r.environment_slug as string | null) ?? null,
      day: Number(r.day) * DAY_MS,
      runs: Number(r.runs),
      passes: Number(r.passes),
    }));
  },

  /** The steps with the longest mean duration among Runs since `sinceId`, slowest first. */
  async slowSteps(db: EntityManager, orgId: string, sinceId: string, limit: number): Promise<SlowStepRow[]> {
    const rows: Record<string, unknown>[] = await db.query(
      `SELECT r.test_case_id, r.test_plan_id, s.step_index, s.action, LEFT(s.target, 200) AS target,
              COUNT(*) AS runs, AVG(s.duration_ms) AS avg_ms, MAX(s.duration_ms) AS max_ms
         FROM (SELECT id, test_case_id, test_plan_id FROM runs
                WHERE org_id = ? AND id >= ?
                  -- A try (unsaved steps, POST /api/runs/try) has neither: drafts are not the suite.
                  AND (test_case_id IS NOT NULL OR test_plan_id IS NOT NULL)
                ORDER BY id DESC LIMIT ${SLOW_STEPS_MAX_RUNS}) r
         JOIN run_steps s ON s.run_id = r.id
        WHERE s.duration_ms IS NOT NULL AND s.status IN ('passed', 'failed')
        GROUP BY r.test_case_id, r.test_plan_id, s.step_index, s.action, LEFT(s.target, 200)
        ORDER BY avg_ms DESC, max_ms DESC
        LIMIT ?`,
      [orgId, sinceId, limit],
    );
    return rows.map((r) => ({
      testCaseId: (r.test_case_id as string | null) ?? null,
      testPlanId: (r.test_plan_id as string | null) ?? null,
      stepIndex: Number(r.step_index),
      action: String(r.action),
      target: (r.target as string | null) ?? null,
      runs: Number(r.runs),
      avgMs: Math.round(Number(r.avg_ms)),
      maxMs: Number(r.max_ms),
    }));
  },
};
