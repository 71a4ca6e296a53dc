import type { EntityManager } from 'typeorm';
import { AppError, notFound } from '../../core/errors';
import { viewportName } from '../../core/visual';
import type { Principal } from '../../core/scopes';
import type { Run } from '../../db/entities/runs';
import { runRepository, terminalStatuses } from '../../db/repositories/runs';
import { visualRepository, visualSubjectOf, type BaselineScreenshot } from '../../db/repositories/visual';

export interface Baseline {
  runId: string;
  screenshots: BaselineScreenshot[];
}

/**
 * The Run a web Run's screenshots are compared with: the later of its subject's accepted baseline
 * and its last passing Run in the same Environment and viewport, as long as its screenshots are
 * kept. Chosen once, on the first attempt, and recorded, so a retried attempt compares with the
 * same Run (and retention keeps it while the Run is pinned). Null when the Run compares nothing:
 * visual off, no Environment (explicit targets are no "same environment"), or no baseline yet.
 */
export async function baselineFor(db: EntityManager, run: Run): Promise<Baseline | null> {
  const subjectId = visualSubjectOf(run);
  if (!run.visual || run.visual.mode === 'off' || !run.environmentSlug || !subjectId) return null;
  if (run.visualBaselineRunId) {
    const screenshots = await visualRepository.screenshots(db, run.visualBaselineRunId);
    return screenshots.length ? { runId: run.visualBaselineRunId, screenshots } : null;
  }
  const [accepted, passing] = await Promise.all([
    visualRepository.accepted(db, {
      orgId: run.orgId,
      subjectId,
      environmentSlug: run.environmentSlug,
      viewport: viewportName(),
    }),
    visualRepository.lastPassing(db, run),
  ]);
  const candidates = [
    ...(accepted ? [{ runId: accepted.runId, at: accepted.acceptedAt }] : []),
    ...(passing ? [{ runId: passing.id, at: passing.finishedAt ?? passing.updatedAt }] : []),
  ].sort((a, b) => b.at - a.at);
  for (const candidate of candidates) {
    const screenshots = await visualRepository.screenshots(db, candidate.runId);
    if (!screenshots.length) continue; // its media expired: the next candidate
    await visualRepository.setBaselineOf(db, run.id, candidate.runId);
    return { runId: candidate.runId, screenshots };
  }
  return null;
}

/**
 * Accepting a Run's screenshots as the look of its steps: the next Runs of its subject in its
 * Environment compare with them (until a later passing Run replaces them as the baseline).
 */
export async function acceptVisual(
  db: EntityManager,
  orgId: string,
  runId: string,
  by: Pick<Principal, 'kind' | 'subject'>,
): Promise<{
  runId: string;
  subjectId: string;
  environmentSlug: string;
  viewport: string;
  acceptedAt: number;
  screenshots: number;
}> {
  const run = await runRepository.get(db, orgId, runId);
  if (!run) throw notFound(`Run ${runId}`);
  const subjectId = visualSubjectOf(run);
  if (!run.platforms.includes('web') || !subjectId)
    throw new AppError(
      'FAILED_PRECONDITION',
      `Run ${runId} is not a web Run of a Test Case or plan: it has no visual baseline`,
    );
  if (!run.environmentSlug)
    throw new AppError(
      'FAILED_PRECONDITION',
      `Run ${runId} ran against explicit targets: baselines are kept per Environment, so trigger it with environmentSlug`,
    );
  if (!terminalStatuses.includes(run.status))
    throw new AppError(
      'FAILED_PRECONDITION',
      `Run ${runId} is ${run.status}: accept its screenshots once it has ended`,
    );
  const screenshots = await visualRepository.screenshots(db, run.id);
  if (!screenshots.length)
    throw new AppError(
      'FAILED_PRECONDITION',
      run.mediaExpiredAt !== null
        ? `Run ${runId}'s screenshots expired under the retention policy; accept a newer Run`
        : `Run ${runId} has no screenshots to accept`,
    );
  const baseline = {
    orgId,
    subjectId,
    environmentSlug: run.environmentSlug,
    viewport: viewportName(),
    runId: run.id,
    acceptedAt: Date.now(),
    acceptedBy: by.subject,
  };
  await visualRepository.accept(db, baseline);
  await visualRepository.recordAcceptance(db, run.id, {
    by: by.subject,
    credential: by.kind,
    at: baseline.acceptedAt,
  });
  const { orgId: _org, acceptedBy: _by, ...view } = baseline;
  return { ...view, screenshots: screenshots.length };
}
