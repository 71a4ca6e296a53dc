import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accessibility checks (issue 77): each web Run's mode, snapshotted when queued; findings live in run_steps.observed. */
export class AccessibilityChecks1765500000000 implements MigrationInterface {
  name = 'AccessibilityChecks1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE runs ADD COLUMN accessibility_settings MEDIUMTEXT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE runs DROP COLUMN accessibility_settings');
  }
}
