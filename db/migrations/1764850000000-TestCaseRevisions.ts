import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every saved version of a Test Case's name and steps, with who saved it and when: editing a case
 * keeps its history, and a Run records the version it ran. Existing cases become their version 1
 * (by whom unknown: they were saved before versions were kept).
 */
export class TestCaseRevisions1764850000000 implements MigrationInterface {
  name = 'TestCaseRevisions1764850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE test_case_revisions (
      test_case_id VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      version INT UNSIGNED NOT NULL,
      org_id VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      name VARCHAR(200) NOT NULL,
      steps LONGTEXT NOT NULL,
      changed_by_kind VARCHAR(16) CHARACTER SET ascii NULL,
      changed_by VARCHAR(255) NULL,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (test_case_id, version)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`INSERT INTO test_case_revisions (test_case_id, version, org_id, name, steps, created_at)
      SELECT id, 1, org_id, name, steps, updated_at FROM test_cases`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE test_case_revisions');
  }
}
