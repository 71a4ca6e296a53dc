import type { Diagnosis } from '../../core/runs';
import type { GroupStop, PlanGroupScheduling } from '../../core/scheduling';
import { planSchedulingRepository } from '../../db/repositories/plan-scheduling';
import { runRepository, terminalStatuses } from '../../db/repositories/runs';
import { HISTORY_WINDOW, listSchedule, orderMembers } from '../../domain/plans/schedule';
import type { PlanGroupActivities, PlanGroupOrder, PlanGroupStop } from '../../workflows/contracts';
import type { ActivityDeps } from '../deps';
import { orchestrationActivities } from '../run/orchestration';

/** The words a member canceled by its group's stop carries (Run diagnosis, group view, JUnit). */
export function stopReason(stop: Pick<PlanGroupStop, 'cause' | 'supersededBy' | 'failures'>, after: number): string {
  return stop.cause === 'fail_fast'
    ? `Canceled by fail fast: ${stop.failures} member(s) failed and the group stops after ${after}.`
    : `Canceled: plan group ${stop.supersededBy} superseded this one (same plan, Environment and branch).`;
}

/** Activities of a plan group: its start order from history, and its early stop. */
export function planGroupActivities(deps: ActivityDeps): PlanGroupActivities {
  const { db } = deps;
  const orchestration = orchestrationActivities(deps);
  return {
    async orderPlanGroup(planGroupId: string): Promise<PlanGroupOrder> {
      const group = await runRepository.planGroupById(db.manager, planGroupId);
      if (!group) throw new Error(`plan group ${planGroupId} not found`);
      const runs = await runRepository.byPlanGroup(db.manager, planGroupId);
      const answer = (order: string[]): PlanGroupOrder => ({
        runIds: order,
        uncounted: runs.filter((r) => r.quarantined).map((r) => r.id),
        failFastAfter: group.failFastAfter ?? 0,
      });
      // A retried activity answers the order already stored, so the workflow and the view agree.
      if (group.scheduling) return answer(group.scheduling.members.map((m) => m.runId));
      const records = await planSchedulingRepository.caseRecords(db.manager, {
        orgId: group.orgId,
        environmentSlug: group.environmentSlug ?? null,
        testCaseIds: runs.flatMap((r) => (r.testCaseId ? [r.testCaseId] : [])),
        window: HISTORY_WINDOW,
      });
      const members = orderMembers(
        runs.map((run, position) => {
          const record = run.testCaseId ? records.get(run.testCaseId) : undefined;
          return {
            runId: run.id,
            position,
            stepCount: run.steps.length,
            durationsMs: record?.durationsMs ?? [],
            failedLast: record?.failedLast ?? false,
          };
        }),
      );
      const slots = Math.max(1, Math.min(deps.config.PLAN_GROUP_WINDOW, runs.length));
      const scheduling: PlanGroupScheduling = {
        slots,
        orderedAt: Date.now(),
        expectedDurationMs: Math.max(
          0,
          ...listSchedule(
            members.map((m) => m.estimateMs),
            slots,
          ),
        ),
        members,
      };
      await planSchedulingRepository.putOrderOnce(db.manager, planGroupId, scheduling);
      const stored = await runRepository.planGroupById(db.manager, planGroupId);
      return answer((stored?.scheduling ?? scheduling).members.map((m) => m.runId));
    },

    async stopPlanGroup(planGroupId: string, stop: PlanGroupStop): Promise<void> {
      const group = await runRepository.planGroupById(db.manager, planGroupId);
      if (!group) return;
      const reason = stopReason(stop, group.failFastAfter ?? 0);
      const diagnosis: Diagnosis = {
        category: 'canceled',
        suggestedAction:
          stop.cause === 'fail_fast'
            ? 'Fix the failing member(s), then trigger the plan again.'
            : 'Follow the newer plan group.',
        reason,
      };
      // Recorded before the workflow cancels the running ones, so the Runs carry the reason (their
      // own cancellation then finds them ended). A member that ended meanwhile keeps its outcome.
      const toCancel = new Set([...stop.unstarted, ...stop.canceled]);
      const open = (await runRepository.byPlanGroup(db.manager, planGroupId)).filter(
        (r) => toCancel.has(r.id) && !terminalStatuses.includes(r.status),
      );
      for (const run of open) await orchestration.recordRunState(run.id, { status: 'canceled', diagnosis });
      const stopped: GroupStop = {
        cause: stop.cause,
        at: Date.now(),
        reason,
        ...(stop.supersededBy ? { supersededBy: stop.supersededBy } : {}),
        canceled: [...stop.canceled, ...stop.unstarted],
      };
      if (group.scheduling && !group.scheduling.stopped)
        await planSchedulingRepository.put(db.manager, planGroupId, { ...group.scheduling, stopped });
    },
  };
}
