import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { ApiAuthProfile } from '../../core/steps';
import type { Run } from '../../db/entities/runs';
import { assuranceRepository } from '../../db/repositories/assurance';
import { environmentRepository } from '../../db/repositories/environments';
import { runRepository } from '../../db/repositories/runs';
import type { RunnerActivities, RunnerResult } from '../../workflows/contracts';
import { runApiSteps } from '../api-runner/execute';
import { ApiDocument, parseDocument } from '../api-runner/openapi';
import type { ActivityDeps } from '../deps';
import { Redactor } from '../runner/redactor';
import { claimRun } from './claim';
import { fetchValue } from './values-channel';

export interface ApiRunnerDeps extends ActivityDeps {
  /**
   * The runner host's environment: the specification has API credential bindings resolve there
   * (a runner started by `npm start` inherits its shell's). Read only for the variables a plan's
   * auth profiles name, held in memory for one Run.
   */
  hostEnv: Readonly<Record<string, string | undefined>>;
}

const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

/** The API runner activity (task queue `runner-api`). Safe to run again: results are keyed by Run and step. */
export function apiRunnerActivities(deps: ApiRunnerDeps): RunnerActivities {
  const { db, config } = deps;
  return {
    async executeRun(runId: string): Promise<RunnerResult> {
      const ctx = Context.current();
      const run = await claimRun(deps, runId);
      if (!run) return { outcome: 'unverified', flaky: false };
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
      const { document, problem } = await loadDocument(run);
      const beat = setInterval(() => ctx.heartbeat(), 2_000);
      try {
        const ran = await runApiSteps({
          baseUrl,
          steps: run.steps,
          document,
          documentProblem: problem,
          identities: identitiesOf(run.api?.authProfiles ?? [], deps.hostEnv, redactor),
          resolveValue: (name) => fetchValue(config.API_INTERNAL_URL, config.RUNNER_TOKEN, runId, name),
          redactor,
          maxFuzzProbes: run.api?.maxFuzzProbes ?? 0,
          timeoutMs: config.API_REQUEST_TIMEOUT_MS,
          signal: ctx.cancellationSignal,
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

  /** The target's OpenAPI document: fetched from targets.api.openapiUrl, or stored with the Environment. */
  async function loadDocument(run: Run): Promise<{ document: ApiDocument | null; problem?: string }> {
    try {
      let raw: unknown;
      const url = run.targets.api?.openapiUrl;
      if (url) {
        const res = await fetch(url, {
          headers: { accept: 'application/json' },
          redirect: 'manual',
          signal: AbortSignal.timeout(config.API_REQUEST_TIMEOUT_MS),
        });
        if (!res.ok) return { document: null, problem: `the OpenAPI document answered HTTP ${res.status}` };
        const text = await res.text();
        if (text.length > DOCUMENT_MAX_BYTES)
          return { document: null, problem: 'the OpenAPI document is larger than 5 MiB' };
        raw = JSON.parse(text);
      } else if (run.environmentId) {
        raw = (await environmentRepository.byId(db.manager, run.orgId, run.environmentId))?.targets.api?.openapi;
      }
      if (raw === undefined)
        return { document: null, problem: 'no OpenAPI document (targets.api.openapiUrl or targets.api.openapi)' };
      return { document: await parseDocument(raw) };
    } catch (error) {
      const message =
        error instanceof SyntaxError ? 'the OpenAPI document is not JSON' : String((error as Error).message);
      return { document: null, problem: `the OpenAPI document could not be read: ${message}` };
    }
  }
}

/**
 * Request headers per auth profile from the runner host's environment. A profile whose variable
 * is unset is kept as a reason, so only the steps that use it are affected. Every token is
 * added to redaction before any request is made.
 */
function identitiesOf(
  profiles: ApiAuthProfile[],
  env: Readonly<Record<string, string | undefined>>,
  redactor: Redactor,
): Map<string, Record<string, string> | string> {
  const identities = new Map<string, Record<string, string> | string>();
  for (const profile of profiles) {
    const headers: Record<string, string> = {};
    let problem: string | undefined;
    for (const credential of profile.credentials) {
      const value = env[credential.variable];
      if (!value) {
        problem = `needs ${credential.variable}, which is not set on the runner host`;
        break;
      }
      redactor.add(value);
      if (credential.kind.toLowerCase() === 'bearer') headers.authorization = `Bearer ${value}`;
      else {
        problem = `uses a credential kind (${credential.kind}) this runner does not support (bearer)`;
        break;
      }
    }
    identities.set(profile.name, problem ?? headers);
  }
  return identities;
}
