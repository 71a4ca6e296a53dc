/** What two Runs' steps are compared on. */
export interface ComparedStep {
  index: number;
  action: string;
  target?: string;
  status: string;
  verdict?: string;
}

/** The outcome of a step as a person reads it: its verdict, or its status when it has none (skipped). */
export const outcomeOf = (s: ComparedStep) => s.verdict ?? s.status;

/**
 * The first step index at which two Runs differ: a step one of them lacks, a different action or
 * target (another version of the case), or a different outcome. Undefined when they agree throughout.
 */
export function firstDifference(a: ComparedStep[], b: ComparedStep[]): number | undefined {
  const byIndex = (steps: ComparedStep[]) => new Map(steps.map((s) => [s.index, s]));
  const [left, right] = [byIndex(a), byIndex(b)];
  const indices = [...new Set([...left.keys(), ...right.keys()])].sort((x, y) => x - y);
  return indices.find((i) => {
    const [l, r] = [left.get(i), right.get(i)];
    return !l || !r || l.action !== r.action || (l.target ?? '') !== (r.target ?? '') || outcomeOf(l) !== outcomeOf(r);
  });
}
