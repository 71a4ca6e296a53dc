import type { EntityManager } from 'typeorm';
import { ScheduleEntity, ScheduleFireEntity, type Schedule, type ScheduleFire } from '../entities/schedules';

type SchedulePatch = Partial<Omit<Schedule, 'id' | 'orgId' | 'createdAt' | 'revision'>>;

/** Scheduled plans and their fires. */
export const scheduleRepository = {
  async count(db: EntityManager, orgId: string): Promise<number> {
    return db.getRepository(ScheduleEntity).countBy({ orgId });
  },

  async insert(db: EntityManager, schedule: Schedule): Promise<void> {
    await db.getRepository(ScheduleEntity).insert(schedule);
  },

  async get(db: EntityManager, orgId: string, id: string): Promise<Schedule | null> {
    return db.getRepository(ScheduleEntity).findOneBy({ orgId, id });
  },

  /** For activities and the reconciler, which act on an id Temporal gave them. */
  async byId(db: EntityManager, id: string): Promise<Schedule | null> {
    return db.getRepository(ScheduleEntity).findOneBy({ id });
  },

  /** The record, its row held for the caller's transaction (fires of one schedule decide in turn). */
  async locked(db: EntityManager, id: string): Promise<Schedule | null> {
    return db
      .getRepository(ScheduleEntity)
      .createQueryBuilder('s')
      .setLock('pessimistic_write')
      .where('s.id = :id', { id })
      .getOne();
  },

  /** Newest first; `after` is the last id of the previous page. */
  async list(db: EntityManager, orgId: string, after: string | null, take: number): Promise<Schedule[]> {
    const qb = db.getRepository(ScheduleEntity).createQueryBuilder('s').where('s.orgId = :orgId', { orgId });
    if (after) qb.andWhere('s.id < :after', { after });
    return qb.orderBy('s.id', 'DESC').limit(take).getMany();
  },

  /** Every organization's schedules in id order, a batch at a time (the reconciler's walk). */
  async batch(db: EntityManager, after: string | null, take: number): Promise<Schedule[]> {
    const qb = db.getRepository(ScheduleEntity).createQueryBuilder('s');
    if (after) qb.where('s.id > :after', { after });
    return qb.orderBy('s.id', 'ASC').limit(take).getMany();
  },

  /** A change of what the Temporal Schedule mirrors: the revision moves on with it. */
  async change(db: EntityManager, id: string, patch: SchedulePatch): Promise<void> {
    await db
      .getRepository(ScheduleEntity)
      .createQueryBuilder()
      .update()
      .set({ ...patch, revision: () => 'revision + 1' })
      .where('id = :id', { id })
      .execute();
  },

  /** Bookkeeping that the Temporal Schedule does not mirror (state, last error). */
  async note(db: EntityManager, id: string, patch: Pick<SchedulePatch, 'state' | 'stateChangedAt' | 'lastError'>) {
    await db.getRepository(ScheduleEntity).update({ id }, patch);
  },

  async delete(db: EntityManager, orgId: string, id: string): Promise<boolean> {
    const result = await db.getRepository(ScheduleEntity).delete({ orgId, id });
    return (result.affected ?? 0) > 0;
  },

  async fire(db: EntityManager, fireId: string): Promise<ScheduleFire | null> {
    return db.getRepository(ScheduleFireEntity).findOneBy({ fireId });
  },

  async insertFire(db: EntityManager, fire: ScheduleFire): Promise<void> {
    await db.getRepository(ScheduleFireEntity).insert(fire);
  },

  async finishFire(db: EntityManager, fireId: string, patch: Partial<ScheduleFire>): Promise<void> {
    await db.getRepository(ScheduleFireEntity).update({ fireId }, patch);
  },

  /** The fire that started last before `startedAt` (for the one-catch-up-per-outage rule). */
  async previousFire(db: EntityManager, scheduleId: string, startedAt: number): Promise<ScheduleFire | null> {
    return db
      .getRepository(ScheduleFireEntity)
      .createQueryBuilder('f')
      .where('f.scheduleId = :scheduleId AND f.startedAt <= :startedAt', { scheduleId, startedAt })
      .orderBy('f.startedAt', 'DESC')
      .limit(1)
      .getOne();
  },

  /** The latest fires, newest first. */
  async recentFires(db: EntityManager, scheduleId: string, take: number): Promise<ScheduleFire[]> {
    return db
      .getRepository(ScheduleFireEntity)
      .createQueryBuilder('f')
      .where('f.scheduleId = :scheduleId', { scheduleId })
      .orderBy('f.startedAt', 'DESC')
      .addOrderBy('f.fireId', 'DESC')
      .limit(take)
      .getMany();
  },

  /** The state change a group caused, for its `schedule.state_changed` event. */
  async fireOfGroup(db: EntityManager, planGroupId: string): Promise<ScheduleFire | null> {
    return db.getRepository(ScheduleFireEntity).findOneBy({ planGroupId });
  },
};
