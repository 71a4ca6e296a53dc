import type { EntityManager } from 'typeorm';
import type { Run } from '../../db/entities/runs';
import { runRepository } from '../../db/repositories/runs';
import { visualRepository } from '../../db/repositories/visual';

/** Storage URLs handed out by the redirect live one minute: long enough to follow, short enough to not matter. */
export const STORAGE_URL_TTL_S = 60;

/**
 * What External Evidence of a Run is made of: its steps, its media, and the screenshots of the
 * Run its steps were visually compared with (the `before` of each comparison).
 */
export async function evidenceSources(db: EntityManager, run: Run) {
  const [steps, media, baseline] = await Promise.all([
    runRepository.steps(db, [run.id]).then((byRun) => byRun.get(run.id)!),
    runRepository.media(db, run.id),
    run.visualBaselineRunId ? visualRepository.screenshots(db, run.visualBaselineRunId) : [],
  ]);
  return { steps, media, baseline: new Map(baseline.map((s) => [s.stepIndex, s.mediaId])) };
}
