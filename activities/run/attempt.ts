import { Context } from '@temporalio/activity';
import type { EntityManager } from 'typeorm';
import { runRepository } from '../../db/repositories/runs';
import type { Run } from '../../db/entities/runs';
import type { RunnerResult } from '../../workflows/contracts';
import type { ActivityDeps } from '../deps';
import type { Engine, EngineRun } from '../engines/shared/contract';
import { fetchValue } from '../engines/shared/values-channel';
import { Redactor } from '../engines/shared/redactor';
import { claimOrAnswer, claimWithTarget } from './claim';
import { handover } from './handover';
import { recordAssurance, recordSkipped, runDiagnosis, saveTrace, saveVideo, stepRecorder } from './record';
import { visualComparer } from './visual';
import { accessibilityCheck } from './accessibility';

/** How often a runner attempt heartbeats, well inside the activities' 10 s heartbeat timeout. */
export const BEAT_MS = 2_000;

/**
 * A runner attempt's heartbeat, the same on every platform: every 2 s once started and at each
 * step start, with the step in flight. It keeps the longest gap between two beats: under full load
 * it must stay well inside the heartbeat timeout (`npm run bench -- runner` reports it).
 */
export function attemptHeartbeat(ctx: Context) {
  let current = -1;
  let lastBeat = performance.now();
  let longestGapMs = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const beat = () => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - lastBeat);
    lastBeat = now;
    ctx.heartbeat({ step: current });
  };
  return {
    beat,
    /** A step starts: beats with its index. */
    step(index: number): void {
      current = index;
      beat();
    },
    start(): void {
      timer = setInterval(beat, BEAT_MS);
    },
    /** Stops the beats; answers the longest gap between two, in ms. */
    stop(): number {
      clearInterval(timer);
      return longestGapMs;
    },
  };
}

/**
 * Where a new attempt resumes reporting: the first step not yet passed. A fresh session holds no
 * state, so the engine replays the steps before it silently.
 */
export async function resumePoint(db: EntityManager, runId: string): Promise<number> {
  const logged = (await runRepository.steps(db, [runId])).get(runId) ?? [];
  const firstUnpassed = logged.findIndex((s) => s.status !== 'passed');
  return firstUnpassed < 0 ? logged.length : firstUnpassed;
}

/**
 * One attempt at a Run, the same sequence on every platform: (the engine's wait) → claim with the
 * engine's target → open the engine's session → run the steps from the resume point, each recorded
 * as it starts and ends (stepRecorder) under the worker's hand-over → record what the engine
 * answered besides its steps → close the session → the verdict and the Run's diagnosis. Safe to run
 * again: step records and media are keyed by Run and step.
 */
export async function runAttempt<O extends object>(
  engine: Engine<O>,
  deps: ActivityDeps,
  runId: string,
): Promise<RunnerResult> {
  const ctx = Context.current();
  const signal = ctx.cancellationSignal;
  const handing = handover(ctx, deps.stopping);
  const heartbeat = attemptHeartbeat(ctx);
  const release = await engine.reserve?.({ beat: heartbeat.beat, signal });
  heartbeat.start();
  let claimed = false;
  try {
    const claim: { run: Run; baseUrl?: string } | { answer: RunnerResult } = engine.target
      ? await claimWithTarget(deps, runId, engine.target)
      : await claimOrAnswer(deps, runId);
    if ('answer' in claim) return claim.answer;
    claimed = true;
    const { run } = claim;
    const startAtStep = await resumePoint(deps.db.manager, runId);
    const redactor = new Redactor();
    const session = await engine.open(run, {
      baseUrl: claim.baseUrl ?? '',
      redactor,
      signal,
      beat: heartbeat.beat,
      resolveValue: (name) => fetchValue(deps.config, runId, name),
      visualComparer: () => visualComparer(deps, run),
      accessibilityCheck: () => accessibilityCheck(deps, run),
    });
    try {
      const ran = await session.run({
        steps: run.steps,
        startAtStep,
        ...handing.steps(stepRecorder(deps, run, redactor, heartbeat.step)),
      });
      handing.check();
      return await recordRun(deps, run, redactor, ran);
    } catch (error) {
      handing.check();
      throw session.interrupted?.(error) ?? error;
    } finally {
      await session.close?.();
    }
  } finally {
    const longestGapMs = heartbeat.stop();
    release?.();
    if (claimed)
      deps.log.info(`${engine.platform} run executed`, { runId, longestHeartbeatGapMs: Math.round(longestGapMs) });
  }
}

/** Records what the engine answered besides its steps, and answers the Run's verdict. */
async function recordRun<O extends object>(
  deps: ActivityDeps,
  run: Run,
  redactor: Redactor,
  ran: EngineRun<O>,
): Promise<RunnerResult> {
  if (ran.trace) await saveTrace(deps, run, ran.steps, ran.trace);
  if (ran.video) await saveVideo(deps, run, ran.steps, ran.video);
  // Asked for and not made: no frame before the first secret, or FFMPEG_PATH is no working ffmpeg.
  else if (run.recordVideo && ran.steps.length)
    deps.log.warn('web run kept no video', { runId: run.id, ffmpeg: deps.config.FFMPEG_PATH });
  for (const step of ran.unreported ?? []) await recordSkipped(deps.db.manager, run.id, step);
  const assurance = await ran.assurance?.();
  const blocking = assurance?.findings.find((f) => f.blocking);
  const outcome = blocking ? 'failed' : ran.outcome;
  if (assurance) await recordAssurance(deps.db.manager, run, outcome === 'passed', redactor.redactDeep(assurance));
  const failing = ran.steps.find((s) => s.status !== 'passed');
  return {
    outcome,
    flaky: outcome === 'passed' && ran.steps.some((s) => s.recoveryCount > 0),
    ...runDiagnosis(failing, blocking),
  };
}
