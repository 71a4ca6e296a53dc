import { Context } from '@temporalio/activity';
import type { Browser } from 'playwright-core';
import type { ContextSource } from '../runner/browser';
import type { RunnerActivities, RunnerResult } from '../../workflows/contracts';
import { runRepository } from '../../db/repositories/runs';
import { claimWithTarget } from './claim';
import { mediaId, recordAssurance, runDiagnosis, stepRecorder } from './record';
import type { ActivityDeps } from '../deps';
import { Redactor } from '../runner/redactor';
import { runWebSteps } from '../runner/web';
import type { StepResult } from '../runner/result';
import { fetchValue } from '../engine/values-channel';
import { visualComparer } from './visual';
import { isApiStep } from '../../core/steps';
import { runnerEgress } from '../../core/egress';
import { apiSessionFor, type ApiHostDeps } from '../api-runner/setup';
import { handover } from './handover';
import { attemptHeartbeat, resumePoint } from './attempt';

export interface RunnerDeps extends ActivityDeps, ApiHostDeps {
  /** The worker's shared Chromium; each Run gets its own context inside it. */
  browser(): Promise<Browser>;
  /** The worker's context pool (fresh context per Run, one kept warm while idle); without it each Run opens its own. */
  contexts?: ContextSource;
}

/**
 * The web runner activity. Safe to run more than once: step logs and media are keyed by
 * (Run, step), and a new attempt resumes at the first step not yet passed, replaying earlier
 * steps silently to rebuild the page state. Runtime values come from the API just before use.
 */
export function runnerActivities(deps: RunnerDeps): RunnerActivities {
  const { db, config, storage, log } = deps;
  return {
    async executeRun(runId: string): Promise<RunnerResult> {
      const ctx = Context.current();
      const handing = handover(ctx, deps.stopping);
      const claimed = await claimWithTarget(deps, runId, 'web');
      if ('answer' in claimed) return claimed.answer;
      const { run, baseUrl } = claimed;
      const startAtStep = await resumePoint(db.manager, runId);
      const redactor = new Redactor();
      const heartbeat = attemptHeartbeat(ctx);
      heartbeat.start();
      // A mixed Run (platforms web and api) runs its API steps here too, in order, with one set of variables.
      const api = run.steps.some(isApiStep) ? await apiSessionFor(deps, run, redactor, ctx.cancellationSignal) : null;
      const compareScreenshot = await visualComparer(deps, run);
      try {
        heartbeat.beat();
        const result = await runWebSteps({
          egress: runnerEgress(config),
          ...(api ? { api: api.session } : {}),
          ...(compareScreenshot ? { compareScreenshot } : {}),
          baseUrl,
          steps: run.steps,
          browser: await deps.browser(),
          ...(deps.contexts ? { contexts: deps.contexts } : {}),
          trace: config.RUNNER_TRACE,
          redactor,
          signal: ctx.cancellationSignal,
          startAtStep,
          resolveValue: (name) => fetchValue(config, runId, name),
          ...handing.steps(stepRecorder(deps, run, redactor, heartbeat.step)),
        });
        handing.check();
        if (result.trace) await saveTrace(deps, run.orgId, runId, result.steps, result.trace);
        let outcome = result.outcome;
        let blocking: { message: string } | undefined;
        if (api) {
          await api.session.probe();
          blocking = api.session.result().findings.find((f) => f.blocking);
          if (blocking) outcome = 'failed';
          await recordAssurance(db.manager, run, outcome === 'passed', redactor.redactDeep(api.session.result()));
        }
        const failing = result.steps.find((s) => s.status !== 'passed');
        return {
          outcome,
          flaky: outcome === 'passed' && result.steps.some((s) => s.recoveryCount > 0),
          ...runDiagnosis(failing, blocking),
        };
      } catch (error) {
        handing.check();
        throw error;
      } finally {
        log.info('web run executed', { runId, longestHeartbeatGapMs: Math.round(heartbeat.stop()) });
      }
    },
  };

  /**
   * The Run's trace is media of the step that decided the verdict (the first that did not pass; the
   * last one for a passing Run kept by RUNNER_TRACE=always), so run.evidence links it beside that
   * step's screenshot.
   */
  async function saveTrace(d: RunnerDeps, orgId: string, runId: string, steps: StepResult[], trace: Buffer) {
    const deciding = steps.find((s) => s.status !== 'passed') ?? steps.at(-1);
    if (!deciding) return;
    const storageKey = `runs/${orgId}/${runId}/trace.zip`;
    await d.storage.put(storageKey, trace, 'application/zip');
    await runRepository.putMedia(d.db.manager, {
      id: mediaId(runId, deciding.index, 'trace'),
      orgId,
      runId,
      stepIndex: deciding.index,
      kind: 'trace',
      storageKey,
      contentType: 'application/zip',
      byteSize: trace.length,
      createdAt: Date.now(),
    });
  }
}
