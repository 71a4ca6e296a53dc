import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { assuranceRepository } from '../../db/repositories/assurance';
import { runRepository } from '../../db/repositories/runs';
import type { RunnerActivities, RunnerResult } from '../../workflows/contracts';
import { runApiSteps } from '../api-runner/execute';
import { apiSessionFor, type ApiHostDeps } from '../api-runner/setup';
import type { ActivityDeps } from '../deps';
import { Redactor } from '../runner/redactor';
import { claimRun } from './claim';

export type ApiRunnerDeps = ActivityDeps & ApiHostDeps;

/** The API runner activity (task queue `runner-api`). Safe to run again: results are keyed by Run and step. */
export function apiRunnerActivities(deps: ApiRunnerDeps): RunnerActivities {
  const { db } = deps;
  return {
    async executeRun(runId: string): Promise<RunnerResult> {
      const ctx = Context.current();
      const claim = await claimRun(deps, runId);
      if ('ended' in claim) return { outcome: 'unverified', flaky: false };
      if ('missingValues' in claim) return { outcome: 'failed', flaky: false, missingValues: claim.missingValues };
      const { run } = claim;
      const baseUrl = run.targets.api?.baseUrl;
      if (!baseUrl) {
        throw ApplicationFailure.nonRetryable('run has no API target', 'NoTarget', {
          category: 'test_definition',
          suggestedAction:
            'Give the Run an API target: an Environment with targets.api.baseUrl, or targets.api.baseUrl.',
          reason: 'The Run has no API address to call.',
        });
      }
      const redactor = new Redactor();
      const { options } = await apiSessionFor(deps, run, redactor, ctx.cancellationSignal);
      const beat = setInterval(() => ctx.heartbeat(), 2_000);
      try {
        const ran = await runApiSteps({
          ...options,
          steps: run.steps,
          onStepStart: async (index) => {
            ctx.heartbeat({ step: index });
            await runRepository.putStep(db.manager, runId, index, { status: 'running' });
          },
          onStepDone: async (step) => {
            await runRepository.putStep(db.manager, runId, step.index, {
              status: step.status,
              reason: step.reason,
              observed: { ...step.observed },
              expectation: step.expectation,
              verdictSource: step.verdictSource,
              postconditionProven: step.postconditionProven,
              recoveryCount: 0,
              diagnosis: step.diagnosis ?? null,
              durationMs: Math.round(step.durationMs),
            });
          },
        });
        // Skipped steps were never started; record them too.
        for (const step of ran.steps.filter((s) => s.status === 'skipped')) {
          await runRepository.putStep(db.manager, runId, step.index, {
            status: 'skipped',
            reason: step.reason,
            verdictSource: 'none',
            diagnosis: step.diagnosis ?? null,
          });
        }
        await assuranceRepository.putResult(db.manager, {
          runId,
          orgId: run.orgId,
          testPlanId: run.testPlanId,
          environmentSlug: run.environmentSlug,
          passed: ran.outcome === 'passed',
          result: redactor.redactDeep(ran.result),
          createdAt: Date.now(),
        });
        const failing = ran.steps.find((s) => s.status !== 'passed' && s.diagnosis);
        const finding = ran.result.findings.find((f) => f.blocking);
        return {
          outcome: ran.outcome,
          flaky: false,
          ...(failing?.diagnosis
            ? { diagnosis: { ...failing.diagnosis, reason: failing.reason } }
            : finding
              ? {
                  diagnosis: {
                    category: 'application' as const,
                    suggestedAction: 'Read the assurance snapshot: GET /api/runs/{runId}/assurance.',
                    reason: finding.message,
                  },
                }
              : {}),
        };
      } finally {
        clearInterval(beat);
      }
    },
  };
}
