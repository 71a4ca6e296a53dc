import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Slack and Teams notification channels (URL sealed with SECRETS_KEY, routing rules as JSON), their
 * deliveries (one per channel and subject: a plan group or a test) and the last verdict each channel
 * heard per plan × Environment × branch (for "on a change of state").
 */
export class NotificationChannels1765200000000 implements MigrationInterface {
  name = 'NotificationChannels1765200000000';

  async up(q: QueryRunner): Promise<void> {
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
    const id = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
    await q.query(`CREATE TABLE notification_channels (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      name VARCHAR(100) NOT NULL,
      kind VARCHAR(10) NOT NULL,
      url_sealed VARCHAR(4000) NOT NULL,
      rules MEDIUMTEXT NOT NULL,
      enabled TINYINT(1) NOT NULL DEFAULT 1,
      failing_since BIGINT NULL,
      failure_streak INT NOT NULL DEFAULT 0,
      last_error VARCHAR(500) NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      KEY ix_notification_channels_org (org_id, id)) ${table}`);
    await q.query(`CREATE TABLE notification_deliveries (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      channel_id ${id} NOT NULL,
      subject_id VARCHAR(80) NOT NULL,
      workflow_id VARCHAR(200) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      summary MEDIUMTEXT NOT NULL,
      status VARCHAR(20) NOT NULL,
      attempts INT NOT NULL DEFAULT 0,
      last_status_code INT NULL,
      last_error VARCHAR(500) NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      UNIQUE KEY ux_notification_deliveries_workflow (workflow_id),
      KEY ix_notification_deliveries_channel (channel_id, id),
      KEY ix_notification_deliveries_created (created_at)) ${table}`);
    await q.query(`CREATE TABLE notification_states (
      channel_id ${id} NOT NULL,
      scope_key VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      verdict VARCHAR(20) NOT NULL,
      group_id ${id} NOT NULL,
      previous_verdict VARCHAR(20) NULL,
      updated_at BIGINT NOT NULL,
      PRIMARY KEY (channel_id, scope_key)) ${table}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['notification_states', 'notification_deliveries', 'notification_channels'])
      await q.query(`DROP TABLE IF EXISTS ${t}`);
  }
}
