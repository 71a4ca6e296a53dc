import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Memberships of OAuth users in organizations: an access token is honoured only while its
 * subject is a member of the organization it names.
 */
export class OrgMembers1763784100000 implements MigrationInterface {
  name = 'OrgMembers1763784100000';

  async up(q: QueryRunner): Promise<void> {
    // `sub` is case-sensitive ASCII (OpenID Connect Core §5.1): a binary collation, so that
    // "Alice" is never taken for "alice".
    await q.query(`CREATE TABLE org_members (
      org_id VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      user_sub VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (org_id, user_sub)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS org_members');
  }
}
