import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CI integration: a plan group remembers what it was re-run from, which members a
 * `scope: "changed"` trigger selected (and why), the members carried over as passed from the
 * group it re-runs, and the commit and Environment it ran against (to find the previous attempt).
 */
export class CiIntegration1763784800000 implements MigrationInterface {
  name = 'CiIntegration1763784800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE plan_groups
      ADD COLUMN rerun_of VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NULL,
      ADD COLUMN selection MEDIUMTEXT NULL,
      ADD COLUMN carried MEDIUMTEXT NULL,
      ADD COLUMN environment_slug VARCHAR(100) NULL,
      ADD COLUMN commit_sha VARCHAR(64) NULL,
      ADD KEY ix_plan_groups_plan (org_id, test_plan_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE plan_groups DROP KEY ix_plan_groups_plan, DROP COLUMN rerun_of, DROP COLUMN selection,
      DROP COLUMN carried, DROP COLUMN environment_slug, DROP COLUMN commit_sha`);
  }
}
