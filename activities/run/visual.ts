import { buffer } from 'node:stream/consumers';
import { visualFact, visualFailure } from '../../core/visual';
import type { Run } from '../../db/entities/runs';
import { baselineFor } from '../../domain/visual';
import type { ActivityDeps } from '../deps';
import type { VisualComparer } from '../engines/shared/result';
import { compareScreenshots } from '../engines/web/visual-diff';

/**
 * The Run's comparer, or undefined when it compares nothing (see baselineFor). The baseline's
 * screenshots are read from storage at once, in parallel with the first steps, so a step waits
 * for the comparison itself only (measured in `npm run bench -- visual`).
 */
export async function visualComparer(
  deps: Pick<ActivityDeps, 'db' | 'storage' | 'log'>,
  run: Run,
): Promise<VisualComparer | undefined> {
  const baseline = await baselineFor(deps.db.manager, run);
  if (!baseline) return undefined;
  // baselineFor answers null for a Run without settings or with visual off.
  const settings = run.visual!;
  const mode = settings.mode as Exclude<typeof settings.mode, 'off'>;
  const shots = new Map(
    baseline.screenshots.map((s) => {
      const png = deps.storage
        .read(s.storageKey)
        .then((stream) => buffer(stream))
        .catch(() => null); // a baseline that cannot be read is no baseline
      return [s.stepIndex, { ...s, png }] as const;
    }),
  );
  return async (step, index, screenshot) => {
    const shot = shots.get(index);
    // A step edited since the baseline (another action or target) has nothing to compare with.
    if (!shot || shot.action !== step.action || (shot.target ?? undefined) !== step.target) return undefined;
    const before = await shot.png;
    if (!before) return undefined;
    const comparison = compareScreenshots(before, screenshot, step.ignore ?? []);
    const fact = visualFact(comparison, { ...settings, mode }, baseline.runId);
    return { fact, diffPng: comparison.diffPng, failure: visualFailure(fact) };
  };
}
