import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quarantined Test Cases (one row while quarantined), every quarantine and release (the subjects
 * of their webhook events), each organization's policy, and on each Run whether its case was in
 * quarantine when it was queued (its verdict then gates nothing).
 */
export class Quarantine1764210000000 implements MigrationInterface {
  name = 'Quarantine1764210000000';

  async up(q: QueryRunner): Promise<void> {
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
    const id = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
    await q.query(`CREATE TABLE test_case_quarantines (
      test_case_id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      reason VARCHAR(500) NOT NULL,
      source VARCHAR(10) NOT NULL,
      by_whom VARCHAR(200) NOT NULL,
      since BIGINT NOT NULL,
      KEY ix_quarantines_org (org_id, since)) ${table}`);
    await q.query(`CREATE TABLE quarantine_events (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      test_case_id ${id} NOT NULL,
      kind VARCHAR(20) NOT NULL,
      reason VARCHAR(500) NOT NULL,
      source VARCHAR(10) NOT NULL,
      by_whom VARCHAR(200) NOT NULL,
      at BIGINT NOT NULL,
      KEY ix_quarantine_events_case (test_case_id, at)) ${table}`);
    await q.query(`CREATE TABLE quarantine_policies (
      org_id ${id} NOT NULL PRIMARY KEY,
      enabled TINYINT(1) NOT NULL,
      flaky_passes INT NOT NULL,
      window_runs INT NOT NULL,
      release_after INT NOT NULL,
      updated_at BIGINT NOT NULL) ${table}`);
    await q.query('ALTER TABLE runs ADD COLUMN quarantined TINYINT(1) NOT NULL DEFAULT 0');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE runs DROP COLUMN quarantined');
    await q.query('DROP TABLE IF EXISTS quarantine_policies');
    await q.query('DROP TABLE IF EXISTS quarantine_events');
    await q.query('DROP TABLE IF EXISTS test_case_quarantines');
  }
}
