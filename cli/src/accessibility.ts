import type { AccessibilitySummary } from './shapes';

const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
type Counts = AccessibilitySummary['violations'];

const counts = (c: Counts) => {
  const named = IMPACTS.filter((i) => c[i] > 0).map((i) => `${c[i]} ${i}`);
  return named.length ? named.join(', ') : 'none';
};

/**
 * A Run's accessibility check in one line, as qa prints it and JUnit carries it:
 * "2 pages: 1 critical, 3 minor; new: 1 critical".
 */
export function accessibilityText(s: AccessibilitySummary): string {
  const fresh = s.newViolations ? `; new: ${counts(s.newViolations)}` : '; no baseline to compare with';
  return `${s.pages} page${s.pages === 1 ? '' : 's'}: ${counts(s.violations)}${fresh}`;
}

/** The summaries of several Runs added up (the plan group's line); undefined when none checked. */
export function addUp(summaries: Array<AccessibilitySummary | undefined>): AccessibilitySummary | undefined {
  const present = summaries.filter((s): s is AccessibilitySummary => !!s);
  if (!present.length) return undefined;
  const sum = (pick: (s: AccessibilitySummary) => Counts | undefined) =>
    Object.fromEntries(IMPACTS.map((i) => [i, present.reduce((n, s) => n + (pick(s)?.[i] ?? 0), 0)])) as Counts;
  const compared = present.some((s) => s.newViolations);
  return {
    mode: present.some((s) => s.mode === 'fail') ? 'fail' : 'report',
    pages: present.reduce((n, s) => n + s.pages, 0),
    violations: sum((s) => s.violations),
    ...(compared ? { newViolations: sum((s) => s.newViolations) } : {}),
  };
}
