import type { EntityManager } from 'typeorm';
import { SavedViewEntity, type SavedView } from '../entities/saved-views';

export const savedViewRepository = {
  /** False when the owner already has a view of that name. */
  async insert(db: EntityManager, view: SavedView): Promise<boolean> {
    const result = await db.query(
      `INSERT IGNORE INTO saved_views (id, org_id, owner, name, query_text, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
      [view.id, view.orgId, view.owner, view.name, view.query, view.createdAt],
    );
    return (result.affectedRows ?? 0) > 0;
  },

  /** The owner's views, newest first. */
  async list(db: EntityManager, orgId: string, owner: string, after: string | null, take: number) {
    const qb = db
      .getRepository(SavedViewEntity)
      .createQueryBuilder('v')
      .where('v.orgId = :orgId AND v.owner = :owner', { orgId, owner });
    if (after) qb.andWhere('v.id < :after', { after });
    return qb.orderBy('v.id', 'DESC').limit(take).getMany();
  },

  /** False when the owner has no such view. */
  async delete(db: EntityManager, orgId: string, owner: string, id: string): Promise<boolean> {
    const result = await db.getRepository(SavedViewEntity).delete({ orgId, owner, id });
    return (result.affected ?? 0) > 0;
  },
};
