import { minimatch } from 'minimatch';
import type { MemberSelection } from '../../db/entities/runs';
import type { RunUnit } from './units';

/** The tag prefix that says which files a Test Case covers, e.g. `covers:web/login/**`. */
export const COVERS_PREFIX = 'covers:';

/**
 * The `scope: "changed"` rule: a member runs when one of its `covers:<glob>` tags matches a
 * changed file; a member without any `covers:` tag (and a plan's inline steps) always runs.
 * Globs are minimatch globs against repository-relative paths (`dot` files included).
 */
export function selectMember(unit: RunUnit, changedFiles: readonly string[]): MemberSelection {
  const name = unit.name ?? unit.testCaseId ?? 'inline steps';
  const globs = (unit.tags ?? []).filter((t) => t.startsWith(COVERS_PREFIX)).map((t) => t.slice(COVERS_PREFIX.length));
  const base = { testCaseId: unit.testCaseId, name };
  if (!globs.length) return { ...base, selected: true, reason: 'no covers: tag, so it always runs' };
  for (const glob of globs) {
    const file = changedFiles.find((f) => minimatch(f.replace(/^\.\//, ''), glob, { dot: true }));
    if (file) return { ...base, selected: true, reason: `covers:${glob} matched ${file}`, matchedGlob: glob };
  }
  return {
    ...base,
    selected: false,
    reason: `not selected: no changed file matches ${globs.map((g) => `covers:${g}`).join(', ')}`,
  };
}
