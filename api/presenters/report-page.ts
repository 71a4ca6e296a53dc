import type { Run } from '../../db/entities/runs';
import type { PlanGroupState } from './plan-groups';
import type { evidenceView } from './runs';

/**
 * The server-rendered report pages behind signed links. Content comes from the External Evidence
 * presenter only (evidenceView), so the page is customer-safe by the same rules: no prompts,
 * provider, raw runner errors or internals. Plain HTML with landmarks, headings, alt text and a
 * skip link; one column that reads on a phone.
 */

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const h = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => escapes[c]);

const STATUS_TEXT: Record<string, string> = {
  passing: 'Passed',
  failed: 'Failed',
  unverified: 'Unverified',
  canceled: 'Canceled',
  invalid: 'Invalid',
  queued: 'Queued',
  running: 'Running',
  retrying: 'Retrying',
  passed_in_original: 'Passed in original',
  not_selected: 'Not selected',
  passed: 'Passed',
  skipped: 'Skipped',
};
const tone = (status: string) =>
  ['passing', 'passed', 'passed_in_original'].includes(status)
    ? 'ok'
    : status === 'failed'
      ? 'bad'
      : ['queued', 'running', 'retrying'].includes(status)
        ? 'busy'
        : 'warn';
const seconds = (ms: number | undefined | null) => (ms == null ? '' : `${(ms / 1000).toFixed(1)} s`);

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1b1f24;background:#fff}
body{margin:0;overflow-wrap:break-word}dd{margin:0;overflow-wrap:anywhere}a{color:#0b57d0}a:focus,summary:focus{outline:3px solid #0b57d0;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem}
header,main,footer{max-width:60rem;margin:0 auto;padding:1rem}
header{border-bottom:1px solid #d0d7de}h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.25rem}h3{font-size:1.05rem;margin:0}
.banner{border-radius:.5rem;padding:1rem;font-weight:600;font-size:1.15rem;margin:1rem 0}
.ok{background:#dafbe1;color:#0a3d1a}.bad{background:#ffebe9;color:#82071e}.warn{background:#fff8c5;color:#4d2d00}.busy{background:#ddf4ff;color:#0a3069}
.badge{display:inline-block;white-space:nowrap;border-radius:1rem;padding:0 .6rem;font-size:.85rem;font-weight:600}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}dl.meta dt{font-weight:600}
ol.steps{list-style:none;padding:0}ol.steps>li{border:1px solid #d0d7de;border-radius:.5rem;padding:1rem;margin:0 0 1rem}
.step-head{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;justify-content:space-between}
img{max-width:100%;height:auto;border:1px solid #d0d7de;border-radius:.25rem}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #d0d7de;vertical-align:top}
.table-wrap{overflow-x:auto}
.visual{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:.5rem}figure{margin:0}figcaption{font-size:.85rem}
@media (max-width:40rem){header,main,footer{padding:.75rem}th,td{padding:.3rem;font-size:.9rem}}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<title>${h(title)}</title><style>${STYLE}</style></head>
<body><a class="skip" href="#main">Skip to content</a>
<header><p>QA run report</p></header>
<main id="main">${body}</main>
<footer><p>This page is a signed link: anyone with it can read it until it expires. Screenshot links inside it last 15 minutes; reload the page for fresh ones.</p></footer>
</body></html>`;
}

type Evidence = ReturnType<typeof evidenceView>;

/** The page of one Run: verdict banner, then every executed step with its facts and screenshot. */
export function runReportPage(run: Run, name: string, evidence: Evidence, groupUrl?: string): string {
  const status = run.status;
  const flaky = run.flaky ? ' <span class="badge warn">Flaky: passed after a retry</span>' : '';
  const duration = run.startedAt && run.finishedAt ? run.finishedAt - run.startedAt : null;
  const commit = run.trigger.deployment?.commitSha;
  const meta = [
    ['Run', run.id],
    ['Environment', run.environmentSlug ?? 'explicit targets'],
    ['Platforms', run.platforms.join(', ')],
    ...(run.branch ? [['Branch', run.branch]] : []),
    ...(commit ? [['Commit', commit]] : []),
    ...(run.trigger.pr ? [['Pull request', run.trigger.pr]] : []),
    ...(duration !== null ? [['Duration', seconds(duration)]] : []),
  ];
  const diagnosis = evidence.diagnosis
    ? `<p><strong>Diagnosis (${h(evidence.diagnosis.category)}):</strong> ${h(evidence.diagnosis.reason ?? '')} ${h(
        evidence.diagnosis.suggestedAction,
      )}</p>`
    : '';
  const steps = evidence.steps
    .map((s) => {
      const label = `Step ${s.index + 1}: ${s.action}${s.target ? ` ${s.target}` : ''}`;
      const facts = Object.entries(s.observed)
        .map(([k, v]) => `<dt>${h(k)}</dt><dd>${h(typeof v === 'string' ? v : JSON.stringify(v))}</dd>`)
        .join('');
      const media = s.media
        .filter((m) => m.kind === 'screenshot')
        .map(
          (m) =>
            `<figure><img src="${h(m.url)}" alt="Screenshot of the page after step ${s.index + 1} (${h(
              s.action,
            )}${s.target ? ` ${h(s.target)}` : ''}), ${h(STATUS_TEXT[s.status] ?? s.status)}"></figure>`,
        )
        .join('');
      return `<li><div class="step-head"><h3>${h(label)}</h3>${visualBadge(s.visual)}<span class="badge ${tone(s.status)}">${h(
        STATUS_TEXT[s.status] ?? s.status,
      )}</span></div>
<p>${h(s.reason)}</p>
${s.expectation ? `<p><strong>Expected:</strong> ${h(s.expectation)}</p>` : ''}
${facts ? `<h4>Observed</h4><dl class="meta">${facts}</dl>` : ''}
${s.diagnosis ? `<p><strong>Diagnosis (${h(s.diagnosis.category)}):</strong> ${h(s.diagnosis.suggestedAction)}</p>` : ''}
<p>Duration: ${h(seconds(s.durationMs))}${s.recoveryCount ? ` · recoveries: ${s.recoveryCount}` : ''}</p>
${s.visual ? visualSection(s.index, s.visual) : media}</li>`;
    })
    .join('\n');
  const body = `<h1>${h(name)}</h1>
<section aria-labelledby="verdict"><h2 id="verdict" class="banner ${tone(status)}" role="status">${h(
    STATUS_TEXT[status] ?? status,
  )}${flaky}</h2>${diagnosis}
<dl class="meta">${meta.map(([k, v]) => `<dt>${h(k)}</dt><dd>${h(v)}</dd>`).join('')}</dl>
${groupUrl ? `<p><a href="${h(groupUrl)}">Plan group report</a></p>` : ''}${
    run.mediaExpiredAt !== null
      ? `<p class="expired">Screenshots of this Run expired on ${h(new Date(run.mediaExpiredAt).toISOString().slice(0, 10))} under the organization's retention policy.</p>`
      : ''
  }</section>
