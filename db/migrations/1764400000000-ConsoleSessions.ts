import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Console sign-in sessions. The browser holds only the session id in an HttpOnly cookie; the
 * table keeps its SHA-256, never the id itself, nor the API key or token it was opened with: an
 * API-key session names the key (its id), an OpenID Connect one the member (its `sub`), so a
 * revoked key or a removed member ends it.
 */
export class ConsoleSessions1764400000000 implements MigrationInterface {
  name = 'ConsoleSessions1764400000000';

  async up(q: QueryRunner): Promise<void> {
    const ascii = 'CHARACTER SET ascii COLLATE ascii_bin';
    await q.query(`CREATE TABLE console_sessions (
      id_hash CHAR(64) ${ascii} NOT NULL,
      org_id VARCHAR(40) ${ascii} NOT NULL,
      kind VARCHAR(10) ${ascii} NOT NULL,
      subject VARCHAR(255) ${ascii} NOT NULL,
      scopes TEXT ${ascii} NOT NULL,
      csrf_token CHAR(43) ${ascii} NOT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      PRIMARY KEY (id_hash),
      KEY idx_console_sessions_expiry (expires_at)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS console_sessions');
  }
}
