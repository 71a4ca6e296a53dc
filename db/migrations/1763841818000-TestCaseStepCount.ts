import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The step count of a Test Case, stored beside its steps and kept by MySQL itself (a stored
 * generated column): test_case.list returns it for every row, and counting with JSON_LENGTH at
 * read time cost MariaDB about a quarter of the list's statement. Writers need not know it.
 */
export class TestCaseStepCount1763841818000 implements MigrationInterface {
  name = 'TestCaseStepCount1763841818000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE test_cases ADD COLUMN step_count INT GENERATED ALWAYS AS (JSON_LENGTH(steps)) STORED AFTER steps',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE test_cases DROP COLUMN step_count');
  }
}
