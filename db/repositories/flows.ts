import type { EntityManager } from 'typeorm';
import { FlowEntity, type Flow } from '../entities/plans';

export const flowRepository = {
  async bySlug(db: EntityManager, orgId: string, slug: string): Promise<Flow | null> {
    return db.getRepository(FlowEntity).findOneBy({ orgId, slug });
  },

  /** Creates the flow or replaces its name, description and steps; the id stays. */
  async upsert(db: EntityManager, row: Flow): Promise<void> {
    await db.query(
      `INSERT INTO flows (id, org_id, slug, name, description, steps, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE name = VALUES(name), description = VALUES(description), steps = VALUES(steps), updated_at = VALUES(updated_at)`,
      [row.id, row.orgId, row.slug, row.name, row.description, JSON.stringify(row.steps), row.createdAt, row.updatedAt],
    );
  },
};
