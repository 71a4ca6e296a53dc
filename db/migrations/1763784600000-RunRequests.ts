import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Run requests (unique per organization and idempotency key), their entries (one Run each) and
 * the interpretation ledger: one row per request, money as integer micro-dollars.
 */
export class RunRequests1763784600000 implements MigrationInterface {
  name = 'RunRequests1763784600000';

  async up(q: QueryRunner): Promise<void> {
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
    const id = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
    await q.query(`CREATE TABLE run_requests (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      idem_key CHAR(36) CHARACTER SET ascii NOT NULL,
      request_hash CHAR(64) CHARACTER SET ascii NOT NULL,
      status VARCHAR(20) NOT NULL,
      request TEXT NULL,
      input MEDIUMTEXT NOT NULL,
      resolution_source VARCHAR(20) NULL,
      rejection_reasons MEDIUMTEXT NOT NULL,
      error TEXT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      completed_at BIGINT NULL,
      UNIQUE KEY uq_run_requests_org_key (org_id, idem_key),
      KEY idx_run_requests_org_id (org_id, id)) ${table}`);
    await q.query(`CREATE TABLE run_request_entries (
      request_id ${id} NOT NULL,
      position INT NOT NULL,
      test_plan_id ${id} NOT NULL,
      plan_name VARCHAR(200) NOT NULL,
      test_case_id ${id} NULL,
      environment_id ${id} NOT NULL,
      environment_slug VARCHAR(100) NOT NULL,
      environment_name VARCHAR(200) NOT NULL,
      platforms MEDIUMTEXT NOT NULL,
      run_id ${id} NULL,
      queue_error TEXT NULL,
      PRIMARY KEY (request_id, position),
      KEY idx_run_request_entries_run (run_id)) ${table}`);
    await q.query(`CREATE TABLE interpretation_charges (
      request_id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      basis VARCHAR(20) NOT NULL,
      provider VARCHAR(200) NOT NULL,
      model VARCHAR(200) NOT NULL,
      prompt_tokens INT NOT NULL,
      completion_tokens INT NOT NULL,
      provider_cost_micros BIGINT NULL,
      estimated_cost_micros BIGINT NULL,
      billed_micros BIGINT NOT NULL,
      created_at BIGINT NOT NULL,
      KEY idx_interpretation_charges_org (org_id, created_at)) ${table}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['interpretation_charges', 'run_request_entries', 'run_requests'])
      await q.query(`DROP TABLE IF EXISTS ${t}`);
  }
}
