import type { EntityManager } from 'typeorm';
import { TestCaseEntity, type TestCase } from '../entities';

export interface TestCaseFilter { platform?: string; query?: string }

export const testCaseRepository = {
  async insert(db: EntityManager, row: TestCase) {
    await db.getRepository(TestCaseEntity).insert(row);
  },

  async get(db: EntityManager, orgId: string, id: string, lock = false): Promise<TestCase | null> {
    const qb = db.getRepository(TestCaseEntity).createQueryBuilder('c').where('c.orgId = :orgId AND c.id = :id', { orgId, id });
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  },

  async getMany(db: EntityManager, orgId: string, ids: string[]): Promise<TestCase[]> {
    if (!ids.length) return [];
    return db.getRepository(TestCaseEntity).createQueryBuilder('c')
      .where('c.orgId = :orgId AND c.id IN (:...ids)', { orgId, ids }).getMany();
  },

  /** Newest first by id (time-ordered); `platform` matches inside the JSON array text. */
  async list(db: EntityManager, orgId: string, filter: TestCaseFilter, after: string | null, take: number): Promise<TestCase[]> {
    const qb = db.getRepository(TestCaseEntity).createQueryBuilder('c').where('c.orgId = :orgId', { orgId });
    if (after) qb.andWhere('c.id < :after', { after });
    if (filter.platform) qb.andWhere('c.platforms LIKE :platform', { platform: `%"${filter.platform}"%` });
    if (filter.query) qb.andWhere('c.name LIKE :query', { query: `%${escapeLike(filter.query)}%` });
    return qb.orderBy('c.id', 'DESC').limit(take).getMany();
  },

  async updateSteps(db: EntityManager, orgId: string, id: string, steps: object[], now: number) {
    await db.getRepository(TestCaseEntity).update({ orgId, id }, { steps, updatedAt: now });
  },
};

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
