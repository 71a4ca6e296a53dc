import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { ActivityDeps } from '../deps';
import type { Diagnosis } from '../../workflows/contracts';
import type { Run } from '../../db/entities/runs';
import { assuranceRepository } from '../../db/repositories/assurance';
import { runRepository } from '../../db/repositories/runs';
import type { ApiRunResult } from '../../core/assurance';
import { suggestion } from '../../core/suggestion';
import { RUN_VIDEO_KIND } from '../../core/runs';
import type { StepResult } from '../engines/shared/result';

/** Records a finished step's customer-safe result (idempotent by Run and step index). */
export async function recordStep(db: EntityManager, runId: string, step: StepResult<object>): Promise<void> {
  await runRepository.putStep(db, runId, step.index, {
    status: step.status,
    reason: step.reason,
    observed: { ...step.observed },
    expectation: step.expectation,
    verdictSource: step.verdictSource,
    postconditionProven: step.postconditionProven,
    recoveryCount: step.recoveryCount,
    diagnosis: step.diagnosis ?? null,
    durationMs: Math.round(step.durationMs),
    visual: step.visual ?? null,
  });
}

/** Stores the API side of a Run for its assurance snapshot (already redacted). */
export async function recordAssurance(
  db: EntityManager,
  run: Run,
  passed: boolean,
  result: ApiRunResult,
): Promise<void> {
  await assuranceRepository.putResult(db, {
    runId: run.id,
    orgId: run.orgId,
    testPlanId: run.testPlanId,
    environmentSlug: run.environmentSlug,
    passed,
    result,
    createdAt: Date.now(),
  });
}

/**
 * The Run's diagnosis: the deciding step's, or, when every step passed but the API side found a
 * blocking problem, one that points at the assurance snapshot.
 */
export function runDiagnosis(
  failing: Pick<StepResult, 'diagnosis' | 'reason'> | undefined,
  blocking: { message: string } | undefined,
): { diagnosis?: Diagnosis } {
  if (failing?.diagnosis) return { diagnosis: { ...failing.diagnosis, reason: failing.reason } };
  if (!blocking) return {};
  return {
    diagnosis: {
      category: 'application',
      suggestedAction: suggestion("Read the Run's API assurance snapshot.", 'GET /api/runs/{runId}/assurance'),
      reason: blocking.message,
    },
  };
}

/** The id of a step's media: the same on every attempt, so a retried write replaces rather than adds. */
export const mediaId = (runId: string, index: number, kind: string) =>
  `med_${createHash('sha256').update(`${runId}:${index}:${kind}`).digest('hex').slice(0, 26)}`;

/** Stores one PNG of a step (its screenshot, or its visual diff) and its media row. */
async function putStepPng(
  deps: Pick<ActivityDeps, 'db' | 'storage'>,
  run: { orgId: string; runId: string; index: number },
  kind: 'screenshot' | 'visual_diff',
  png: Buffer,
): Promise<void> {
  const storageKey = `runs/${run.orgId}/${run.runId}/step-${run.index}-${kind === 'screenshot' ? 'screenshot' : 'diff'}.png`;
  await deps.storage.put(storageKey, png, 'image/png');
  await runRepository.putMedia(deps.db.manager, {
    id: mediaId(run.runId, run.index, kind),
    orgId: run.orgId,
    runId: run.runId,
    stepIndex: run.index,
    kind,
    storageKey,
    contentType: 'image/png',
    byteSize: png.length,
    createdAt: Date.now(),
  });
}

/** Records a finished step with its screenshot and visual diff (web and mobile runners alike). */
export async function saveStep(
  deps: Pick<ActivityDeps, 'db' | 'storage'>,
  orgId: string,
  runId: string,
  step: StepResult<object>,
): Promise<void> {
  const at = { orgId, runId, index: step.index };
  await Promise.all([
    step.screenshot && putStepPng(deps, at, 'screenshot', step.screenshot),
    step.visualDiff && putStepPng(deps, at, 'visual_diff', step.visualDiff),
  ]);
  await recordStep(deps.db.manager, runId, step);
}

/**
 * The progress callbacks a runner gives its steps: a step shows `running` as it starts (after
 * `onStart`, e.g. a heartbeat); its result and screenshot are recorded as it ends, and its raw
 * error (redacted) goes to the runner's own log.
 */
export function stepRecorder(
  deps: Pick<ActivityDeps, 'db' | 'storage' | 'log'>,
  run: { id: string; orgId: string },
  redactor: { redact(text: string): string },
  onStart: (index: number) => void,
) {
  return {
    async onStepStart(index: number) {
      onStart(index);
      await runRepository.putStep(deps.db.manager, run.id, index, { status: 'running' });
    },
    async onStepDone(step: StepResult<object>) {
      await saveStep(deps, run.orgId, run.id, step);
      if (step.internalError)
        deps.log.warn('step failed', { runId: run.id, step: step.index, error: redactor.redact(step.internalError) });
    },
  };
}

/** Records a step the engine skipped without reporting it (it never started). */
export async function recordSkipped(db: EntityManager, runId: string, step: StepResult<object>): Promise<void> {
  await runRepository.putStep(db, runId, step.index, {
    status: 'skipped',
    reason: step.reason,
    verdictSource: 'none',
    diagnosis: step.diagnosis ?? null,
  });
}

/**
 * The Run's video (WebM, up to its first secret) is media of the deciding step, like the trace: the
 * same organization-only links and the same retention, never External Evidence.
 */
export async function saveVideo(
  deps: Pick<ActivityDeps, 'db' | 'storage'>,
  run: { id: string; orgId: string },
  steps: readonly StepResult<object>[],
  video: Buffer,
): Promise<void> {
  const deciding = steps.find((s) => s.status !== 'passed') ?? steps.at(-1);
  if (!deciding) return;
  const storageKey = `runs/${run.orgId}/${run.id}/video.webm`;
  await deps.storage.put(storageKey, video, 'video/webm');
  await runRepository.putMedia(deps.db.manager, {
    id: mediaId(run.id, deciding.index, RUN_VIDEO_KIND),
    orgId: run.orgId,
    runId: run.id,
    stepIndex: deciding.index,
    kind: RUN_VIDEO_KIND,
    storageKey,
    contentType: 'video/webm',
    byteSize: video.length,
    createdAt: Date.now(),
  });
}

/**
 * The Run's trace is media of the step that decided the verdict (the first that did not pass; the
 * last one for a passing Run kept by RUNNER_TRACE=always), so run.evidence links it beside that
 * step's screenshot.
 */
export async function saveTrace(
  deps: Pick<ActivityDeps, 'db' | 'storage'>,
  run: { id: string; orgId: string },
  steps: readonly StepResult<object>[],
  trace: Buffer,
): Promise<void> {
  const deciding = steps.find((s) => s.status !== 'passed') ?? steps.at(-1);
  if (!deciding) return;
  const storageKey = `runs/${run.orgId}/${run.id}/trace.zip`;
  await deps.storage.put(storageKey, trace, 'application/zip');
  await runRepository.putMedia(deps.db.manager, {
    id: mediaId(run.id, deciding.index, 'trace'),
    orgId: run.orgId,
    runId: run.id,
    stepIndex: deciding.index,
    kind: 'trace',
    storageKey,
    contentType: 'application/zip',
    byteSize: trace.length,
    createdAt: Date.now(),
  });
}
