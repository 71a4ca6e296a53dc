import type { EntityManager } from 'typeorm';
import { TestPlanEntity, TestPlanMemberEntity, type TestPlan } from '../entities';

export interface MemberRow {
  testCaseId: string;
  name: string;
  position: number;
}

export const testPlanRepository = {
  async insert(db: EntityManager, row: TestPlan) {
    await db.getRepository(TestPlanEntity).insert(row);
  },

  async getMany(db: EntityManager, orgId: string, ids: string[]): Promise<TestPlan[]> {
    if (!ids.length) return [];
    return db
      .getRepository(TestPlanEntity)
      .createQueryBuilder('p')
      .where('p.orgId = :orgId AND p.id IN (:...ids)', { orgId, ids })
      .getMany();
  },

  async get(db: EntityManager, orgId: string, id: string, lock = false): Promise<TestPlan | null> {
    const qb = db
      .getRepository(TestPlanEntity)
      .createQueryBuilder('p')
      .where('p.orgId = :orgId AND p.id = :id', { orgId, id });
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  },

  async findByName(db: EntityManager, orgId: string, name: string): Promise<TestPlan | null> {
    return db.getRepository(TestPlanEntity).findOneBy({ orgId, name });
  },

  async list(
    db: EntityManager,
    orgId: string,
    after: string | null,
    take: number,
  ): Promise<Array<TestPlan & { memberCount: number }>> {
    const qb = db.getRepository(TestPlanEntity).createQueryBuilder('p').where('p.orgId = :orgId', { orgId });
    if (after) qb.andWhere('p.id < :after', { after });
    const plans = await qb.orderBy('p.id', 'DESC').limit(take).getMany();
    const counts = await this.memberCounts(
      db,
      plans.map((p) => p.id),
    );
    return plans.map((p) => ({ ...p, memberCount: counts.get(p.id) ?? 0 }));
  },

  async memberCounts(db: EntityManager, planIds: string[]): Promise<Map<string, number>> {
    if (!planIds.length) return new Map();
    const rows: Array<{ plan_id: string; n: string }> = await db.query(
      `SELECT plan_id, COUNT(*) AS n FROM test_plan_members WHERE plan_id IN (${planIds.map(() => '?').join(',')}) GROUP BY plan_id`,
      planIds,
    );
    return new Map(rows.map((r) => [r.plan_id, Number(r.n)]));
  },

  /** Ordered members with their case names. */
  async members(db: EntityManager, planId: string): Promise<MemberRow[]> {
    const rows: Array<{ test_case_id: string; name: string; position: number }> = await db.query(
      `SELECT m.test_case_id, c.name, m.position FROM test_plan_members m
       JOIN test_cases c ON c.id = m.test_case_id WHERE m.plan_id = ? ORDER BY m.position`,
      [planId],
    );
    return rows.map((r) => ({ testCaseId: r.test_case_id, name: r.name, position: Number(r.position) }));
  },

  async replaceMembers(db: EntityManager, planId: string, testCaseIds: string[], now: number) {
    await db.getRepository(TestPlanMemberEntity).delete({ planId });
    if (testCaseIds.length) {
      await db
        .getRepository(TestPlanMemberEntity)
        .insert(testCaseIds.map((testCaseId, position) => ({ planId, position, testCaseId })));
    }
    await db.getRepository(TestPlanEntity).update({ id: planId }, { updatedAt: now });
  },
};
