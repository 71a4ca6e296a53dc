import type { EntityManager } from 'typeorm';
import { ApiKeyEntity, OrganizationEntity, type ApiKey, type Organization } from '../entities';

export const organizationRepository = {
  async create(db: EntityManager, org: Organization) {
    await db.getRepository(OrganizationEntity).insert(org);
  },
  async get(db: EntityManager, id: string): Promise<Organization | null> {
    return db.getRepository(OrganizationEntity).findOneBy({ id });
  },
};

export const apiKeyRepository = {
  async create(db: EntityManager, key: ApiKey) {
    await db.getRepository(ApiKeyEntity).insert(key);
  },
  /** Every authenticated request runs this, so it is one plain indexed query. */
  async findActive(db: EntityManager, id: string): Promise<ApiKey | null> {
    const rows: Array<{ org_id: string; secret_hash: string; created_at: string }> = await db.query(
      'SELECT org_id, secret_hash, created_at FROM api_keys WHERE id = ? AND revoked_at IS NULL',
      [id],
    );
    return rows.length
      ? {
          id,
          orgId: rows[0].org_id,
          secretHash: rows[0].secret_hash,
          createdAt: Number(rows[0].created_at),
          revokedAt: null,
        }
      : null;
  },
  /** The organization's keys, newest first, a page at a time (`after`: the last id of the previous page). */
  async list(db: EntityManager, orgId: string, after: string | null, limit: number): Promise<ApiKey[]> {
    const rows: Array<Record<string, string | null>> = await db.query(
      `SELECT id, created_at, revoked_at, name, created_by, last_used_at FROM api_keys
        WHERE org_id = ? ${after ? 'AND id < ?' : ''} ORDER BY id DESC LIMIT ?`,
      after ? [orgId, after, limit] : [orgId, limit],
    );
    const ms = (v: string | null) => (v === null ? null : Number(v));
    return rows.map((r) => ({
      id: r.id!,
      orgId,
      secretHash: '',
      createdAt: Number(r.created_at),
      revokedAt: ms(r.revoked_at),
      name: r.name,
      createdBy: r.created_by,
      lastUsedAt: ms(r.last_used_at),
    }));
  },
  /** Marks a key used now (ApiKeyCache.used: at most once per LAST_USED_PRECISION_MS and process). */
  async touch(db: EntityManager, id: string, now: number): Promise<void> {
    await db.query('UPDATE api_keys SET last_used_at = ? WHERE id = ?', [now, id]);
  },
  /** Revokes a key of one organization; false when it has no such active key. */
  async revokeInOrg(db: EntityManager, orgId: string, id: string, now: number): Promise<boolean> {
    const result = await db.query(
      'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND org_id = ? AND revoked_at IS NULL',
      [now, id, orgId],
    );
    return (result.affectedRows ?? 0) > 0;
  },
  /** Returns false when no such active key exists. */
  async revoke(db: EntityManager, id: string, now: number): Promise<boolean> {
    const result = await db.query('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [now, id]);
    return (result.affectedRows ?? 0) > 0;
  },
};
