import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mobile artifact upload intents and their scan results. Both are looked up by
 * (org_id, storage_id): a storage id of another organization must read as missing.
 */
export class Artifacts1763784400000 implements MigrationInterface {
  name = 'Artifacts1763784400000';

  async up(q: QueryRunner): Promise<void> {
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
    const id = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
    await q.query(`CREATE TABLE artifact_intents (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      platform VARCHAR(20) NOT NULL,
      declared_bytes BIGINT NOT NULL,
      content_type VARCHAR(100) NOT NULL,
      storage_key VARCHAR(500) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      storage_id ${id} NOT NULL,
      expires_at BIGINT NOT NULL,
      uploaded_at BIGINT NULL,
      created_at BIGINT NOT NULL,
      UNIQUE KEY uq_artifact_intents_storage_id (storage_id),
      UNIQUE KEY uq_artifact_intents_storage_key (storage_key),
      KEY idx_artifact_intents_org_storage (org_id, storage_id)) ${table}`);
    await q.query(`CREATE TABLE artifact_scans (
      storage_id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      status VARCHAR(20) NOT NULL,
      sha256 CHAR(64) CHARACTER SET ascii NOT NULL,
      byte_size BIGINT NOT NULL,
      content_type VARCHAR(100) NOT NULL,
      scanner VARCHAR(100) NOT NULL,
      findings MEDIUMTEXT NOT NULL,
      file_name VARCHAR(255) NOT NULL,
      created_at BIGINT NOT NULL,
      KEY idx_artifact_scans_org_storage (org_id, storage_id, status)) ${table}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['artifact_scans', 'artifact_intents']) await q.query(`DROP TABLE IF EXISTS ${t}`);
  }
}
