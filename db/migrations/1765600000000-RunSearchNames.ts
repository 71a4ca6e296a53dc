import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Free text over Runs without reading every Run (issue 76's benchmark): each organization's distinct
 * branches and Environment slugs that Runs were recorded with, written with the Run (INSERT IGNORE,
 * in its transaction) and filled here for the Runs already recorded. A search matches the text in
 * these few rows, then selects Runs by equality through the existing (org_id, branch, id) and
 * (org_id, environment_slug, id) indexes. `value` is binary so every spelling is kept (a
 * case-insensitive key would keep 'Main' and drop 'main', or 'strasse' and drop 'straße').
 */
export class RunSearchNames1765600000000 implements MigrationInterface {
  name = 'RunSearchNames1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE run_labels (
      org_id VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      kind VARCHAR(12) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      value VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
      PRIMARY KEY (org_id, kind, value)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`INSERT IGNORE INTO run_labels (org_id, kind, value)
      SELECT DISTINCT org_id, 'branch', branch COLLATE utf8mb4_bin FROM runs WHERE branch IS NOT NULL`);
    await q.query(`INSERT IGNORE INTO run_labels (org_id, kind, value)
      SELECT DISTINCT org_id, 'environment', environment_slug COLLATE utf8mb4_bin FROM runs WHERE environment_slug IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS run_labels');
  }
}
