import type { Diagnosis, OrchestrationActivities, PreparedRun, RecordedRunState } from '../../workflows/contracts';
import { runRepository, terminalStatuses } from '../../db/repositories/runs';
import type { RunStatus } from '../../db/entities/runs';
import type { ActivityDeps } from '../deps';
import { limitsOf } from '../../core/config';
import { limitRepository } from '../../db/repositories/limits';
import { webhookRepository } from '../../db/repositories/webhooks';
import { missingValues } from './claim';
import { applyQuarantinePolicy } from '../../domain/quarantine';

/** Activities of the orchestration queue: bookkeeping in MySQL, nothing slow. */
export function orchestrationActivities({ db, config }: ActivityDeps): OrchestrationActivities {
  const slot = (runId: string, orgId: string) => ({
    runId,
    orgId,
    cap: limitsOf(config, orgId).maxActiveRuns,
    now: Date.now(),
    leaseMs: config.RUN_SLOT_LEASE_MS,
  });
  const releaseSlot = (runId: string, orgId: string) => limitRepository.releaseRunSlot(db.manager, slot(runId, orgId));
  return {
    async dropRunSlot(runId: string, orgId: string): Promise<string[]> {
      return releaseSlot(runId, orgId);
    },

    async takeRunSlot(runId: string, orgId: string): Promise<boolean> {
      return limitRepository.takeRunSlot(db.manager, slot(runId, orgId));
    },

    /** Histories from before runners checked the values themselves still call this first. */
    async prepareRun(runId: string): Promise<PreparedRun> {
      const run = await runRepository.byId(db.manager, runId);
      if (!run) throw new Error(`run ${runId} not found`);
      return { missingValues: await missingValues(db.manager, run) };
    },

    async recordRunState(runId, state): Promise<RecordedRunState> {
      const now = Date.now();
      const terminal = terminalStatuses.includes(state.status as RunStatus);
      const run = await runRepository.byId(db.manager, runId);
      if (!run) return {};
      await db.transaction(async (tx) => {
        const moved = await runRepository.transition(tx, runId, {
          status: state.status as RunStatus,
          attempt: state.attempt,
          flaky: state.flaky,
          diagnosis: state.diagnosis as Diagnosis | undefined,
          startedAt: state.status === 'running' && !run.startedAt ? now : undefined,
          finishedAt: terminal ? now : undefined,
        });
        if (moved && terminal) await skipUnfinishedSteps(tx, runId, state.diagnosis);
      });
      if (!terminal) return {};
      // A terminal Run's slot no longer counts; freeing the row hands it to the next waiting Run.
      const [woken, endpoints, quarantine] = await Promise.all([
        releaseSlot(runId, run.orgId),
        webhookRepository.subscribers(db.manager, run.orgId, 'run.completed'),
        applyQuarantinePolicy(db.manager, run),
      ]);
      return {
        ...(woken.length && { slotsHandedTo: woken }),
        subscribed: endpoints.length > 0,
        ...(quarantine && { quarantine }),
      };
    },
  };
}

async function skipUnfinishedSteps(db: import('typeorm').EntityManager, runId: string, diagnosis?: Diagnosis) {
  const steps = (await runRepository.steps(db, [runId])).get(runId) ?? [];
  for (const step of steps.filter((s) => s.status === 'pending' || s.status === 'running')) {
    await runRepository.putStep(db, runId, step.stepIndex, {
      status: 'skipped',
      reason: diagnosis?.reason ? `Not run: ${diagnosis.reason}` : 'Not run.',
      verdictSource: 'none',
      ...(diagnosis ? { diagnosis: { category: diagnosis.category, suggestedAction: diagnosis.suggestedAction } } : {}),
    });
  }
}
