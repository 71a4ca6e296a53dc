import type { EntityManager } from 'typeorm';
import { limitsOf } from '../../core/config';
import { parseSecretsKey, SecretBox } from '../../core/crypto';
import { AppError } from '../../core/errors';
import { extraCatchUp, scheduleState, stateChange, durationSeconds, type GroupVerdict } from '../../core/schedules';
import type { Run } from '../../db/entities/runs';
import { runRepository } from '../../db/repositories/runs';
import { scheduleRepository } from '../../db/repositories/schedules';
import { recordRuns } from '../../domain/runs/trigger';
import { runWorkflowInput } from '../../domain/runs/workflow-input';
import type { QueuedScheduledFire, ScheduleActivities } from '../../workflows/contracts';
import type { ActivityDeps } from '../deps';

/** A fire that starts this much after it was due (beyond its jitter) was missed and is caught up. */
const LATE_AFTER_MS = 60_000;

/** A group passed when every Run that was not canceled passed; a wholly canceled group says nothing. */
export function groupVerdict(runs: Pick<Run, 'status'>[]): GroupVerdict | null {
  const counted = runs.filter((r) => r.status !== 'canceled');
  if (!counted.length) return null;
  return counted.every((r) => r.status === 'passing') ? 'passed' : 'failed';
}

export function scheduleActivities(deps: ActivityDeps): ScheduleActivities {
  // Schedules never carry runtime values (refused on write), so the box seals nothing; recordRuns asks for one.
  const secrets = new SecretBox(parseSecretsKey(deps.config.SECRETS_KEY));

  async function queuedAgain(db: EntityManager, planGroupId: string): Promise<QueuedScheduledFire> {
    const runs = await runRepository.byPlanGroup(db, planGroupId);
    return queuedFire(planGroupId, runs);
  }

  function queuedFire(planGroupId: string, runs: Run[]): QueuedScheduledFire {
    return {
      status: 'queued',
      testPlanId: runs[0].testPlanId!,
      environmentSlug: runs[0].environmentSlug,
      group: {
        planGroupId,
        orgId: runs[0].orgId,
        runs: runs.map((r) => runWorkflowInput(deps, r)),
        window: deps.config.PLAN_GROUP_WINDOW,
      },
    };
  }

  return {
    async queueScheduledFire({ scheduleId, fireId, dueAt, startedAt }) {
      return deps.db.transaction(async (tx) => {
        const done = await scheduleRepository.fire(tx, fireId);
        if (done) return queuedAgain(tx, done.planGroupId);
        const schedule = await scheduleRepository.locked(tx, scheduleId);
        if (!schedule) return { status: 'skipped', reason: 'the schedule was deleted' };
        const previous = await scheduleRepository.previousFire(tx, scheduleId, startedAt);
        const lateAfter = LATE_AFTER_MS + (durationSeconds(schedule.jitter ?? '') ?? 0) * 1000;
        if (extraCatchUp({ dueAt, startedAt }, previous, lateAfter))
          return { status: 'skipped', reason: 'a missed fire of this outage was already caught up' };
        let queued;
        try {
          queued = await recordRuns(
            {
              testPlanId: schedule.testPlanId,
              ...(schedule.environmentSlug ? { environmentSlug: schedule.environmentSlug } : {}),
              ...(schedule.targets ? { targets: schedule.targets } : {}),
            },
            {
              db: tx,
              orgId: schedule.orgId,
              secrets,
              planGroupMaxMembers: limitsOf(deps.config, schedule.orgId).planGroupMaxMembers,
            },
            'schedule',
            schedule.id,
          );
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // The plan or Environment was deleted, a member lost its target: said on the schedule, nothing queued.
          await scheduleRepository.note(tx, schedule.id, { lastError: error.message.slice(0, 1000) });
          return { status: 'skipped', reason: error.message };
        }
        await scheduleRepository.insertFire(tx, {
          fireId,
          scheduleId,
          orgId: schedule.orgId,
          planGroupId: queued.planGroupRunId!,
          dueAt,
          startedAt,
          verdict: null,
          stateFrom: null,
          stateTo: null,
          recovered: false,
          finishedAt: null,
        });
        if (schedule.lastError) await scheduleRepository.note(tx, schedule.id, { lastError: null });
        const runs = (await Promise.all(queued.runIds.map((id) => runRepository.byId(tx, id)))).filter(
          (r): r is Run => !!r,
        );
        return queuedFire(queued.planGroupRunId!, runs);
      });
    },

    async finishScheduledFire(fireId) {
      return deps.db.transaction(async (tx) => {
        const fire = await scheduleRepository.fire(tx, fireId);
        if (!fire) return { announce: false };
        if (fire.finishedAt !== null) return { announce: fire.stateTo !== null };
        // One fire at a time decides the state (buffered and manual fires may end together).
        const schedule = await scheduleRepository.locked(tx, fire.scheduleId);
        const runs = await runRepository.byPlanGroup(tx, fire.planGroupId);
        const verdict = groupVerdict(runs);
        const now = Date.now();
        await scheduleRepository.finishFire(tx, fireId, { verdict, finishedAt: now });
        if (!schedule || !verdict) return { announce: false };
        const verdicts = (await scheduleRepository.recentFires(tx, schedule.id, 20))
          .filter((f) => f.fireId === fireId || (f.verdict && f.finishedAt !== null))
          .map((f) => (f.fireId === fireId ? verdict : f.verdict!));
        const state = scheduleState(verdicts, verdict === 'passed' && runs.some((r) => r.flaky));
        if (state === schedule.state) return { announce: false };
        const change = stateChange(schedule.state, state);
        await scheduleRepository.note(tx, schedule.id, { state, stateChangedAt: now });
        if (!change.announce) return { announce: false };
        await scheduleRepository.finishFire(tx, fireId, {
          stateFrom: schedule.state,
          stateTo: state,
          recovered: change.recovered,
        });
        return { announce: true };
      });
    },
  };
}
