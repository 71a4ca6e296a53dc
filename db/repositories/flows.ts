import type { EntityManager } from 'typeorm';
import { FlowEntity, type Flow } from '../entities/plans';

export const flowRepository = {
  async bySlug(db: EntityManager, orgId: string, slug: string): Promise<Flow | null> {
    return db.getRepository(FlowEntity).findOneBy({ orgId, slug });
  },

  /**
   * Creates the flow or replaces its name, description and steps (the id stays), and answers it as
   * saved: read back in the transaction that wrote it, so it is there whatever else runs at that
   * moment (an organization's removal waits for the commit).
   */
  async save(db: EntityManager, row: Flow): Promise<Flow> {
    return db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO flows (id, org_id, slug, name, description, steps, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON DUPLICATE KEY UPDATE name = VALUES(name), description = VALUES(description), steps = VALUES(steps), updated_at = VALUES(updated_at)`,
        [
          row.id,
          row.orgId,
          row.slug,
          row.name,
          row.description,
          JSON.stringify(row.steps),
          row.createdAt,
          row.updatedAt,
        ],
      );
      return (await flowRepository.bySlug(tx, row.orgId, row.slug)) as Flow;
    });
  },
};
