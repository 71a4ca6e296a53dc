import type { RunState } from '../lib/contract';

type Summary = NonNullable<RunState['accessibility']>;
const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;

const counts = (c: Summary['violations']) =>
  IMPACTS.filter((i) => c[i] > 0)
    .map((i) => `${c[i]} ${i}`)
    .join(', ') || 'none';

/** The Run's accessibility check over all its pages (run.get's summary): violations by impact, and the new ones. */
export function AccessibilitySummary({ summary }: { summary: Summary }) {
  return (
    <p data-testid="accessibility-summary">
      Accessibility ({summary.mode === 'fail' ? 'fails on new serious or critical violations' : 'reported'}):{' '}
      {summary.pages} page{summary.pages === 1 ? '' : 's'} checked, violations {counts(summary.violations)}
      {summary.newViolations ? `; new since the last passing Run: ${counts(summary.newViolations)}` : ''}.
    </p>
  );
}

/** One axe-core finding of a page, as run.evidence reports it (rule, impact, count, controls by name). */
interface Finding {
  rule: string;
  impact: string;
  count: number;
  controls: string[];
  new?: boolean;
}

/**
 * The accessibility check of the page a step reached (issue 77): new findings first, then those the
 * baseline Run had too; nothing when the step checked no page.
 */
export function AccessibilityFacts({ observed, step }: { observed: Record<string, unknown>; step: number }) {
  const fact = observed.accessibility as { path?: string; findings?: Finding[]; baselineRunId?: string } | undefined;
  if (!fact || !Array.isArray(fact.findings)) return null;
  const findings = [...fact.findings].sort((a, b) => Number(Boolean(b.new)) - Number(Boolean(a.new)));
  return (
    <section class="page-facts" aria-label={`Accessibility of the page of step ${step}`}>
      <p>
        Accessibility of <code>{fact.path}</code>:{' '}
        {findings.length ? `${findings.length} rule(s) broken` : 'no violation found'}
        {fact.baselineRunId ? `, compared with Run ${fact.baselineRunId}` : ''}.
      </p>
      {findings.length > 0 && (
        <ul>
          {findings.map((f) => (
            <li>
              {f.new ? <strong>New: </strong> : null}
              {f.rule} ({f.impact}), {f.count} element{f.count === 1 ? '' : 's'}
              {f.controls.length ? `: ${f.controls.join(', ')}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
