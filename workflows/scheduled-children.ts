import { CancellationScope, defineSignal, isCancellation, setHandler } from '@temporalio/workflow';
import type { SearchAttributePair } from '@temporalio/common';
import { startRunChild } from './child-runs';
import {
  PLAN_GROUP_SUPERSEDED,
  type PlanGroupActivities,
  type PlanGroupStop,
  type PlanGroupWorkflowInput,
  type RunOutcome,
  type RunWorkflowInput,
} from './contracts';

/** A newer group of the same plan, Environment and branch supersedes this one (its id). */
export const planGroupSuperseded = defineSignal<[string]>(PLAN_GROUP_SUPERSEDED);

interface ScheduledOptions {
  input: PlanGroupWorkflowInput;
  inherited: SearchAttributePair[];
  bookkeeping: PlanGroupActivities;
}

/**
 * Runs a group's members in the order its activity gives, `window` at a time. Fail fast (after
 * N counted failures) and a superseding group stop it: no member starts after that, an activity
 * records the unfinished ones canceled with the reason, then the running children are canceled.
 * Canceling the group itself cancels every child as before.
 */
export async function runScheduled({
  input,
  inherited,
  bookkeeping,
}: ScheduledOptions): Promise<Record<string, RunOutcome>> {
  let stop: Pick<PlanGroupStop, 'cause' | 'supersededBy'> | undefined;
  let stopping: Promise<void> | undefined;
  const running = new Map<string, CancellationScope>();
  const queue: RunWorkflowInput[] = [];
  const outcomes: Record<string, RunOutcome> = {};
  let failures = 0;
  // The stop is recorded first (members not started, and those running, become canceled with the
  // reason), then the running children are canceled: whoever reads the group when its Runs have
  // ended sees why.
  let ordered = false;
  const record = (why: Pick<PlanGroupStop, 'cause' | 'supersededBy'>) => {
    const canceled = [...running.keys()];
    const unstarted = queue.splice(0).map((run) => run.runId);
    // The last member's failure leaves nothing to stop: the group simply ends.
    if (!canceled.length && !unstarted.length) return;
    for (const id of unstarted) outcomes[id] = 'canceled';
    stopping = (async () => {
      await bookkeeping.stopPlanGroup(input.planGroupId, { ...why, failures, canceled, unstarted });
      for (const scope of running.values()) scope.cancel();
    })();
  };
  const halt = (why: Pick<PlanGroupStop, 'cause' | 'supersededBy'>) => {
    if (stop) return;
    stop = why;
    // During the ordering nothing has started yet: the stop is recorded once the members are known.
    if (ordered) record(why);
  };
  setHandler(planGroupSuperseded, (newer) => halt({ cause: 'superseded', supersededBy: newer }));

  const order = await bookkeeping.orderPlanGroup(input.planGroupId);
  const byId = new Map(input.runs.map((run) => [run.runId, run] as const));
  const uncounted = new Set(order.uncounted);
  queue.push(
    ...order.runIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    ...input.runs.filter((run) => !order.runIds.includes(run.runId)),
  );
  ordered = true;
  // A stop that came during the ordering leaves every member unstarted.
  if (stop) record(stop);

  const lane = async () => {
    while (!stop && queue.length) {
      const run = queue.shift()!;
      const scope = new CancellationScope();
      running.set(run.runId, scope);
      try {
        outcomes[run.runId] = await scope.run(async () => {
          const child = await startRunChild(input.orgId, run, inherited);
          return child.result();
        });
      } catch (error) {
        // The group itself canceled: its children go with it, as before.
        if (isCancellation(error) && CancellationScope.current().consideredCancelled) throw error;
        // Canceled by the stop, or on its own (runs.cancel): one member, not the group.
        outcomes[run.runId] = isCancellation(error) ? 'canceled' : 'invalid';
      } finally {
        running.delete(run.runId);
      }
      const failed = outcomes[run.runId] === 'failed' && !uncounted.has(run.runId);
      if (failed && order.failFastAfter > 0 && ++failures >= order.failFastAfter) halt({ cause: 'fail_fast' });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(input.window, input.runs.length)) }, lane));
  await stopping;
  return outcomes;
}
