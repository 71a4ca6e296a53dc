import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Resource-style plans: flows (a team's reusable step sequences, unique by slug) and the input of
 * a plan generation (prompt or git diff), kept apart from test_plans because a diff can be large.
 */
export class PlansAndFlows1763784500000 implements MigrationInterface {
  name = 'PlansAndFlows1763784500000';

  async up(q: QueryRunner): Promise<void> {
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
    const id = 'VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin';
    await q.query(`CREATE TABLE flows (
      id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      slug VARCHAR(100) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      name VARCHAR(200) NOT NULL,
      description TEXT NOT NULL,
      steps MEDIUMTEXT NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      UNIQUE KEY uq_flows_org_slug (org_id, slug)) ${table}`);
    await q.query(`CREATE TABLE plan_generations (
      plan_id ${id} NOT NULL PRIMARY KEY,
      org_id ${id} NOT NULL,
      source VARCHAR(10) NOT NULL,
      input MEDIUMTEXT NOT NULL,
      platforms MEDIUMTEXT NOT NULL,
      created_at BIGINT NOT NULL,
      finished_at BIGINT NULL) ${table}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['plan_generations', 'flows']) await q.query(`DROP TABLE IF EXISTS ${t}`);
  }
}
