import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plan groups scheduled by what is known: each group's branch (a newer group of the same plan,
 * Environment and branch may supersede it, found through the new index), its fail-fast threshold
 * (0: off) and its scheduling (the start order with reasons, an early stop).
 */
export class PlanGroupScheduling1765300000000 implements MigrationInterface {
  name = 'PlanGroupScheduling1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE plan_groups
      ADD COLUMN branch VARCHAR(255) NULL,
      ADD COLUMN fail_fast_after INT NOT NULL DEFAULT 0,
      ADD COLUMN scheduling MEDIUMTEXT NULL,
      ADD KEY idx_plan_groups_org_plan_id (org_id, test_plan_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE plan_groups DROP KEY idx_plan_groups_org_plan_id,
      DROP COLUMN scheduling, DROP COLUMN fail_fast_after, DROP COLUMN branch`);
  }
}