<section aria-labelledby="steps-heading"><h2 id="steps-heading">Steps</h2>
${evidence.steps.length ? `<ol class="steps">${steps}</ol>` : '<p>No step has run yet.</p>'}</section>`;
  return page(`${STATUS_TEXT[status] ?? status}: ${name}`, body);
}

type VisualView = NonNullable<Evidence['steps'][number]['visual']>;
const percent = (ratio: number) => `${(ratio * 100).toFixed(2)} %`;

function visualBadge(visual: VisualView | undefined): string {
  if (!visual?.changed) return '';
  return ` <span class="badge ${visual.mode === 'fail' ? 'bad' : 'warn'}">Visual change</span>`;
}

/** Before (the baseline Run's screenshot), after and diff side by side, with the changed ratio. */
function visualSection(index: number, visual: VisualView): string {
  const summary = visual.sizeChanged
    ? 'The screenshot changed size since the baseline.'
    : `${percent(visual.changedRatio)} of the pixels changed (threshold ${percent(visual.threshold)}).`;
  const figure = (link: { url: string } | undefined, caption: string, alt: string) =>
    link ? `<figure><img src="${h(link.url)}" alt="${h(alt)}"><figcaption>${h(caption)}</figcaption></figure>` : '';
  return `<h4>Visual comparison</h4><p>${h(summary)} Baseline: Run ${h(visual.baselineRunId)}.</p>
