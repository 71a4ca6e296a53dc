import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outgoing webhooks: endpoints (secrets sealed with SECRETS_KEY, the previous one kept for the
 * rotation window), events (one per business fact: unique type and subject), deliveries (one per
 * delivery workflow) and the log of their attempts.
 */
export class Webhooks1763784900000 implements MigrationInterface {
  name = 'Webhooks1763784900000';

  async up(q: QueryRunner): Promise<void> {
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
    const id = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
    await q.query(`CREATE TABLE webhook_endpoints (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      url VARCHAR(2000) NOT NULL,
      description VARCHAR(500) NOT NULL DEFAULT '',
      events MEDIUMTEXT NOT NULL,
      enabled TINYINT(1) NOT NULL,
      disabled_reason VARCHAR(500) NULL,
      secret_sealed VARCHAR(500) NOT NULL,
      previous_secret_sealed VARCHAR(500) NULL,
      previous_secret_expires_at BIGINT NULL,
      failing_since BIGINT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      KEY ix_webhook_endpoints_org (org_id, created_at)) ${table}`);
    await q.query(`CREATE TABLE webhook_events (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      type VARCHAR(40) NOT NULL,
      subject_id VARCHAR(80) NOT NULL,
      payload MEDIUMTEXT NOT NULL,
      created_at BIGINT NOT NULL,
      UNIQUE KEY ux_webhook_events_subject (type, subject_id),
      KEY ix_webhook_events_created (created_at)) ${table}`);
    await q.query(`CREATE TABLE webhook_deliveries (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      endpoint_id ${id} NOT NULL,
      event_id ${id} NOT NULL,
      workflow_id VARCHAR(200) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      status VARCHAR(20) NOT NULL,
      attempts INT NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      UNIQUE KEY ux_webhook_deliveries_workflow (workflow_id),
      KEY ix_webhook_deliveries_endpoint (endpoint_id, created_at),
      KEY ix_webhook_deliveries_created (created_at)) ${table}`);
    await q.query(`CREATE TABLE webhook_attempts (
      delivery_id ${id} NOT NULL,
      attempt INT NOT NULL,
      started_at BIGINT NOT NULL,
      duration_ms INT NOT NULL,
      status_code INT NULL,
      error_class VARCHAR(40) NULL,
      response_excerpt TEXT NULL,
      PRIMARY KEY (delivery_id, attempt)) ${table}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['webhook_attempts', 'webhook_deliveries', 'webhook_events', 'webhook_endpoints'])
      await q.query(`DROP TABLE IF EXISTS ${t}`);
  }
}
