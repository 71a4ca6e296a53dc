import type { RunWebStepsAccessibility, AccessibilityFact } from '../../core/accessibility';
import type { Run } from '../../db/entities/runs';
import { visualRepository } from '../../db/repositories/visual';
import type { ActivityDeps } from '../deps';

/**
 * The Run's accessibility check, or undefined when its mode is off (or it is not a web Run): its
 * mode and the findings of the last passing Run of the same case (or plan) and Environment, which
 * the check marks its findings new against. A passing Run that checked nothing is a baseline
 * without findings for no path, so nothing is marked new (see markNew).
 */
export async function accessibilityCheck(
  deps: Pick<ActivityDeps, 'db'>,
  run: Run,
): Promise<RunWebStepsAccessibility | undefined> {
  const mode = run.accessibility?.mode;
  if (!mode || mode === 'off') return undefined;
  if (!run.environmentSlug) return { mode };
  const passing = await visualRepository.lastPassing(deps.db.manager, run);
  if (!passing) return { mode };
  // One Run's steps: bounded by a Run's step count.
  const rows: Array<{ observed: string | null }> = await deps.db.manager.query(
    'SELECT observed FROM run_steps WHERE run_id = ? ORDER BY step_index LIMIT 1000',
    [passing.id],
  );
  const facts = rows.flatMap((row) => {
    const observed = typeof row.observed === 'string' ? safeParse(row.observed) : row.observed;
    const fact = (observed as { accessibility?: AccessibilityFact } | null)?.accessibility;
    return fact ? [fact] : [];
  });
  return { mode, baseline: { runId: passing.id, facts } };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
