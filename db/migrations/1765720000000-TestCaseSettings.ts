import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A Test Case's own Run settings (issue 77: its accessibility check); NULL when it has none. */
export class TestCaseSettings1765720000000 implements MigrationInterface {
  name = 'TestCaseSettings1765720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE test_cases ADD COLUMN settings MEDIUMTEXT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE test_cases DROP COLUMN settings');
  }
}
