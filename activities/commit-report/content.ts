import { MAX_LISTED_FAILURES, type GroupSummary } from '../../core/notifications';
import type { CommitStage } from '../../workflows/contracts';

/** The hidden line that finds our one comment on a pull request among everyone's. */
export const COMMENT_MARKER = '<!-- qa-orchestrator:pull-request-comment -->';

/** A check run's conclusion for a group verdict: only a demonstrated failure fails the check. */
export const conclusionOf = (verdict: string): 'success' | 'failure' | 'neutral' =>
  verdict === 'passed' ? 'success' : verdict === 'failed' ? 'failure' : 'neutral';

/** GitHub Markdown: a table cell may not hold a pipe or a line break. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

const counts = (s: GroupSummary) =>
  `${s.counts.runs} Runs: ${s.counts.passed} passed, ${s.counts.failed} failed` +
  (s.counts.other ? `, ${s.counts.other} other` : '');

function failures(s: GroupSummary): string {
  if (!s.failed.length) return '';
  const rows = s.failed
    .slice(0, MAX_LISTED_FAILURES)
    .map((f) => `| [${cell(f.name)}](${f.consoleUrl}) | ${f.status} | ${cell(f.diagnosis ?? '')} |`);
  const more = s.failed.length - rows.length;
  return [
    '| Case | Verdict | Diagnosis |',
    '|---|---|---|',
    ...rows,
    ...(more > 0 ? [`\n…and ${more} more`] : []),
  ].join('\n');
}

const links = (s: GroupSummary) => `[Open in the console](${s.consoleUrl}) · [Report](${s.reportUrl})`;

/** The visual changes a person has still to accept or refuse, each linked to its Run. */
const waiting = (s: GroupSummary) =>
  s.waitingReview?.length
    ? `Visual changes waiting for review: ${s.waitingReview
        .slice(0, MAX_LISTED_FAILURES)
        .map((w) => `[${cell(w.name)}](${w.consoleUrl})`)
        .join(
          ', ',
        )}${s.waitingReview.length > MAX_LISTED_FAILURES ? ` and ${s.waitingReview.length - MAX_LISTED_FAILURES} more` : ''} · [Review them](${s.consoleUrl}/review)`
    : '';

/** The check run's title, summary and text for the stage. */
export function checkOutput(s: GroupSummary, stage: CommitStage) {
  const title =
    stage === 'completed' ? `${s.planName}: ${s.verdict} — ${counts(s)}` : `${s.planName}: ${stage.replace('_', ' ')}`;
  const where = [s.environmentSlug && `Environment \`${s.environmentSlug}\``, s.branch && `branch \`${s.branch}\``]
    .filter(Boolean)
    .join(', ');
  return {
    title,
    summary:
      `${stage === 'completed' ? `**${s.verdict}** · ${counts(s)}` : 'Runs in progress'}${where ? ` · ${where}` : ''}\n\n${links(s)}` +
      (waiting(s) ? `\n\n${waiting(s)}` : ''),
    ...(stage === 'completed' && s.failed.length ? { text: failures(s) } : {}),
  };
}

/** The one pull-request comment: the latest group of each push replaces the body, in place. */
export function commentBody(s: GroupSummary, stage: CommitStage): string {
  const state = stage === 'completed' ? `**${s.verdict}** · ${counts(s)}` : `_${stage.replace('_', ' ')}_`;
  return [
    COMMENT_MARKER,
    `### QA · ${s.planName}: ${state}`,
    '',
    `Commit \`${(s.commitSha ?? '').slice(0, 12)}\`${s.environmentSlug ? ` on \`${s.environmentSlug}\`` : ''} · ${links(s)}`,
    ...(stage === 'completed' && s.failed.length ? ['', failures(s)] : []),
    ...(waiting(s) ? ['', waiting(s)] : []),
  ].join('\n');
}
