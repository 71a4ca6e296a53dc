import { create } from 'xmlbuilder2';
import { accessibilityText, addUp } from './accessibility';
import type { AccessibilitySummary, EvidenceStep } from './shapes';

/** One plan member: a Run of this invocation, a member carried from the original group, or one not selected. */
export interface CaseResult {
  name: string;
  status: string;
  runId?: string;
  verdict?: string;
  validity?: string;
  flaky: boolean;
  reportUrl?: string;
  environment?: string;
  /** Why it was carried or not selected; the Run-level diagnosis otherwise. */
  note?: string;
  diagnosisCategory?: string;
  durationMs: number;
  steps: EvidenceStep[];
  /** Downloaded failure screenshots (paths as the CI should read them). */
  attachments: string[];
  /** Its Test Case was in quarantine: reported, skipped for the gate. */
  quarantine?: { reason: string; flakeRate?: number };
  /** Its Run's accessibility check (run.get), when the Run checks accessibility. */
  accessibility?: AccessibilitySummary;
}

export interface SuiteResult {
  /** The plan's name, or the Test Case's for a single Run. */
  name: string;
  planGroupRunId?: string;
  environment?: string;
  reportUrl?: string;
  timestamp: number;
  cases: CaseResult[];
}

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);
const stepLine = (s: EvidenceStep) =>
  `${s.index + 1}. ${s.action}${s.target ? ` ${s.target}` : ''}: ${s.status}${s.reason ? ` (${s.reason})` : ''}` +
  `${s.diagnosis ? ` [${s.diagnosis.category}: ${s.diagnosis.suggestedAction}]` : ''} ${seconds(s.durationMs)} s`;

/** The first failing step's customer-safe reason, or the Run's own note. */
export function failureOf(c: CaseResult): { message: string; type: string } {
  const step = c.steps.find((s) => s.status === 'failed');
  return {
    message: step?.reason || c.note || `the Run ended ${c.status}`,
    type: step?.diagnosis?.category ?? c.diagnosisCategory ?? c.status,
  };
}

/**
 * JUnit XML of one plan group (or one Run): one `<testsuite>`, one `<testcase>` per member with
 * classname = the plan and name = the Test Case (unique within the suite, so GitLab never merges
 * two), `<failure>` for failed, `<error>` for unverified and invalid, `<skipped>` for canceled and
 * not selected and for a quarantined case (whatever its Run's status), and a passing case with `<flakyFailure>` for a flaky pass (Surefire's schema,
 * which Playwright follows). Per-Run facts (run id, environment, verdict, validity, report link)
 * are suite `<property>` elements named `<test case>.<field>` because the schema allows properties
 * on the suite only; they open each case's `<system-out>` as well. A Run that checks accessibility
 * adds `<test case>.accessibility` (its violations by impact, and the new ones), and the suite an
 * `accessibility` property adding them up.
 */
export function junitXml(suite: SuiteResult): string {
  const unique = uniqueNames(suite.cases.map((c) => c.name));
  const gating = suite.cases.filter((c) => !c.quarantine);
  const failures = gating.filter((c) => c.status === 'failed').length;
  const errors = gating.filter((c) => c.status === 'unverified' || c.status === 'invalid').length;
  const skipped =
    suite.cases.length -
    gating.length +
    gating.filter((c) => c.status === 'canceled' || c.status === 'not_selected').length;
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const ts = doc.ele('testsuite', {
    name: suite.name,
    tests: String(suite.cases.length),
    failures: String(failures),
    errors: String(errors),
    skipped: String(skipped),
    time: seconds(suite.cases.reduce((n, c) => n + c.durationMs, 0)),
  });
  const props = ts.ele('properties');
  const prop = (name: string, value: string | undefined) => {
    if (value !== undefined && value !== '') props.ele('property', { name, value });
  };
  prop('planGroupRunId', suite.planGroupRunId);
  prop('environment', suite.environment);
  prop('reportUrl', suite.reportUrl);
  prop('timestamp', new Date(suite.timestamp).toISOString());
  const total = addUp(suite.cases.map((c) => c.accessibility));
  prop('accessibility', total && accessibilityText(total));
  suite.cases.forEach((c, i) => {
    const n = unique[i];
    prop(`${n}.runId`, c.runId);
    prop(`${n}.environment`, c.environment ?? suite.environment);
    prop(`${n}.verdict`, c.verdict ?? (c.status === 'not_selected' ? 'not_selected' : undefined));
    prop(`${n}.validity`, c.validity);
    prop(`${n}.reportUrl`, c.reportUrl);
    prop(`${n}.accessibility`, c.accessibility && accessibilityText(c.accessibility));
  });
  suite.cases.forEach((c, i) => {
    const tc = ts.ele('testcase', { name: unique[i], classname: suite.name, time: seconds(c.durationMs) });
    if (c.quarantine) {
      tc.ele('skipped', { message: `quarantined: ${c.quarantine.reason} (the Run ended ${c.status})` });
    } else if (c.status === 'failed') {
      const f = failureOf(c);
      tc.ele('failure', f).txt(c.steps.map(stepLine).join('\n'));
    } else if (c.status === 'passing' && c.flaky) {
      tc.ele('flakyFailure', {
        message: 'passed after a retry: the first attempt did not pass',
        type: 'flaky',
      })
        .ele('stackTrace')
        .txt(c.note ?? 'see the report link');
    } else if (c.status === 'unverified' || c.status === 'invalid') {
      const f = failureOf(c);
      tc.ele('error', { message: f.message, type: f.type }).txt(c.steps.map(stepLine).join('\n'));
    } else if (c.status === 'canceled') {
      tc.ele('skipped', { message: c.note ?? 'the Run was canceled' });
    } else if (c.status === 'not_selected') {
      tc.ele('skipped', { message: c.note ?? 'not selected: no covers: glob matched a changed file' });
    }
    const out = [
      ...(c.runId ? [`Run: ${c.runId}`] : []),
      `Status: ${c.status}${c.verdict ? ` (verdict ${c.verdict}, validity ${c.validity ?? 'valid'})` : ''}`,
      ...(c.reportUrl ? [`Report: ${c.reportUrl}`] : []),
      ...(c.note ? [c.note] : []),
      ...(c.accessibility ? [`Accessibility: ${accessibilityText(c.accessibility)}`] : []),
      ...c.steps.map(stepLine),
      ...c.attachments.map((p) => `[[ATTACHMENT|${p}]]`),
    ];
    tc.ele('system-out').txt(out.join('\n'));
  });
  return doc.end({ prettyPrint: true });
}

/** Test Case names made unique within a suite (a second "Login" becomes "Login (2)"). */
function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
}
