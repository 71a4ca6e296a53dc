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
  /** Returns false when no such active key exists. */
  async revoke(db: EntityManager, id: string, now: number): Promise<boolean> {
    const result = await db.query('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [now, id]);
    return (result.affectedRows ?? 0) > 0;
  },
};
