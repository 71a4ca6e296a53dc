import type { MigrationInterface, QueryRunner } from 'typeorm';

/** GitHub connections (one per organization; secrets sealed) and what each plan group reported to its commit. */
export class CommitReports1765200100000 implements MigrationInterface {
  name = 'CommitReports1765200100000';

  async up(q: QueryRunner): Promise<void> {
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
    const id = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
    await q.query(`CREATE TABLE commit_connections (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      provider VARCHAR(20) NOT NULL,
      api_url VARCHAR(500) NOT NULL,
      auth_kind VARCHAR(10) NOT NULL,
      token_sealed VARCHAR(2000) NULL,
      app_id VARCHAR(40) NULL,
      private_key_sealed TEXT NULL,
      installation_id BIGINT NULL,
      check_name VARCHAR(100) NOT NULL DEFAULT 'QA',
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      UNIQUE KEY ux_commit_connections_org (org_id, provider)) ${table}`);
    await q.query(`CREATE TABLE commit_reports (
      plan_group_id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      repository VARCHAR(200) NOT NULL,
      commit_sha VARCHAR(64) NOT NULL,
      check_run_id BIGINT NULL,
      stage VARCHAR(20) NOT NULL DEFAULT 'none',
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL) ${table}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['commit_reports', 'commit_connections']) await q.query(`DROP TABLE IF EXISTS ${t}`);
  }
}
