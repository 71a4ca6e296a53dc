import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Organizations, API keys, the v1 catalog records and idempotency. Every list is ordered by
 * id descending (ids are time-ordered ULIDs), so each list filter has an index ending in `id`.
 */
export class Foundation1763784000000 implements MigrationInterface {
  name = 'Foundation1763784000000';

  async up(q: QueryRunner): Promise<void> {
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
    const id = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
    await q.query(`CREATE TABLE organizations (
      id ${id} NOT NULL PRIMARY KEY,
      name VARCHAR(200) NOT NULL,
      created_at BIGINT NOT NULL) ${table}`);
    await q.query(`CREATE TABLE api_keys (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      secret_hash CHAR(64) CHARACTER SET ascii NOT NULL,
      created_at BIGINT NOT NULL,
      revoked_at BIGINT NULL,
      KEY idx_api_keys_org (org_id)) ${table}`);
    await q.query(`CREATE TABLE test_cases (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      name VARCHAR(200) NOT NULL,
      description TEXT NOT NULL,
      platforms MEDIUMTEXT NOT NULL,
      tags MEDIUMTEXT NOT NULL,
      steps MEDIUMTEXT NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      KEY idx_test_cases_org_id (org_id, id)) ${table}`);
    await q.query(`CREATE TABLE test_plans (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      name VARCHAR(200) NOT NULL,
      description TEXT NOT NULL,
      platforms MEDIUMTEXT NOT NULL,
      steps MEDIUMTEXT NOT NULL,
      api_auth_profiles MEDIUMTEXT NOT NULL,
      mode VARCHAR(20) NOT NULL,
      status VARCHAR(20) NOT NULL,
      failure_reason TEXT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      KEY idx_test_plans_org_id (org_id, id),
      KEY idx_test_plans_org_name (org_id, name)) ${table}`);
    await q.query(`CREATE TABLE test_plan_members (
      plan_id ${id} NOT NULL,
      position INT NOT NULL,
      test_case_id ${id} NOT NULL,
      PRIMARY KEY (plan_id, position),
      KEY idx_plan_members_case (test_case_id)) ${table}`);
    await q.query(`CREATE TABLE environments (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      slug VARCHAR(100) NOT NULL,
      name VARCHAR(200) NOT NULL,
      targets MEDIUMTEXT NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      UNIQUE KEY uq_environments_org_slug (org_id, slug),
      KEY idx_environments_org_id (org_id, id)) ${table}`);
    await q.query(`CREATE TABLE environment_values (
      environment_id ${id} NOT NULL,
      name VARCHAR(100) NOT NULL,
      sealed TEXT CHARACTER SET ascii NOT NULL,
      updated_at BIGINT NOT NULL,
      PRIMARY KEY (environment_id, name)) ${table}`);
    await q.query(`CREATE TABLE notes (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      environment_id ${id} NOT NULL,
      title VARCHAR(200) NOT NULL,
      body MEDIUMTEXT NOT NULL,
      status VARCHAR(20) NOT NULL,
      run_ids MEDIUMTEXT NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      KEY idx_notes_env_id (org_id, environment_id, id),
      KEY idx_notes_env_status_id (org_id, environment_id, status, id)) ${table}`);
    await q.query(`CREATE TABLE note_comments (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      note_id ${id} NOT NULL,
      body TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      KEY idx_note_comments_note (note_id, id)) ${table}`);
    await q.query(`CREATE TABLE idempotency_records (
      org_id ${id} NOT NULL,
      operation VARCHAR(64) CHARACTER SET ascii NOT NULL,
      idem_key VARCHAR(200) NOT NULL,
      request_hash CHAR(64) CHARACTER SET ascii NOT NULL,
      response MEDIUMTEXT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      PRIMARY KEY (org_id, operation, idem_key),
      KEY idx_idempotency_expiry (expires_at)) ${table}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'idempotency_records',
      'note_comments',
      'notes',
      'environment_values',
      'environments',
      'test_plan_members',
      'test_plans',
      'test_cases',
      'api_keys',
      'organizations',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
  }
}
