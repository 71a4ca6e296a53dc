import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Runs, their per-step logs and media, plan groups, and run-scoped runtime values (sealed).
 * `cursor` grows on every change of a Run or of one of its steps, for long-polling.
 */
export class Runs1763784200000 implements MigrationInterface {
  name = 'Runs1763784200000';

  async up(q: QueryRunner): Promise<void> {
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
    const id = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
    await q.query(`CREATE TABLE plan_groups (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      test_plan_id ${id} NOT NULL,
      run_count INT NOT NULL,
      created_at BIGINT NOT NULL,
      KEY idx_plan_groups_org_id (org_id, id)) ${table}`);
    await q.query(`CREATE TABLE runs (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      test_case_id ${id} NULL,
      test_plan_id ${id} NULL,
      plan_group_id ${id} NULL,
      environment_id ${id} NULL,
      environment_slug VARCHAR(100) NULL,
      status VARCHAR(20) NOT NULL,
      flaky TINYINT(1) NOT NULL DEFAULT 0,
      cursor_value BIGINT NOT NULL DEFAULT 1,
      attempt INT NOT NULL DEFAULT 0,
      platforms MEDIUMTEXT NOT NULL,
      targets MEDIUMTEXT NOT NULL,
      steps MEDIUMTEXT NOT NULL,
      trigger_info MEDIUMTEXT NOT NULL,
      branch VARCHAR(255) NULL,
      diagnosis MEDIUMTEXT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      started_at BIGINT NULL,
      finished_at BIGINT NULL,
      KEY idx_runs_org_id (org_id, id),
      KEY idx_runs_org_status_id (org_id, status, id),
      KEY idx_runs_org_case_id (org_id, test_case_id, id),
      KEY idx_runs_org_env_id (org_id, environment_slug, id),
      KEY idx_runs_org_branch_id (org_id, branch, id),
      KEY idx_runs_plan_group (plan_group_id)) ${table}`);
    await q.query(`CREATE TABLE run_steps (
      run_id ${id} NOT NULL,
      step_index INT NOT NULL,
      action VARCHAR(20) NOT NULL,
      target VARCHAR(2000) NULL,
      platform VARCHAR(20) NOT NULL,
      status VARCHAR(20) NOT NULL,
      reason TEXT NULL,
      observed MEDIUMTEXT NULL,
      expectation TEXT NULL,
      verdict_source VARCHAR(20) NULL,
      postcondition_proven TINYINT(1) NOT NULL DEFAULT 0,
      recovery_count INT NOT NULL DEFAULT 0,
      diagnosis MEDIUMTEXT NULL,
      duration_ms INT NULL,
      updated_at BIGINT NOT NULL,
      PRIMARY KEY (run_id, step_index)) ${table}`);
    await q.query(`CREATE TABLE run_media (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      run_id ${id} NOT NULL,
      step_index INT NOT NULL,
      kind VARCHAR(20) NOT NULL,
      storage_key VARCHAR(500) NOT NULL,
      content_type VARCHAR(100) NOT NULL,
      byte_size INT NOT NULL,
      created_at BIGINT NOT NULL,
      UNIQUE KEY uq_run_media_step_kind (run_id, step_index, kind)) ${table}`);
    await q.query(`CREATE TABLE run_values (
      run_id ${id} NOT NULL,
      name VARCHAR(100) NOT NULL,
      sealed TEXT CHARACTER SET ascii NOT NULL,
      PRIMARY KEY (run_id, name)) ${table}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['run_values', 'run_media', 'run_steps', 'runs', 'plan_groups'])
      await q.query(`DROP TABLE IF EXISTS ${t}`);
  }
}
