import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Finding Runs: each Run's source (ci, schedule, console, mcp, manual) and commit as columns with
 * indexes, so run.list filters and counts by them, by plan and by time without reading the
 * trigger JSON of every Run; and each member's saved views of the Runs list. (API keys get their
 * names in 1764700000000-KeysAndAudit.)
 */
export class RunFinding1764600000000 implements MigrationInterface {
  name = 'RunFinding1764600000000';

  async up(q: QueryRunner): Promise<void> {
    const ascii = 'CHARACTER SET ascii COLLATE ascii_bin';
    await q.query(`ALTER TABLE runs
      ADD COLUMN source VARCHAR(10) ${ascii} NOT NULL DEFAULT 'manual',
      ADD COLUMN commit_sha VARCHAR(64) NULL,
      ADD KEY idx_runs_org_source_id (org_id, source, id),
      ADD KEY idx_runs_org_commit_id (org_id, commit_sha, id),
      ADD KEY idx_runs_org_plan_id (org_id, test_plan_id, id)`);
    // The same rule as core/runs.ts runSource, once, for the Runs recorded before the column.
    await q.query(`UPDATE runs SET
      commit_sha = JSON_VALUE(trigger_info, '$.deployment.commitSha'),
      source = CASE
        WHEN JSON_VALUE(trigger_info, '$.source') = 'schedule' OR JSON_VALUE(trigger_info, '$.scheduleId') IS NOT NULL THEN 'schedule'
        WHEN JSON_VALUE(trigger_info, '$.source') = 'mcp' THEN 'mcp'
        WHEN JSON_VALUE(trigger_info, '$.source') = 'run_request'
          OR JSON_VALUE(trigger_info, '$.deployment.commitSha') IS NOT NULL
          OR JSON_TYPE(JSON_EXTRACT(trigger_info, '$.pr')) = 'STRING' THEN 'ci'
        ELSE 'manual' END`);
    await q.query(`CREATE TABLE saved_views (
      id VARCHAR(40) ${ascii} NOT NULL,
      org_id VARCHAR(40) ${ascii} NOT NULL,
      owner VARCHAR(300) ${ascii} NOT NULL,
      name VARCHAR(100) NOT NULL,
      query_text VARCHAR(2000) NOT NULL,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_saved_views_owner_name (org_id, owner, name),
      KEY idx_saved_views_owner (org_id, owner, id)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS saved_views');
    await q.query(`ALTER TABLE runs DROP KEY idx_runs_org_plan_id, DROP KEY idx_runs_org_commit_id,
      DROP KEY idx_runs_org_source_id, DROP COLUMN commit_sha, DROP COLUMN source`);
  }
}
