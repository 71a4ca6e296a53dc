import type { EntityManager } from 'typeorm';
import { OrgMemberEntity } from '../entities/members';

/**
 * A usable OAuth subject: 1..255 printable ASCII characters (OpenID Connect Core §2). Anything
 * else is refused before it reaches the ASCII column, where MariaDB would otherwise replace
 * unknown characters with `?` and could match another member.
 */
export function isValidSubject(sub: unknown): sub is string {
  return typeof sub === 'string' && /^[\x20-\x7e]{1,255}$/.test(sub);
}

/** Queries of organization memberships (who may use OAuth tokens for which organization). */
export const orgMemberRepository = {
  /** Returns false when the user already was a member. */
  async add(db: EntityManager, orgId: string, userSub: string, now: number): Promise<boolean> {
    const result = await db.query('INSERT IGNORE INTO org_members (org_id, user_sub, created_at) VALUES (?, ?, ?)', [
      orgId,
      userSub,
      now,
    ]);
    return (result.affectedRows ?? 0) > 0;
  },

  /** Returns false when the user was not a member. */
  async remove(db: EntityManager, orgId: string, userSub: string): Promise<boolean> {
    const result = await db.query('DELETE FROM org_members WHERE org_id = ? AND user_sub = ?', [orgId, userSub]);
    return (result.affectedRows ?? 0) > 0;
  },

  /** The organization's members by subject, a page at a time (`after`: the last subject of the previous page). */
  async list(db: EntityManager, orgId: string, after: string | null, limit: number) {
    const rows: Array<{ user_sub: string; created_at: string }> = await db.query(
      `SELECT user_sub, created_at FROM org_members WHERE org_id = ? ${after !== null ? 'AND user_sub > ?' : ''}
        ORDER BY user_sub LIMIT ?`,
      after !== null ? [orgId, after, limit] : [orgId, limit],
    );
    return rows.map((r) => ({ id: r.user_sub, userSub: r.user_sub, createdAt: Number(r.created_at) }));
  },

  async isMember(db: EntityManager, orgId: string, userSub: string): Promise<boolean> {
    return db.getRepository(OrgMemberEntity).exists({ where: { orgId, userSub } });
  },
};
