import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-organization limits whose state every API process and worker shares: token buckets (one
 * row per organization and bucket, refilled lazily from `updated_ms`) and active-Run slots (one
 * row per Run past `queued`, removed with its terminal record; `expires_ms` frees the slot of a
 * Run whose workflow was terminated without one).
 */
export class OrgLimits1763786420000 implements MigrationInterface {
  name = 'OrgLimits1763786420000';

  async up(q: QueryRunner): Promise<void> {
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
    const id = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
    await q.query(`CREATE TABLE rate_buckets (
      org_id ${id} NOT NULL,
      bucket VARCHAR(20) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      tokens DOUBLE NOT NULL,
      updated_ms BIGINT NOT NULL,
      PRIMARY KEY (org_id, bucket)) ${table}`);
    await q.query(`CREATE TABLE run_slots (
      run_id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      state ENUM('waiting','held') NOT NULL,
      queued_ms BIGINT NOT NULL,
      expires_ms BIGINT NOT NULL,
      KEY ix_run_slots_org (org_id, state, queued_ms)) ${table}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS run_slots');
    await q.query('DROP TABLE IF EXISTS rate_buckets');
  }
}
