import type { EntityManager } from 'typeorm';
import {
  CommitConnectionEntity,
  CommitReportEntity,
  type CommitConnection,
  type CommitReport,
} from '../entities/commit-reports';

/** GitHub connections and the reports of plan groups to their commits. */
export const commitReportRepository = {
  async connection(
    db: EntityManager,
    orgId: string,
    provider: CommitConnection['provider'] = 'github',
  ): Promise<CommitConnection | null> {
    return db.getRepository(CommitConnectionEntity).findOneBy({ orgId, provider });
  },

  /** Writes the organization's one connection of a provider (insert or replace), keeping its id. */
  async putConnection(db: EntityManager, connection: CommitConnection): Promise<CommitConnection> {
    const existing = await this.connection(db, connection.orgId, connection.provider);
    if (existing) {
      const { id: _id, orgId: _org, createdAt: _c, ...patch } = connection;
      await db.getRepository(CommitConnectionEntity).update({ id: existing.id }, patch);
    } else await db.getRepository(CommitConnectionEntity).insert(connection);
    return (await this.connection(db, connection.orgId, connection.provider))!;
  },

  async deleteConnection(
    db: EntityManager,
    orgId: string,
    provider: CommitConnection['provider'] = 'github',
  ): Promise<boolean> {
    const result = await db.getRepository(CommitConnectionEntity).delete({ orgId, provider });
    return (result.affected ?? 0) > 0;
  },

  /**
   * Runs `work` holding the group's report row (created if missing): two reports of one group
   * never talk to GitHub at once, so the check run is created once.
   */
  async withReport<T>(
    db: EntityManager,
    row: Omit<CommitReport, 'checkRunId' | 'stage'>,
    work: (report: CommitReport, tx: EntityManager) => Promise<T>,
  ): Promise<T> {
    await db.query(
      `INSERT IGNORE INTO commit_reports (plan_group_id, org_id, repository, commit_sha, stage, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'none', ?, ?)`,
      [row.planGroupId, row.orgId, row.repository, row.commitSha, row.createdAt, row.updatedAt],
    );
    return db.transaction(async (tx) => {
      await tx.query('SELECT plan_group_id FROM commit_reports WHERE plan_group_id = ? FOR UPDATE', [row.planGroupId]);
      const report = await tx.getRepository(CommitReportEntity).findOneByOrFail({ planGroupId: row.planGroupId });
      return work(report, tx);
    });
  },

  /**
   * The plan groups reported to a commit that a review may change: the group itself, or the latest
   * ten groups with a Run of the Test Case.
   */
  async reportedGroups(
    db: EntityManager,
    orgId: string,
    of: { planGroupId: string } | { testCaseId: string },
  ): Promise<string[]> {
    const rows: Array<{ plan_group_id: string }> =
      'planGroupId' in of
        ? await db.query('SELECT plan_group_id FROM commit_reports WHERE org_id = ? AND plan_group_id = ?', [
            orgId,
            of.planGroupId,
          ])
        : await db.query(
            `SELECT DISTINCT cr.plan_group_id FROM commit_reports cr JOIN runs r ON r.plan_group_id = cr.plan_group_id
             WHERE cr.org_id = ? AND r.org_id = ? AND r.test_case_id = ? ORDER BY cr.plan_group_id DESC LIMIT 10`,
            [orgId, orgId, of.testCaseId],
          );
    return rows.map((r) => r.plan_group_id);
  },

  async updateReport(db: EntityManager, planGroupId: string, patch: Partial<CommitReport>): Promise<void> {
    await db.getRepository(CommitReportEntity).update({ planGroupId }, patch);
  },
};
