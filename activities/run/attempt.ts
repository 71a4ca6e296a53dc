import type { Context } from '@temporalio/activity';
import type { EntityManager } from 'typeorm';
import { runRepository } from '../../db/repositories/runs';

/** How often a runner attempt heartbeats, well inside the activities' 10 s heartbeat timeout. */
const BEAT_MS = 2_000;

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
