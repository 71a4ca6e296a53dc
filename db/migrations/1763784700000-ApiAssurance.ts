import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API Runs and their assurance snapshots: a plan's settings (fuzz), the API settings a Run
 * snapshots when queued, the API runner's value-free observations of a Run, and the immutable
 * snapshot built from them.
 */
export class ApiAssurance1763784700000 implements MigrationInterface {
  name = 'ApiAssurance1763784700000';

  async up(q: QueryRunner): Promise<void> {
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
    const id = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
    await q.query('ALTER TABLE test_plans ADD COLUMN config MEDIUMTEXT NULL');
    await q.query('ALTER TABLE runs ADD COLUMN api_settings MEDIUMTEXT NULL');
    await q.query(`CREATE TABLE api_run_results (
      run_id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      test_plan_id ${id} NULL,
      environment_slug VARCHAR(100) NULL,
      passed TINYINT(1) NOT NULL,
      result MEDIUMTEXT NOT NULL,
      created_at BIGINT NOT NULL,
      KEY ix_api_results_baseline (org_id, test_plan_id, environment_slug, passed, created_at)) ${table}`);
    await q.query(`CREATE TABLE assurance_snapshots (
      run_id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      snapshot MEDIUMTEXT NOT NULL,
      generated_at BIGINT NOT NULL) ${table}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['assurance_snapshots', 'api_run_results']) await q.query(`DROP TABLE IF EXISTS ${t}`);
    await q.query('ALTER TABLE runs DROP COLUMN api_settings');
    await q.query('ALTER TABLE test_plans DROP COLUMN config');
  }
}
