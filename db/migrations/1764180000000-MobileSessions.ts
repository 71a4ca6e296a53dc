import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Appium sessions a mobile runner holds open, one row per session while it lives, so that a
 * runner restarted after a crash ends the ones it had opened (a device cloud bills for them). The
 * Appium URL is not stored: it may carry the device cloud's credentials.
 */
export class MobileSessions1764180000000 implements MigrationInterface {
  name = 'MobileSessions1764180000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE mobile_sessions (
      session_id VARCHAR(200) CHARACTER SET ascii COLLATE ascii_bin NOT NULL PRIMARY KEY,
      runner VARCHAR(200) NOT NULL,
      run_id VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      opened_ms BIGINT NOT NULL,
      KEY ix_mobile_sessions_runner (runner)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS mobile_sessions');
  }
}
