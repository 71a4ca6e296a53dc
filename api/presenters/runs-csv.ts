import type { Run } from '../../db/entities/runs';
import { namesOf, runSummaryView, type RunNames } from './runs';

/** The export's columns, in order: names, verdicts, durations and links, as a spreadsheet reads them. */
export const runCsvColumns = [
  'Run',
  'Link',
  'Status',
  'Verdict',
  'Test Case',
  'Test Plan',
  'Environment',
  'Source',
  'Branch',
  'Commit',
  'Created (UTC)',
  'Duration (ms)',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text that a
 * spreadsheet would run as a formula (= + - @ first) is prefixed with ' so it stays text (OWASP's
 * CSV injection advice): names are written by people.
 */
function field(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV row of one Run; `link` is its page in the console. */
export function runCsvRow(run: Run, names: RunNames, link: string): string {
  const s = runSummaryView(run, names);
  const n = namesOf(run, names);
  return [
    run.id,
    link,
    s.status,
    s.verdict,
    n.testCaseName ?? run.testCaseId,
    n.testPlanName ?? run.testPlanId,
    run.environmentSlug,
    s.source,
    run.branch,
    s.commitSha,
    new Date(run.createdAt).toISOString(),
    s.durationMs,
  ]
    .map(field)
    .join(',');
}

export const runCsvHeader = runCsvColumns.map(field).join(',');
