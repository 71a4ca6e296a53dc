import type { EntityManager } from 'typeorm';
import {
  ApiRunResultEntity,
  AssuranceSnapshotEntity,
  type ApiRunResultRow,
  type AssuranceSnapshotRow,
} from '../entities/assurance';

/** API Run results and their assurance snapshots. */
export const assuranceRepository = {
  /** Records (or, for a retried attempt, replaces) the runner's result of a Run. */
  async putResult(db: EntityManager, row: ApiRunResultRow): Promise<void> {
    await db.query(
      `INSERT INTO api_run_results (run_id, org_id, test_plan_id, environment_slug, passed, result, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE passed = VALUES(passed), result = VALUES(result), created_at = VALUES(created_at)`,
      [
        row.runId,
        row.orgId,
        row.testPlanId,
        row.environmentSlug,
        row.passed ? 1 : 0,
        JSON.stringify(row.result),
        row.createdAt,
      ],
    );
  },

  async result(db: EntityManager, runId: string): Promise<ApiRunResultRow | null> {
    return db.getRepository(ApiRunResultEntity).findOneBy({ runId });
  },

  /** The newest passing API Run of the same plan and environment before this one: the baseline. */
  async baseline(db: EntityManager, row: ApiRunResultRow): Promise<ApiRunResultRow | null> {
    if (!row.testPlanId) return null;
    const qb = db
      .getRepository(ApiRunResultEntity)
      .createQueryBuilder('r')
      .where(
        'r.orgId = :orgId AND r.testPlanId = :plan AND r.passed = 1 AND r.createdAt < :before AND r.runId <> :runId',
        {
          orgId: row.orgId,
          plan: row.testPlanId,
          before: row.createdAt,
          runId: row.runId,
        },
      );
    if (row.environmentSlug) qb.andWhere('r.environmentSlug = :env', { env: row.environmentSlug });
    else qb.andWhere('r.environmentSlug IS NULL');
    return qb.orderBy('r.createdAt', 'DESC').limit(1).getOne();
  },

  /** Stores a snapshot once: a second build finds the first and leaves it as it is. */
  async putSnapshot(db: EntityManager, row: AssuranceSnapshotRow): Promise<AssuranceSnapshotRow> {
    await db.query(
      'INSERT IGNORE INTO assurance_snapshots (run_id, org_id, snapshot, generated_at) VALUES (?, ?, ?, ?)',
      [row.runId, row.orgId, JSON.stringify(row.snapshot), row.generatedAt],
    );
    return (await db.getRepository(AssuranceSnapshotEntity).findOneBy({ runId: row.runId }))!;
  },

  async snapshot(db: EntityManager, orgId: string, runId: string): Promise<AssuranceSnapshotRow | null> {
    return db.getRepository(AssuranceSnapshotEntity).findOneBy({ orgId, runId });
  },
};
