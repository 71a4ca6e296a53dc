import type { EntityManager } from 'typeorm';
import { readQuery } from './query';

/**
 * Each organization's Test Case version: raised by every write to its Test Cases, in the write's
 * transaction, so a reader that sees a version sees every write it counts. In-memory answers are
 * kept against it (api/endpoints/test-cases/versioned-answers.ts).
 */
export const testCaseVersions = {
  /** Inside the writing transaction, after the write: its row lock orders concurrent writers. */
  async raise(db: EntityManager, orgId: string): Promise<void> {
    await db.query(
      'INSERT INTO test_case_versions (org_id, version) VALUES (?, 1) ON DUPLICATE KEY UPDATE version = version + 1',
      [orgId],
    );
  },

  /** 0 for an organization that never wrote a Test Case. */
  async read(db: EntityManager, orgId: string): Promise<number> {
    const rows = await readQuery<{ version: string | number }>(
      db,
      'SELECT version FROM test_case_versions WHERE org_id = ?',
      [orgId],
      true,
    );
    return rows.length ? Number(rows[0].version) : 0;
  },
};
