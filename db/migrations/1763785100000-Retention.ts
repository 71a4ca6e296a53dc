import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Retention: one policy row per organization (absent: the defaults), and on each Run when it was
 * pinned (kept whatever its age) and when its media expired (evidence then says so instead of
 * linking). Indexes let the daily purge find old Runs and delivery-log rows by age.
 */
export class Retention1763785100000 implements MigrationInterface {
  name = 'Retention1763785100000';

  async up(q: QueryRunner): Promise<void> {
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
    const id = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
    await q.query(`CREATE TABLE retention_policies (
      org_id ${id} NOT NULL PRIMARY KEY,
      media_days INT NOT NULL,
      non_passing_media_days INT NOT NULL,
      run_days INT NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL) ${table}`);
    await q.query('ALTER TABLE runs ADD COLUMN pinned_at BIGINT NULL, ADD COLUMN media_expired_at BIGINT NULL');
    await q.query('CREATE INDEX idx_runs_created ON runs (created_at)');
    await q.query('CREATE INDEX ix_webhook_attempts_started ON webhook_attempts (started_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX ix_webhook_attempts_started ON webhook_attempts');
    await q.query('DROP INDEX idx_runs_created ON runs');
    await q.query('ALTER TABLE runs DROP COLUMN media_expired_at, DROP COLUMN pinned_at');
    await q.query('DROP TABLE IF EXISTS retention_policies');
  }
}
