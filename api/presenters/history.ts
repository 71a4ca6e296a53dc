import type { FailingStepRow, HistoryRun } from '../../db/repositories/case-history';
import { runOutcome } from '../../domain/runs/status';

const durationOf = (r: HistoryRun) =>
  r.startedAt !== null && r.finishedAt !== null ? r.finishedAt - r.startedAt : undefined;

/** A Test Case's history: its Runs grouped by environment (in the order read), rates, the weakest step. */
export function historyView(runs: HistoryRun[], failing: FailingStepRow | null) {
  const byEnvironment = new Map<string | null, HistoryRun[]>();
  for (const run of runs)
    byEnvironment.set(run.environmentSlug, [...(byEnvironment.get(run.environmentSlug) ?? []), run]);
  const environments = [...byEnvironment].map(([slug, list]) => {
    const durations = list.map(durationOf).filter((d): d is number => d !== undefined);
    const passes = list.filter((r) => r.status === 'passing');
    return {
      ...(slug !== null ? { environmentSlug: slug } : {}),
      passRate: passes.length / list.length,
      flakeRate: passes.filter((r) => r.flaky).length / list.length,
      ...(durations.length
        ? { meanDurationMs: Math.round(durations.reduce((a, b) => a + b, 0) / durations.length) }
        : {}),
      runs: list.map((r) => {
        const duration = durationOf(r);
        return {
          runId: r.id,
          status: r.status,
          // Every Run here ended, so it has a verdict (the specification's table).
          verdict: runOutcome(r.status, r.flaky).verdict ?? 'unverified',
          flaky: r.flaky,
          createdAt: r.createdAt,
          ...(duration !== undefined ? { durationMs: duration } : {}),
        };
      }),
    };
  });
  return {
    environments,
    ...(failing
      ? {
          mostFailingStep: {
            stepIndex: failing.stepIndex,
            action: failing.action,
            ...(failing.target ? { target: failing.target } : {}),
            failures: failing.failures,
            runs: runs.length,
          },
        }
      : {}),
  };
}
