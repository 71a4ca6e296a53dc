import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys get a name, who made them and when they were last used (the Members page); every change
 * made through the API leaves an audit line, written in the change's own transaction.
 */
export class KeysAndAudit1764700000000 implements MigrationInterface {
  name = 'KeysAndAudit1764700000000';

  async up(q: QueryRunner): Promise<void> {
    const id = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
    await q.query(`ALTER TABLE api_keys
      ADD COLUMN name VARCHAR(100) NULL,
      ADD COLUMN created_by VARCHAR(255) NULL,
      ADD COLUMN last_used_at BIGINT NULL`);
    await q.query(`CREATE TABLE audit_events (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      at BIGINT NOT NULL,
      actor_kind VARCHAR(10) CHARACTER SET ascii NOT NULL,
      actor VARCHAR(255) NOT NULL,
      action VARCHAR(80) CHARACTER SET ascii NOT NULL,
      target VARCHAR(255) NULL,
      channel VARCHAR(10) CHARACTER SET ascii NOT NULL,
      ip VARCHAR(64) NULL,
      user_agent VARCHAR(300) NULL,
      KEY idx_audit_events_org (org_id, id)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS audit_events');
    await q.query('ALTER TABLE api_keys DROP COLUMN name, DROP COLUMN created_by, DROP COLUMN last_used_at');
  }
}
