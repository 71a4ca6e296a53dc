import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Visual changes: accepted baselines; on each Run its visual settings (snapshotted when queued)
 * and the Run its screenshots were compared with (retention keeps a pinned Run's baseline); on
 * each step its comparison fact.
 */
export class VisualChanges1764220000000 implements MigrationInterface {
  name = 'VisualChanges1764220000000';

  async up(q: QueryRunner): Promise<void> {
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
    const id = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
    await q.query(`CREATE TABLE visual_baselines (
      org_id ${id} NOT NULL,
      subject_id ${id} NOT NULL,
      environment_slug VARCHAR(100) NOT NULL,
      viewport VARCHAR(20) NOT NULL,
      run_id ${id} NOT NULL,
      accepted_at BIGINT NOT NULL,
      accepted_by VARCHAR(200) NOT NULL,
      PRIMARY KEY (org_id, subject_id, environment_slug, viewport)) ${table}`);
    await q.query(`ALTER TABLE runs
      ADD COLUMN visual_settings MEDIUMTEXT NULL,
      ADD COLUMN visual_baseline_run_id ${id} NULL,
      ADD KEY idx_runs_visual_baseline (visual_baseline_run_id)`);
    await q.query('ALTER TABLE run_steps ADD COLUMN visual MEDIUMTEXT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE run_steps DROP COLUMN visual');
    await q.query(
      'ALTER TABLE runs DROP KEY idx_runs_visual_baseline, DROP COLUMN visual_baseline_run_id, DROP COLUMN visual_settings',
    );
    await q.query('DROP TABLE IF EXISTS visual_baselines');
  }
}
