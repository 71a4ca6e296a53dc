import { In, type EntityManager } from 'typeorm';
import { DEFAULT_QUARANTINE_POLICY, type CountedRun, type QuarantinePolicy } from '../../core/quarantine';
import {
  QuarantineEntity,
  QuarantineEventEntity,
  QuarantinePolicyEntity,
  type Quarantine,
  type QuarantineEvent,
} from '../entities/quarantine';
import { terminalStatuses } from './runs';

const ended = terminalStatuses.map((s) => `'${s}'`).join(',');

/** Quarantined Test Cases, their history and each organization's policy. */
export const quarantineRepository = {
  async get(db: EntityManager, orgId: string, testCaseId: string): Promise<Quarantine | null> {
    return db.getRepository(QuarantineEntity).findOneBy({ orgId, testCaseId });
  },

  async ofCases(db: EntityManager, orgId: string, testCaseIds: string[]): Promise<Map<string, Quarantine>> {
    if (!testCaseIds.length) return new Map();
    const rows = await db.getRepository(QuarantineEntity).findBy({ orgId, testCaseId: In([...new Set(testCaseIds)]) });
    return new Map(rows.map((r) => [r.testCaseId, r]));
  },

  /** Quarantines a case and records the event; false when it already was (nothing written). */
  async put(db: EntityManager, quarantine: Quarantine, event: QuarantineEvent): Promise<boolean> {
    const result = await db
      .createQueryBuilder()
      .insert()
      .into(QuarantineEntity)
      .values(quarantine)
      .orIgnore()
      .execute();
    if (!(result.raw as { affectedRows?: number }).affectedRows) return false;
    await db.getRepository(QuarantineEventEntity).insert(event);
    return true;
  },

  /** Releases a case and records the event; false when it was not quarantined. */
  async release(db: EntityManager, orgId: string, testCaseId: string, event: QuarantineEvent): Promise<boolean> {
    const result = await db.getRepository(QuarantineEntity).delete({ orgId, testCaseId });
    if (!result.affected) return false;
    await db.getRepository(QuarantineEventEntity).insert(event);
    return true;
  },

  async event(db: EntityManager, id: string): Promise<QuarantineEvent | null> {
    return db.getRepository(QuarantineEventEntity).findOneBy({ id });
  },

  /** When the case was last released (its earlier Runs no longer count toward the policy). */
  async lastReleasedAt(db: EntityManager, testCaseId: string): Promise<number> {
    const [row]: Array<{ at: string | null }> = await db.query(
      "SELECT MAX(at) AS at FROM quarantine_events WHERE test_case_id = ? AND kind = 'released'",
      [testCaseId],
    );
    return row?.at ? Number(row.at) : 0;
  },

  /** The case's ended Runs that finished after `after`, newest first, at most `take`. */
  async recentRuns(db: EntityManager, testCaseId: string, after: number, take: number): Promise<CountedRun[]> {
    const rows: Array<{ status: string; flaky: number }> = await db.query(
      `SELECT status, flaky FROM runs
        WHERE test_case_id = ? AND status IN (${ended}) AND finished_at > ?
        ORDER BY finished_at DESC, id DESC LIMIT ?`,
      [testCaseId, after, take],
    );
    return rows.map((r) => ({ passed: r.status === 'passing', flaky: Number(r.flaky) === 1 }));
  },

  /** Marks the just-queued Runs whose Test Case is in quarantine (inside the queuing transaction). */
  async markQueued(db: EntityManager, runIds: string[]): Promise<void> {
    if (!runIds.length) return;
    await db.query(
      `UPDATE runs r JOIN test_case_quarantines q ON q.test_case_id = r.test_case_id AND q.org_id = r.org_id
          SET r.quarantined = 1 WHERE r.id IN (?)`,
      [runIds],
    );
  },

  async policy(db: EntityManager, orgId: string): Promise<QuarantinePolicy> {
    const row = await db.getRepository(QuarantinePolicyEntity).findOneBy({ orgId });
    if (!row) return DEFAULT_QUARANTINE_POLICY;
    return {
      enabled: row.enabled,
      flakyPasses: row.flakyPasses,
      window: row.window,
      releaseAfterCleanPasses: row.releaseAfterCleanPasses,
    };
  },

  async putPolicy(db: EntityManager, orgId: string, policy: QuarantinePolicy): Promise<void> {
    await db.getRepository(QuarantinePolicyEntity).upsert({ orgId, ...policy, updatedAt: Date.now() }, ['orgId']);
  },
};
