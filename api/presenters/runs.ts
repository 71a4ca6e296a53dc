import type { Run, RunMedia, RunStep } from '../../db/entities/runs';
import type { RunTrigger } from '../../core/runs';
import { runOutcome } from '../../domain/runs/status';
import { signedMediaUrl } from '../runs/media-links';
import type { RunNames } from '../runs/names';

export type { RunNames } from '../runs/names';
import { isEvidenceMedia, runSource, stepVerdict, type EvidenceMediaKind } from '../../core/runs';
import { summarizeAccessibility, type AccessibilityFact } from '../../core/accessibility';

/** The baseline Run's screenshot media id per step index (none once its media expired). */
export type BaselineMedia = Map<number, string>;

/** A suggested action as a script reads it: the API call it names is this Run's (see core/suggestion.ts). */
const advice = (run: Run, suggestedAction: string) => suggestedAction.replaceAll('{runId}', run.id);

/** The Run-level diagnosis, customer-safe fields only. */
const runDiagnosis = (run: Run) =>
  run.diagnosis
    ? {
        diagnosis: {
          category: run.diagnosis.category,
          suggestedAction: advice(run, run.diagnosis.suggestedAction),
          ...(run.diagnosis.reason ? { reason: run.diagnosis.reason } : {}),
        },
      }
    : {};

/** The Run's accessibility summary over its steps' checks (omitted when the Run checks none). */
function accessibilityOf(run: Run, steps: RunStep[]) {
  const facts = steps.flatMap((s) =>
    s.observed?.accessibility ? [s.observed.accessibility as AccessibilityFact] : [],
  );
  const summary = summarizeAccessibility(run.accessibility?.mode, facts);
  return summary ? { accessibility: summary } : {};
}

const finished = (s: RunStep) => s.status === 'passed' || s.status === 'failed' || s.status === 'skipped';

export function progressOf(steps: RunStep[]) {
  return {
    total: steps.length,
    completed: steps.filter(finished).length,
    passed: steps.filter((s) => s.status === 'passed').length,
    failed: steps.filter((s) => s.status === 'failed').length,
    skipped: steps.filter((s) => s.status === 'skipped').length,
  };
}

/** A finished step's verdict (passed, failed, unverified); none for a step pending, running or skipped. */
const verdictOf = (s: RunStep) => {
  const verdict = stepVerdict(s);
  return verdict ? { verdict } : {};
};

/** What a Run is and where it stands: the first fields of both v1 views. */
const headline = (run: Run, outcome: ReturnType<typeof runOutcome>) => ({
  runId: run.id,
  status: run.status,
  ...(outcome.verdict ? { verdict: outcome.verdict } : {}),
  validity: outcome.validity,
});

/** What the Run was started from. */
const origin = (run: Run) => ({
  testCaseId: run.testCaseId,
  testPlanId: run.testPlanId,
  planGroupRunId: run.planGroupId,
  environmentSlug: run.environmentSlug,
});

/** Who accepted the Run's screenshots as the visual baseline, and when; nothing until someone did. */
const acceptanceOf = (run: Run) => (run.visualAcceptance ? { visualAcceptance: run.visualAcceptance } : {});

/** The v1 view of run.get. */
export function runView(run: Run, steps: RunStep[], timedOut: boolean, reportUrl?: string) {
  const outcome = runOutcome(run.status, run.flaky);
  return {
    ...headline(run, outcome),
    cursor: run.cursor,
    timedOut,
    progress: progressOf(steps),
    steps: steps.map((s) => ({
      index: s.stepIndex,
      action: s.action,
      ...(s.target ? { target: s.target } : {}),
      status: s.status,
      ...verdictOf(s),
      // A step's row is written as it starts running (activities/run/record.ts), so its time is the start.
      ...(s.status === 'running' ? { startedAt: s.updatedAt } : {}),
    })),
    evidenceAvailable: steps.some(finished),
    next: outcome.next,
    flaky: run.flaky,
    ...origin(run),
    platforms: run.platforms,
    attempt: run.attempt,
    ...runDiagnosis(run),
    ...(run.quarantined ? { quarantined: true } : {}),
    ...acceptanceOf(run),
    ...accessibilityOf(run, steps),
    ...(reportUrl ? { reportUrl } : {}),
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
  };
}

/** A Run's Test Case, plan and Environment by name, beside their ids (null when none or deleted). */
export const namesOf = (run: Run, names: RunNames) => ({
  testCaseName: (run.testCaseId && names.testCases.get(run.testCaseId)) || null,
  testPlanName: (run.testPlanId && names.testPlans.get(run.testPlanId)) || null,
  environmentName: (run.environmentSlug && names.environments.get(run.environmentSlug)) || null,
});

