import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A counter per organization, raised in the same transaction as every write to its Test Cases:
 * an API process keeps test_case.list pages and test_case.get answers in memory and serves one
 * only while the counter is the one it read with it (db/repositories/test-case-versions.ts).
 */
export class TestCaseVersions1764300000000 implements MigrationInterface {
  name = 'TestCaseVersions1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE test_case_versions (
      org_id VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      version BIGINT UNSIGNED NOT NULL,
      PRIMARY KEY (org_id)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE test_case_versions');
  }
}
