import type { EntityManager } from 'typeorm';
import type { Step } from '../../core/steps';

/** One saved version of a Test Case: its name and steps as saved, who saved them and when. */
export interface TestCaseRevision {
  testCaseId: string;
  version: number;
  name: string;
  steps: Step[];
  /** Null for the version a case had before versions were kept. */
  changedBy: { kind: 'api_key' | 'oauth'; subject: string } | null;
  createdAt: number;
}

const fromRow = (r: Record<string, unknown>): TestCaseRevision => ({
  testCaseId: String(r.test_case_id),
  version: Number(r.version),
  name: String(r.name),
  steps: JSON.parse(String(r.steps)) as Step[],
  changedBy: r.changed_by ? { kind: r.changed_by_kind as 'api_key' | 'oauth', subject: String(r.changed_by) } : null,
  createdAt: Number(r.created_at),
});

/** The history of every Test Case: a version per save (test_case.create, test_case.update_steps). */
export const testCaseRevisions = {
  /** Records the next version of a case in the caller's transaction (after the case row is locked or new). */
  async record(
    db: EntityManager,
    row: { orgId: string; testCaseId: string; name: string; steps: Step[]; at: number },
    by: { kind: 'api_key' | 'oauth'; subject: string },
  ): Promise<number> {
    const [{ next }] = await db.query(
      'SELECT COALESCE(MAX(version), 0) + 1 AS next FROM test_case_revisions WHERE test_case_id = ?',
      [row.testCaseId],
    );
    await db.query(
      `INSERT INTO test_case_revisions (test_case_id, version, org_id, name, steps, changed_by_kind, changed_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [row.testCaseId, Number(next), row.orgId, row.name, JSON.stringify(row.steps), by.kind, by.subject, row.at],
    );
    return Number(next);
  },

  /** The newest versions of one of the organization's cases, newest first, below `before` when given. */
  async list(
    db: EntityManager,
    orgId: string,
    testCaseId: string,
    page: { before?: number; limit: number },
  ): Promise<TestCaseRevision[]> {
    const rows: Record<string, unknown>[] = await db.query(
      `SELECT * FROM test_case_revisions WHERE org_id = ? AND test_case_id = ? AND version < ?
        ORDER BY version DESC LIMIT ?`,
      [orgId, testCaseId, page.before ?? 2 ** 31, page.limit],
    );
    return rows.map(fromRow);
  },

  /** The current version of each case (0 for one with none recorded). */
  async current(db: EntityManager, testCaseIds: string[]): Promise<Map<string, number>> {
    if (!testCaseIds.length) return new Map();
    const rows: Array<{ test_case_id: string; v: number | string }> = await db.query(
      `SELECT test_case_id, MAX(version) AS v FROM test_case_revisions
        WHERE test_case_id IN (${testCaseIds.map(() => '?').join(',')}) GROUP BY test_case_id`,
      testCaseIds,
    );
    return new Map(rows.map((r) => [r.test_case_id, Number(r.v)]));
  },
};