/** Summary rows of run.list. */
export function runSummaryView(run: Run, names?: RunNames) {
  const outcome = runOutcome(run.status, run.flaky);
  return {
    ...headline(run, outcome),
    next: outcome.next,
    ...origin(run),
    ...(names ? namesOf(run, names) : {}),
    branch: run.branch,
    commitSha: run.trigger.deployment?.commitSha ?? null,
    pr: run.trigger.pr ?? null,
    source: runSource(run.trigger),
    platforms: run.platforms,
    cursor: run.cursor,
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    durationMs: run.startedAt !== null && run.finishedAt !== null ? run.finishedAt - run.startedAt : null,
  };
}

/**
 * Retention fields of a Run: `pinned` always; `mediaExpiredAt` once the purge removed (or began
 * removing) its media, whose items are then left out of evidence rather than linked.
 */
const retentionFields = (run: Run) => ({
  pinned: run.pinnedAt !== null,
  ...(run.mediaExpiredAt !== null ? { mediaExpiredAt: run.mediaExpiredAt } : {}),
});

/**
 * External Evidence: customer-safe facts per executed step, with fresh signed media links; for a
 * Run whose media expired, `mediaExpiredAt` and empty `media` lists (never a link that 404s).
 */
export function evidenceView(
  run: Run,
  steps: RunStep[],
  media: RunMedia[],
  links: { baseUrl: string; signingKey: string },
  baseline: BaselineMedia = new Map(),
) {
  const outcome = runOutcome(run.status, run.flaky);
  const now = Date.now();
  const kept = run.mediaExpiredAt === null;
  const link = (id: string, kind: string) => signedMediaUrl(links.baseUrl, links.signingKey, id, kind, now);
  const mediaOf = (index: number, kind: string) =>
    kept ? media.find((m) => m.stepIndex === index && m.kind === kind) : undefined;
  /** Before (the baseline's screenshot), after (this step's) and the diff, each while kept. */
  const visualView = (s: RunStep) => {
    if (!s.visual) return {};
    const before = baseline.get(s.stepIndex);
    const after = mediaOf(s.stepIndex, 'screenshot');
    const diff = s.visual.changedRatio > 0 && !s.visual.sizeChanged ? mediaOf(s.stepIndex, 'visual_diff') : undefined;
    return {
      visual: {
        ...s.visual,
        ...(before ? { before: link(before, 'screenshot') } : {}),
        ...(after ? { after: link(after.id, after.kind) } : {}),
        ...(diff ? { diff: link(diff.id, diff.kind) } : {}),
      },
    };
  };
  return {
    runId: run.id,
    status: run.status,
    ...(outcome.verdict ? { verdict: outcome.verdict } : {}),
    validity: outcome.validity,
    flaky: run.flaky,
    ...runDiagnosis(run),
    ...retentionFields(run),
    steps: steps.filter(finished).map((s) => ({
      index: s.stepIndex,
      action: s.action,
      ...(s.target ? { target: s.target } : {}),
      status: s.status as 'passed' | 'failed' | 'skipped',
      ...verdictOf(s),
      reason: s.reason ?? '',
      observed: s.observed ?? {},
      expectation: s.expectation ?? '',
      verdictSource: s.verdictSource ?? 'none',
      postconditionProven: s.postconditionProven,
      recoveryCount: s.recoveryCount,
      ...(s.diagnosis
        ? {
            diagnosis: {
              category: s.diagnosis.category,
              suggestedAction: advice(run, s.diagnosis.suggestedAction),
              ...(s.diagnosis.suggestedChange && { suggestedChange: { target: s.diagnosis.suggestedChange.target } }),
            },
          }
        : {}),
      media: media
        .filter((m) => kept && m.stepIndex === s.stepIndex && isEvidenceMedia(m.kind))
        .map((m) => ({ kind: m.kind as EvidenceMediaKind, ...link(m.id, m.kind) })),
      ...visualView(s),
      durationMs: s.durationMs ?? 0,
    })),
  };
}

/** The resource-style Run document; one Run's own read also carries its report link (after createdAt). */
export function resourceRunView<Link extends string | undefined = undefined>(
  run: Run,
  steps: RunStep[],
  reportUrl?: Link,
) {
  return {
    _id: run.id,
    testPlanId: run.testPlanId,
    testCaseId: run.testCaseId,
    status: run.status,
    platforms: run.platforms,
    // A JSON record to the document: the trigger fields a Run was queued with.
    trigger: run.trigger as unknown as Record<string, unknown>,
    createdAt: run.createdAt,
    // Left out of the JSON when there is none (a list).
    reportUrl: reportUrl as Link,
    ...retentionFields(run),
    ...acceptanceOf(run),
    logs: steps.map((s) => ({
      stepIndex: s.stepIndex,
      action: s.action,
      target: s.target ?? '',
      status: s.status,
      platform: s.platform,
      error: s.status === 'failed' ? (s.reason ?? '') : '',
      durationMs: s.durationMs ?? 0,
      timestamp: s.updatedAt,
    })),
  };
}
