import type { EntityManager } from 'typeorm';
import type { PlanGroupScheduling } from '../../core/scheduling';

/** A Test Case's recent record on one Environment, as the group's ordering reads it. */
export interface CaseRecord {
  /** Durations (ms) of its newest passed or failed Runs, newest first. */
  durationsMs: number[];
  /** Its newest Run with a verdict failed. */
  failedLast: boolean;
}

/** Most older groups one trigger supersedes: a bound on the work of one trigger. */
export const SUPERSEDE_MAX_GROUPS = 20;

/** The queries of plan group scheduling: history per case and Environment, the stored order, superseded groups. */
export const planSchedulingRepository = {
  /**
   * The `window` newest Runs with a verdict of each case on this Environment (no Environment: Runs
   * without one), read through the (org_id, test_case_id, id) index.
   */
  async caseRecords(
    db: EntityManager,
    query: { orgId: string; environmentSlug: string | null; testCaseIds: string[]; window: number },
  ): Promise<Map<string, CaseRecord>> {
    const records = new Map<string, CaseRecord>();
    const ids = [...new Set(query.testCaseIds)];
    if (!ids.length) return records;
    const rows: Record<string, unknown>[] = await db.query(
      `SELECT test_case_id, status, started_at, finished_at FROM (
         SELECT test_case_id, status, started_at, finished_at,
                ROW_NUMBER() OVER (PARTITION BY test_case_id ORDER BY id DESC) AS n
           FROM runs
          WHERE org_id = ? AND test_case_id IN (${ids.map(() => '?').join(',')})
            AND environment_slug <=> ? AND status IN ('passing', 'failed', 'unverified')) r
        WHERE n <= ? ORDER BY test_case_id, n`,
      [query.orgId, ...ids, query.environmentSlug, query.window],
    );
    for (const row of rows) {
      const caseId = String(row.test_case_id);
      let record = records.get(caseId);
      if (!record) {
        record = { durationsMs: [], failedLast: row.status === 'failed' };
        records.set(caseId, record);
      }
      const timed = row.started_at !== null && row.finished_at !== null;
      if (timed && (row.status === 'passing' || row.status === 'failed'))
        record.durationsMs.push(Math.max(0, Number(row.finished_at) - Number(row.started_at)));
    }
    return records;
  },

  /** Stores the group's order once: a retried activity keeps the first (the workflow already has it). */
  async putOrderOnce(db: EntityManager, groupId: string, scheduling: PlanGroupScheduling): Promise<void> {
    await db.query('UPDATE plan_groups SET scheduling = ? WHERE id = ? AND scheduling IS NULL', [
      JSON.stringify(scheduling),
      groupId,
    ]);
  },

  async put(db: EntityManager, groupId: string, scheduling: PlanGroupScheduling): Promise<void> {
    await db.query('UPDATE plan_groups SET scheduling = ? WHERE id = ?', [JSON.stringify(scheduling), groupId]);
  },

  /**
   * Older groups of the same plan, Environment and branch with a member not yet finished, newest
   * first: the groups a newer trigger supersedes.
   */
  async unfinishedOlder(
    db: EntityManager,
    group: { orgId: string; testPlanId: string; environmentSlug: string | null; branch: string | null; id: string },
  ): Promise<string[]> {
    const rows: { id: string }[] = await db.query(
      `SELECT g.id FROM plan_groups g
        WHERE g.org_id = ? AND g.test_plan_id = ? AND g.environment_slug <=> ? AND g.branch <=> ? AND g.id < ?
          AND EXISTS (SELECT 1 FROM runs r WHERE r.plan_group_id = g.id AND r.status IN ('queued', 'running', 'retrying'))
        ORDER BY g.id DESC LIMIT ${SUPERSEDE_MAX_GROUPS}`,
      [group.orgId, group.testPlanId, group.environmentSlug, group.branch, group.id],
    );
    return rows.map((r) => String(r.id));
  },
};
