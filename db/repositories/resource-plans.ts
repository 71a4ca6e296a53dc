import type { EntityManager } from 'typeorm';
import { TestPlanEntity, type TestPlan } from '../entities';
import { PlanGenerationEntity, type PlanGeneration } from '../entities/plans';
import type { GenerationProposal } from '../../core/generation';

/** Queries of the resource-style plan endpoints and of plan generation (same test_plans table as v1). */
export const resourcePlanRepository = {
  /** Newest first, by offset (the resource-style listing). */
  async list(db: EntityManager, orgId: string, offset: number, limit: number): Promise<TestPlan[]> {
    return db
      .getRepository(TestPlanEntity)
      .find({ where: { orgId }, order: { id: 'DESC' }, skip: offset, take: limit });
  },

  /** Every plan's id and name, for resolving a run request (names and ids only). */
  async names(db: EntityManager, orgId: string): Promise<Array<{ id: string; name: string }>> {
    return db
      .getRepository(TestPlanEntity)
      .find({ where: { orgId }, select: { id: true, name: true }, order: { id: 'ASC' } });
  },

  async insertGeneration(db: EntityManager, row: PlanGeneration): Promise<void> {
    await db.getRepository(PlanGenerationEntity).insert(row);
  },

  async generation(db: EntityManager, planId: string): Promise<PlanGeneration | null> {
    return db.getRepository(PlanGenerationEntity).findOneBy({ planId });
  },

  /**
   * Ends a generation once: only a plan still `generating` moves to `ready` (with steps) or
   * `failed` (with a reason), so a late retry cannot overwrite the outcome.
   */
  async finishGeneration(
    db: EntityManager,
    planId: string,
    outcome: { steps: object[] } | { failureReason: string },
    proposal?: GenerationProposal,
  ): Promise<void> {
    const now = Date.now();
    const ready = 'steps' in outcome;
    // One transaction: a reader never sees the plan `ready` before its proposal is there.
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE test_plans SET status = ?, steps = ?, failure_reason = ?, updated_at = ? WHERE id = ? AND status = 'generating'`,
        [
          ready ? 'ready' : 'failed',
          JSON.stringify(ready ? outcome.steps : []),
          ready ? null : outcome.failureReason,
          now,
          planId,
        ],
      );
      await tx.query(
        'UPDATE plan_generations SET proposal = COALESCE(?, proposal), finished_at = ? WHERE plan_id = ? AND finished_at IS NULL',
        [proposal ? JSON.stringify(proposal) : null, now, planId],
      );
    });
  },
};
