import { z } from 'zod';
import { suggestion } from './suggestion';

/**
 * Accessibility checks of web Runs (issue 77 point 4): axe-core's violations on each page a Run
 * visits, as facts a customer may see (rule, impact, count, the controls' accessible names; never
 * HTML or selectors), and which of them are new against a baseline Run. The page is checked in
 * activities/engines/web/accessibility.ts.
 */

export const accessibilityImpacts = ['minor', 'moderate', 'serious', 'critical'] as const;
export type AccessibilityImpact = (typeof accessibilityImpacts)[number];

/** At most this many controls are named per finding: a page with 300 unnamed links says so by its count. */
export const CONTROLS_PER_FINDING = 5;

/** One axe-core rule the page breaks. */
export interface AccessibilityFinding {
  /** axe-core's rule id, e.g. `button-name`. */
  rule: string;
  impact: AccessibilityImpact;
  /** How many elements break it. */
  count: number;
  /** The first few of them by role and accessible name, e.g. `button (no name)`, `link "Orders"`. */
  controls: string[];
  /** Not in the baseline Run's check of the same page (or more elements break it); absent without a baseline. */
  new?: boolean;
}

/** The check of one page (one URL path, checked once per Run), as a step's `observed.accessibility`. */
export interface AccessibilityFact {
  /** The URL path checked (no query string). */
  path: string;
  findings: AccessibilityFinding[];
  /** The Run the findings were compared with. */
  baselineRunId?: string;
}

const key = (path: string, rule: string) => `${path}\u0000${rule}`;

/**
 * Marks each finding new or not against the baseline's checks: new when the baseline's check of
 * the same path did not break the rule, or broke it on fewer elements. A path the baseline never
 * checked has nothing to compare with, so nothing on it is marked (as a visual step without a
 * baseline screenshot is not compared).
 */
export function markNew(
  fact: AccessibilityFact,
  baseline: { runId: string; facts: readonly AccessibilityFact[] } | undefined,
): AccessibilityFact {
  const before = baseline?.facts.find((f) => f.path === fact.path);
  if (!baseline || !before) return fact;
  const counts = new Map(before.findings.map((f) => [key(before.path, f.rule), f.count]));
  return {
    ...fact,
    baselineRunId: baseline.runId,
    findings: fact.findings.map((f) => ({ ...f, new: f.count > (counts.get(key(fact.path, f.rule)) ?? 0) })),
  };
}

/** The new findings of a Run's checks. */
export const newFindings = (facts: readonly AccessibilityFact[]) =>
  facts.flatMap((fact) => fact.findings.filter((f) => f.new).map((f) => ({ path: fact.path, ...f })));

export const accessibilityModes = ['off', 'report', 'fail'] as const;
export type AccessibilityMode = (typeof accessibilityModes)[number];

/**
 * The customer-safe reason a Run in `fail` mode fails for its new serious or critical findings, or
 * null (report mode never fails; minor and moderate findings never do).
 */
export function accessibilityFailure(mode: AccessibilityMode, facts: readonly AccessibilityFact[]): string | null {
  if (mode !== 'fail') return null;
  const grave = newFindings(facts).filter((f) => f.impact === 'serious' || f.impact === 'critical');
  if (!grave.length) return null;
  const first = grave[0]!;
  const more = grave.length > 1 ? ` and ${grave.length - 1} more` : '';
  return (
    `A new ${first.impact} accessibility violation on ${first.path}: ${first.rule} ` +
    `(${first.controls.join(', ') || `${first.count} elements`})${more}; the plan fails new serious or critical ones.`
  );
}

export const accessibilitySetting = z
  .strictObject({
    mode: z
      .enum(accessibilityModes)
      .describe(
        'off (the default): no check; report: axe-core checks each page a web Run visits, findings are evidence, never a verdict; fail: also a new serious or critical finding fails the step that reached the page.',
      ),
  })
  .describe(
    'Accessibility check of each page a web Run visits (axe-core), new findings against the last passing Run of the same case and Environment.',
  );
export type AccessibilitySetting = z.infer<typeof accessibilitySetting>;

/** What a Run snapshots when queued (runs.accessibility_settings). */
export interface RunAccessibilitySettings {
  mode: AccessibilityMode;
}

export const runAccessibilitySettings = (setting: AccessibilitySetting | undefined): RunAccessibilitySettings => ({
  mode: setting?.mode ?? 'off',
});

export const ACCESSIBILITY_SUGGESTION = suggestion(
  "Look at the step's accessibility findings: give the control its name (a label, the button's text or aria-label) or fix what the rule names.",
  "GET /api/runs/{runId} (each step's observed.accessibility)",
);

/** What a web Run's check is given: its mode and its baseline's findings. */
export interface RunWebStepsAccessibility {
  mode?: Exclude<AccessibilityMode, 'off'>;
  baseline?: { runId: string; facts: readonly AccessibilityFact[] };
}

const byImpact = z
  .object({
    critical: z.number().int(),
    serious: z.number().int(),
    moderate: z.number().int(),
    minor: z.number().int(),
  })
  .describe('Violations (an axe-core rule broken on a page) by impact.');

/** A Run's accessibility check over all its pages (run.get `accessibility`; qa's output and JUnit report it). */
export const accessibilitySummary = z
  .object({
    mode: z.enum(['report', 'fail']).describe("The Run's check: report, or fail on new serious or critical ones."),
    pages: z.number().int().describe('Pages (URL paths) checked so far.'),
    violations: byImpact,
    newViolations: byImpact
      .optional()
      .describe(
        'Of those, the ones new against the baseline Run; omitted when no page had a baseline to compare with.',
      ),
    baselineRunId: z
      .string()
      .optional()
      .describe('The last passing Run of the same case and Environment compared with.'),
  })
  .describe("The Run's accessibility violations by impact over the pages it visited; omitted when it checks none.");
export type AccessibilitySummary = z.infer<typeof accessibilitySummary>;

const noViolations = () => ({ critical: 0, serious: 0, moderate: 0, minor: 0 });

/** Sums the checks of a Run's pages: each finding (a rule on a page) counts once under its impact. */
export function summarizeAccessibility(
  mode: AccessibilityMode | undefined,
  facts: readonly AccessibilityFact[],
): AccessibilitySummary | undefined {
  if (!mode || mode === 'off') return undefined;
  const violations = noViolations();
  const fresh = noViolations();
  let baselineRunId: string | undefined;
  for (const fact of facts) {
    baselineRunId ??= fact.baselineRunId;
    for (const f of fact.findings) {
      violations[f.impact]++;
      if (f.new) fresh[f.impact]++;
    }
  }
  return {
    mode,
    pages: new Set(facts.map((f) => f.path)).size,
    violations,
    ...(baselineRunId ? { newViolations: fresh, baselineRunId } : {}),
  };
}
