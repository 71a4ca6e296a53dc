import { MAX_LISTED_FAILURES, type ChannelKind, type GroupSummary } from '../../core/notifications';

/** The headline of a message: the plan, its verdict, and a change of state when there was one. */
export function headline(s: GroupSummary): string {
  const change = s.previousVerdict ? ` (was ${s.previousVerdict})` : '';
  return `${s.planName}: ${s.verdict}${change}`;
}

/** Where and what ran, one line: Environment, branch, commit, schedule. */
function context(s: GroupSummary): string[] {
  return [
    s.environmentSlug && `Environment ${s.environmentSlug}`,
    s.branch && `branch ${s.branch}`,
    s.commitSha && `commit ${s.commitSha.slice(0, 12)}`,
    s.scheduleName && `schedule ${s.scheduleName}`,
  ].filter((x): x is string => !!x);
}

const countsLine = (s: GroupSummary) =>
  `${s.counts.runs} Runs: ${s.counts.passed} passed, ${s.counts.failed} failed` +
  (s.counts.other ? `, ${s.counts.other} other` : '');

const more = (s: GroupSummary) => s.failed.length - Math.min(s.failed.length, MAX_LISTED_FAILURES);

/** Slack's mrkdwn treats &, < and > as control characters (its "Formatting text" guide). */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Slack incoming webhook body: Block Kit blocks with a plain-text fallback (`text`). */
export function slackMessage(s: GroupSummary) {
  const failures = s.failed.slice(0, MAX_LISTED_FAILURES).map((f) => {
    const why = f.diagnosis ? ` — ${slackEscape(f.diagnosis)}` : '';
    return `• <${f.consoleUrl}|${slackEscape(f.name)}> (${f.status})${why}`;
  });
  if (more(s)) failures.push(`…and ${more(s)} more`);
  const blocks: unknown[] = [
    // A header block holds at most 150 characters of plain text.
    { type: 'header', text: { type: 'plain_text', text: headline(s).slice(0, 150), emoji: false } },
    {
      type: 'section',
      text: { type: 'mrkdwn', text: slackEscape([countsLine(s), ...context(s)].join(' · ')) },
    },
  ];
  // A section's text holds at most 3000 characters.
  if (failures.length)
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: failures.join('\n').slice(0, 3000) } });
  blocks.push({
    type: 'actions',
    elements: [
      { type: 'button', text: { type: 'plain_text', text: 'Open in the console' }, url: s.consoleUrl },
      { type: 'button', text: { type: 'plain_text', text: 'Report' }, url: s.reportUrl },
    ],
  });
  return { text: `${headline(s)} — ${countsLine(s)}`, blocks };
}

/** A Teams incoming webhook body: one Adaptive Card (1.4) in a message attachment, as Teams' workflows expect. */
export function teamsMessage(s: GroupSummary) {
  const body: unknown[] = [
    { type: 'TextBlock', size: 'Large', weight: 'Bolder', wrap: true, text: headline(s) },
    { type: 'TextBlock', wrap: true, text: [countsLine(s), ...context(s)].join(' · ') },
  ];
  if (s.failed.length)
    body.push({
      type: 'FactSet',
      facts: s.failed.slice(0, MAX_LISTED_FAILURES).map((f) => ({
        title: f.name,
        value: `${f.status}${f.diagnosis ? ` — ${f.diagnosis}` : ''}`,
      })),
    });
  if (more(s)) body.push({ type: 'TextBlock', wrap: true, text: `…and ${more(s)} more` });
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          actions: [
            { type: 'Action.OpenUrl', title: 'Open in the console', url: s.consoleUrl },
            { type: 'Action.OpenUrl', title: 'Report', url: s.reportUrl },
          ],
        },
      },
    ],
  };
}

export const messageFor = (kind: ChannelKind, s: GroupSummary) =>
  kind === 'slack' ? slackMessage(s) : teamsMessage(s);
