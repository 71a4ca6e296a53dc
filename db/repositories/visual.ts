import type { EntityManager } from 'typeorm';
import { readEntities } from './query';
import { RunEntity, type Run } from '../entities/runs';
import { VisualBaselineEntity, type VisualBaseline } from '../entities/visual';
import type { VisualAcceptance } from '../../core/visual';

/** Whose screenshots a Run's are compared with: a Test Case's Runs, or a plan's inline steps. */
export const visualSubjectOf = (run: Pick<Run, 'testCaseId' | 'testPlanId'>): string | null =>
  run.testCaseId ?? run.testPlanId;

export interface BaselineScreenshot {
  stepIndex: number;
  action: string;
  target: string | null;
  mediaId: string;
  storageKey: string;
}

/** Accepted baselines, and the choice of the Run a new Run's screenshots are compared with. */
export const visualRepository = {
  async accepted(
    db: EntityManager,
    key: Pick<VisualBaseline, 'orgId' | 'subjectId' | 'environmentSlug' | 'viewport'>,
  ): Promise<VisualBaseline | null> {
    return db.getRepository(VisualBaselineEntity).findOneBy(key);
  },

  /** Makes a Run the accepted baseline of its subject there (replacing the one before). */
  async accept(db: EntityManager, baseline: VisualBaseline): Promise<void> {
    await db
      .getRepository(VisualBaselineEntity)
      .upsert(baseline, ['orgId', 'subjectId', 'environmentSlug', 'viewport']);
  },

  /** Records on the Run who accepted its screenshots and when (its cursor grows: run.get shows a change). */
  async recordAcceptance(db: EntityManager, runId: string, acceptance: VisualAcceptance): Promise<void> {
    await db.query(
      'UPDATE runs SET visual_acceptance = ?, cursor_value = cursor_value + 1, updated_at = ? WHERE id = ?',
      [JSON.stringify(acceptance), acceptance.at, runId],
    );
  },

  /**
   * The subject's newest passing Run in the Environment whose media are still kept, other than
   * `exceptRunId` (the Run being compared).
   */
  async lastPassing(db: EntityManager, run: Run): Promise<Run | null> {
    const bySubject = run.testCaseId ? 'test_case_id = ?' : 'test_case_id IS NULL AND test_plan_id = ?';
    const [found] = await readEntities(
      db,
      RunEntity,
      `SELECT * FROM runs WHERE org_id = ? AND ${bySubject} AND environment_slug = ? AND status = 'passing'
         AND media_expired_at IS NULL AND id <> ? ORDER BY id DESC LIMIT 1`,
      [run.orgId, visualSubjectOf(run), run.environmentSlug, run.id],
    );
    return found ?? null;
  },

  /** Records the baseline a Run chose on its first attempt; a later attempt reads it back. */
  async setBaselineOf(db: EntityManager, runId: string, baselineRunId: string): Promise<void> {
    await db.query('UPDATE runs SET visual_baseline_run_id = ? WHERE id = ? AND visual_baseline_run_id IS NULL', [
      baselineRunId,
      runId,
    ]);
  },

  /** The baseline Run's screenshots with the step each belongs to (none once its media expired). */
  async screenshots(db: EntityManager, runId: string): Promise<BaselineScreenshot[]> {
    const rows: Array<{ step_index: number; action: string; target: string | null; id: string; storage_key: string }> =
      await db.query(
        `SELECT s.step_index, s.action, s.target, m.id, m.storage_key FROM run_media m
         JOIN run_steps s ON s.run_id = m.run_id AND s.step_index = m.step_index
         JOIN runs r ON r.id = m.run_id
         WHERE m.run_id = ? AND m.kind = 'screenshot' AND r.media_expired_at IS NULL ORDER BY s.step_index`,
        [runId],
      );
    return rows.map((r) => ({
      stepIndex: Number(r.step_index),
      action: r.action,
      target: r.target,
      mediaId: r.id,
      storageKey: r.storage_key,
    }));
  },
};
