import { Context } from '@temporalio/activity';
import { runRepository } from '../../db/repositories/runs';
import type { RunnerActivities, RunnerResult } from '../../workflows/contracts';
import { runApiSteps } from '../api-runner/execute';
import { apiSessionFor, type ApiHostDeps } from '../api-runner/setup';
import type { ActivityDeps } from '../deps';
import { Redactor } from '../runner/redactor';
import { claimWithTarget } from './claim';
import { recordAssurance, recordStep, runDiagnosis } from './record';
import { handover } from './handover';
import { attemptHeartbeat } from './attempt';

export type ApiRunnerDeps = ActivityDeps & ApiHostDeps;

/** The API runner activity (task queue `runner-api`). Safe to run again: results are keyed by Run and step. */
export function apiRunnerActivities(deps: ApiRunnerDeps): RunnerActivities {
  const { db } = deps;
  return {
    async executeRun(runId: string): Promise<RunnerResult> {
      const ctx = Context.current();
      const handing = handover(ctx, deps.stopping);
      const claimed = await claimWithTarget(deps, runId, 'api');
      if ('answer' in claimed) return claimed.answer;
      const { run } = claimed;
      const redactor = new Redactor();
      const { options } = await apiSessionFor(deps, run, redactor, ctx.cancellationSignal);
      const heartbeat = attemptHeartbeat(ctx);
      heartbeat.start();
      try {
        const ran = await runApiSteps({
          ...options,
          steps: run.steps,
          ...handing.steps({
            onStepStart: async (index: number) => {
              heartbeat.step(index);
              await runRepository.putStep(db.manager, runId, index, { status: 'running' });
            },
            onStepDone: async (step: Parameters<typeof recordStep>[2]) => {
              await recordStep(db.manager, runId, { ...step, recoveryCount: 0 });
              // The operator's detail (e.g. the egress rule that refused a target) goes to the log only.
              if (step.internalError)
                deps.log.warn('step failed', { runId, step: step.index, error: redactor.redact(step.internalError) });
            },
          }),
        });
        handing.check();
        // Skipped steps were never started; record them too.
        for (const step of ran.steps.filter((s) => s.status === 'skipped')) {
          await runRepository.putStep(db.manager, runId, step.index, {
            status: 'skipped',
            reason: step.reason,
            verdictSource: 'none',
            diagnosis: step.diagnosis ?? null,
          });
        }
        await recordAssurance(db.manager, run, ran.outcome === 'passed', redactor.redactDeep(ran.result));
        const failing = ran.steps.find((s) => s.status !== 'passed' && s.diagnosis);
        const blocking = ran.result.findings.find((f) => f.blocking);
        return { outcome: ran.outcome, flaky: false, ...runDiagnosis(failing, blocking) };
      } catch (error) {
        handing.check();
        throw error;
      } finally {
        heartbeat.stop();
      }
    },
  };
}
