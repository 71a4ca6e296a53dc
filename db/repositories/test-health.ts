import type { EntityManager } from 'typeorm';
import { terminalStatuses } from './runs';

const ended = terminalStatuses.map((s) => `'${s}'`).join(',');

/** One Test Case's record in one environment over its most recent ended Runs. */
export interface HealthRow {
  testCaseId: string;
  environmentSlug: string | null;
  runs: number;
  passes: number;
  failures: number;
  flakyPasses: number;
  lastPassAt: number | null;
}

/** The ended Runs of Test Cases, numbered newest first within each case and environment. */
const recent = (where: string) => `
  SELECT test_case_id, environment_slug, status, flaky, finished_at,
         ROW_NUMBER() OVER (PARTITION BY test_case_id, environment_slug ORDER BY id DESC) AS n
    FROM runs
   WHERE org_id = ? AND ${where} AND status IN (${ended})`;

const totals = `test_case_id, environment_slug, COUNT(*) AS runs,
  SUM(status = 'passing') AS passes, SUM(status = 'failed') AS failures,
  SUM(status = 'passing' AND flaky = 1) AS flaky_passes,
  MAX(CASE WHEN status = 'passing' THEN finished_at END) AS last_pass_at`;

function toRow(r: Record<string, unknown>): HealthRow {
  return {
    testCaseId: String(r.test_case_id),
    environmentSlug: (r.environment_slug as string | null) ?? null,
    runs: Number(r.runs),
    passes: Number(r.passes),
    failures: Number(r.failures),
    flakyPasses: Number(r.flaky_passes),
    lastPassAt: r.last_pass_at === null ? null : Number(r.last_pass_at),
  };
}

/** Test Case health from the Runs themselves: nothing is stored beside them, so it cannot drift. */
export const testHealthRepository = {
  /** A Test Case's health per environment over its `window` most recent ended Runs in each. */
  async ofCase(db: EntityManager, orgId: string, testCaseId: string, window: number): Promise<HealthRow[]> {
    const rows: Record<string, unknown>[] = await db.query(
      `SELECT ${totals} FROM (${recent('test_case_id = ?')}) r WHERE n <= ?
        GROUP BY test_case_id, environment_slug ORDER BY environment_slug LIMIT 1000`,
      [orgId, testCaseId, window],
    );
    return rows.map(toRow);
  },

  /**
   * The organization's flakiest Test Cases (per environment): those with a flaky pass among their
   * `window` most recent ended Runs, by flake rate, then by flaky passes; one page.
   */
  async flakiest(
    db: EntityManager,
    orgId: string,
    window: number,
    offset: number,
    limit: number,
  ): Promise<HealthRow[]> {
    const rows: Record<string, unknown>[] = await db.query(
      `SELECT ${totals} FROM (${recent('test_case_id IS NOT NULL')}) r WHERE n <= ?
        GROUP BY test_case_id, environment_slug
       HAVING flaky_passes > 0
        ORDER BY SUM(status = 'passing' AND flaky = 1) / COUNT(*) DESC, flaky_passes DESC, test_case_id, environment_slug
        LIMIT ? OFFSET ?`,
      [orgId, window, limit, offset],
    );
    return rows.map(toRow);
  },
};
