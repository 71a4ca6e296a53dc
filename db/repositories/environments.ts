import type { EntityManager } from 'typeorm';
import { EnvironmentEntity, EnvironmentValueEntity, type Environment } from '../entities';

export const environmentRepository = {
  async insert(db: EntityManager, row: Environment) {
    await db.getRepository(EnvironmentEntity).insert(row);
  },

  async bySlug(db: EntityManager, orgId: string, slug: string, lock = false): Promise<Environment | null> {
    const qb = db
      .getRepository(EnvironmentEntity)
      .createQueryBuilder('e')
      .where('e.orgId = :orgId AND e.slug = :slug', { orgId, slug });
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  },

  async byId(db: EntityManager, orgId: string, id: string): Promise<Environment | null> {
    return db.getRepository(EnvironmentEntity).findOneBy({ orgId, id });
  },

  async list(db: EntityManager, orgId: string, after: string | null, take: number): Promise<Environment[]> {
    const qb = db.getRepository(EnvironmentEntity).createQueryBuilder('e').where('e.orgId = :orgId', { orgId });
    if (after) qb.andWhere('e.id < :after', { after });
    return qb.orderBy('e.id', 'DESC').limit(take).getMany();
  },

  async update(db: EntityManager, id: string, fields: Partial<Pick<Environment, 'name' | 'targets' | 'updatedAt'>>) {
    await db.getRepository(EnvironmentEntity).update({ id }, fields);
  },

  async valueNames(db: EntityManager, environmentIds: string[]): Promise<Map<string, string[]>> {
    const names = new Map<string, string[]>(environmentIds.map((id) => [id, []]));
    if (!environmentIds.length) return names;
    const rows = await db
      .getRepository(EnvironmentValueEntity)
      .createQueryBuilder('v')
      .select(['v.environmentId', 'v.name'])
      .where('v.environmentId IN (:...ids)', { ids: environmentIds })
      .orderBy('v.name')
      .getMany();
    for (const r of rows) names.get(r.environmentId)!.push(r.name);
    return names;
  },

  /** Sealed values only; opening them is the caller's business (and the runner's alone). */
  async sealedValues(
    db: EntityManager,
    environmentId: string,
    names?: string[],
  ): Promise<Array<{ name: string; sealed: string }>> {
    const qb = db
      .getRepository(EnvironmentValueEntity)
      .createQueryBuilder('v')
      .where('v.environmentId = :environmentId', { environmentId });
    if (names) {
      if (!names.length) return [];
      qb.andWhere('v.name IN (:...names)', { names });
    }
    return (await qb.getMany()).map((v) => ({ name: v.name, sealed: v.sealed }));
  },

  async putValue(db: EntityManager, environmentId: string, name: string, sealed: string, now: number) {
    await db.query(
      'INSERT INTO environment_values (environment_id, name, sealed, updated_at) VALUES (?, ?, ?, ?) ON DUPLICATE KEY UPDATE sealed = VALUES(sealed), updated_at = VALUES(updated_at)',
      [environmentId, name, sealed, now],
    );
  },

  async removeValue(db: EntityManager, environmentId: string, name: string) {
    await db.getRepository(EnvironmentValueEntity).delete({ environmentId, name });
  },
};
