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
  async findActive(db: EntityManager, id: string): Promise<ApiKey | null> {
    const key = await db.getRepository(ApiKeyEntity).findOneBy({ id });
    return key && key.revokedAt === null ? key : null;
  },
  /** Returns false when no such active key exists. */
  async revoke(db: EntityManager, id: string, now: number): Promise<boolean> {
    const result = await db.query('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [now, id]);
    return (result.affectedRows ?? 0) > 0;
  },
};