<div class="visual">${figure(visual.before, 'Before (baseline)', `Baseline screenshot of step ${index + 1}`)}${figure(
    visual.after,
    'After (this Run)',
    `Screenshot of the page after step ${index + 1}`,
  )}${figure(visual.diff, 'Diff (changed pixels in red)', `Changed pixels of step ${index + 1} in red`)}</div>`;
}

/** The page of one plan group: a banner from the summary, then one table row per plan member. */
export function planGroupReportPage(state: PlanGroupState): string {
  const s = state.summary;
  // Members of quarantined cases keep their status on their row but do not decide the banner.
  const gating = state.members.filter((m) => !m.quarantined);
  const failed = gating.filter((m) => m.status === 'failed').length;
  const inconclusive = gating.filter((m) => ['unverified', 'canceled', 'invalid'].includes(m.status)).length;
  const overall = s.running ? 'running' : failed ? 'failed' : inconclusive ? 'unverified' : 'passing';
  const rows = state.members
    .map(
      (m) => `<tr><th scope="row">${m.reportUrl ? `<a href="${h(m.reportUrl)}">${h(m.name)}</a>` : h(m.name)}</th>
<td><span class="badge ${tone(m.status)}">${h(STATUS_TEXT[m.status] ?? m.status)}</span>${
        m.flaky ? ' <span class="badge warn">Flaky</span>' : ''
      }${m.quarantined ? ' <span class="badge warn">Quarantined: does not count</span>' : ''}</td>
<td>${m.progress ? `${m.progress.passed}/${m.progress.total}` : ''}</td>
<td>${h(seconds(m.durationMs))}</td><td>${h(m.quarantineReason ? `Quarantined: ${m.quarantineReason}. ${m.reason ?? ''}` : (m.reason ?? ''))}</td></tr>`,
    )
    .join('\n');
  const body = `<h1>${h(state.planName)}</h1>
<section aria-labelledby="verdict"><h2 id="verdict" class="banner ${tone(overall)}" role="status">${h(
    STATUS_TEXT[overall],
  )}: ${s.passed} passed, ${s.failed} failed, ${s.inconclusive} inconclusive${
    s.notSelected ? `, ${s.notSelected} not selected` : ''
  }${s.running ? `, ${s.running} running` : ''}${s.quarantined ? ` (${s.quarantined} quarantined, not counted)` : ''}</h2>
<dl class="meta"><dt>Plan group</dt><dd>${h(state.planGroupRunId)}</dd>${
    state.environmentSlug ? `<dt>Environment</dt><dd>${h(state.environmentSlug)}</dd>` : ''
  }${state.commitSha ? `<dt>Commit</dt><dd>${h(state.commitSha)}</dd>` : ''}${
    state.rerunOf ? `<dt>Re-run of</dt><dd>${h(state.rerunOf)}</dd>` : ''
  }</dl></section>
<section aria-labelledby="members-heading"><h2 id="members-heading">Members</h2><div class="table-wrap">
<table><caption class="skip">One row per Test Case of the plan</caption>
<thead><tr><th scope="col">Test Case</th><th scope="col">Status</th><th scope="col">Steps passed</th><th scope="col">Duration</th><th scope="col">Notes</th></tr></thead>
<tbody>${rows}</tbody></table></div></section>`;
  return page(`${STATUS_TEXT[overall]}: ${state.planName}`, body);
}

/** The API reference page: Scalar's standalone renderer, served by this deployment (no CDN). */
export function apiDocsPage(openapiUrl: string, scriptUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>QA Test Orchestration Service: API reference</title></head>
<body><div id="app"></div>
<script src="${h(scriptUrl)}"></script>
<script>Scalar.createApiReference('#app', ${JSON.stringify({
    url: openapiUrl,
    withDefaultFonts: false,
    hideClientButton: true,
    telemetry: false,
    // A self-hosted reference offers nothing that leads to Scalar's hosted services: no "Ask AI"
    // agent, no "Generate MCP", no developer toolbar with "Deploy", no generated client libraries.
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: 'never',
    hiddenClients: true,
    documentDownloadType: 'json',
  }).replace(/</g, '\\u003c')});</script>
</body></html>`;
}
