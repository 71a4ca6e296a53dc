import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scheduled plans (each mirrored by a Temporal Schedule `schedule-<id>`) and their fires: one row
 * per fire that queued a plan group, keyed by the fire's workflow id so a retried fire queues once.
 */
export class Schedules1764200000000 implements MigrationInterface {
  name = 'Schedules1764200000000';

  async up(q: QueryRunner): Promise<void> {
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
    const id = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
    await q.query(`CREATE TABLE schedules (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      name VARCHAR(200) NOT NULL,
      test_plan_id ${id} NOT NULL,
      environment_slug VARCHAR(100) NULL,
      targets MEDIUMTEXT NULL,
      cron VARCHAR(100) NULL,
      timezone VARCHAR(64) NULL,
      every VARCHAR(10) NULL,
      jitter VARCHAR(10) NULL,
      paused TINYINT(1) NOT NULL,
      overlap VARCHAR(20) NOT NULL,
      revision INT NOT NULL,
      state VARCHAR(20) NULL,
      state_changed_at BIGINT NULL,
      last_error VARCHAR(1000) NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      KEY ix_schedules_org (org_id, id)) ${table}`);
    await q.query(`CREATE TABLE schedule_fires (
      fire_id VARCHAR(200) CHARACTER SET ascii COLLATE ascii_bin NOT NULL PRIMARY KEY,
      schedule_id ${id} NOT NULL,
      org_id ${id} NOT NULL,
      plan_group_id ${id} NOT NULL,
      due_at BIGINT NOT NULL,
      started_at BIGINT NOT NULL,
      verdict VARCHAR(10) NULL,
      state_from VARCHAR(20) NULL,
      state_to VARCHAR(20) NULL,
      recovered TINYINT(1) NOT NULL DEFAULT 0,
      finished_at BIGINT NULL,
      UNIQUE KEY ux_schedule_fires_group (plan_group_id),
      KEY ix_schedule_fires_schedule (schedule_id, started_at)) ${table}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS schedule_fires');
    await q.query('DROP TABLE IF EXISTS schedules');
  }
}
