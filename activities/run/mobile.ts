import { hostname } from 'node:os';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { runnerEgress } from '../../core/egress';
import { artifactRepository } from '../../db/repositories/artifacts';
import type { Run } from '../../db/entities/runs';
import type { RunnerActivities, RunnerResult } from '../../workflows/contracts';
import type { ActivityDeps } from '../deps';
import { claimOrAnswer } from './claim';
import { runDiagnosis, stepRecorder } from './record';
import { fetchValue } from '../engine/values-channel';
import { Redactor } from '../runner/redactor';
import { dialectOf, sessionCapabilities, type AppUnderTest, type MobilePlatform } from '../mobile/capabilities';
import { appiumOrigin, isUnavailable, logSafe } from '../mobile/device';
import { SessionKeeper } from '../mobile/sessions';
import { handover } from './handover';
import { attemptHeartbeat, resumePoint } from './attempt';
import { runMobileSteps } from '../mobile/steps';

/** How long a signed artifact link lives: the device cloud fetches the app when the session starts. */
const APP_LINK_TTL_SECONDS = 15 * 60;

export interface MobileRunnerDeps extends ActivityDeps {
  platform: MobilePlatform;
  sessions: SessionKeeper;
}

/** The runner's name under which it records its sessions (MOBILE_RUNNER_NAME, else the host name). */
export function mobileRunnerName(config: ActivityDeps['config']): string {
  return config.MOBILE_RUNNER_NAME ?? hostname();
}

/** One SessionKeeper per worker process, shared by its android and ios queues. */
export function sessionKeeper(deps: ActivityDeps): SessionKeeper | null {
  const { config } = deps;
  if (!config.APPIUM_URL) return null;
  return new SessionKeeper(deps, config.APPIUM_URL, mobileRunnerName(config), config.MOBILE_RUNNER_CONCURRENCY);
}

/**
 * The mobile runner activity (android or ios) on an Appium server. Like the web runner it is safe
 * to run more than once: a new attempt opens a new session and resumes reporting at the first step
 * not yet passed, replaying the earlier ones to rebuild the app's state.
 */
export function mobileRunnerActivities(deps: MobileRunnerDeps): RunnerActivities {
  const { config, db, log, platform, sessions } = deps;
  return {
    async executeRun(runId: string): Promise<RunnerResult> {
      const ctx = Context.current();
      const handing = handover(ctx, deps.stopping);
      const heartbeat = attemptHeartbeat(ctx);
      // Past MOBILE_RUNNER_CONCURRENCY sessions the Run waits here, still `queued` (claimed only after).
      const release = await sessions.slot(heartbeat.beat, ctx.cancellationSignal);
      heartbeat.start();
      try {
        const claim = await claimOrAnswer(deps, runId);
        if ('answer' in claim) return claim.answer;
        const { run } = claim;
        const app = await appOf(run);
        const capabilities = sessionCapabilities(platform, hostCapabilities(), app);
        const dialect = dialectOf(capabilities);
        heartbeat.beat();
        const device = await sessions.open(runId, capabilities, dialect).catch((err: unknown) => {
          log.warn('appium session not started', {
            runId,
            appium: appiumOrigin(config.APPIUM_URL!),
            error: logSafe(err),
          });
          throw unavailable(err);
        });
        // Canceled or timed out: the session goes at once, so the device is free and stops billing.
        const onAbort = () => void sessions.close(device);
        ctx.cancellationSignal.addEventListener('abort', onAbort, { once: true });
        const redactor = new Redactor();
        try {
          const startAtStep = await resumePoint(db.manager, runId);
          const result = await runMobileSteps({
            device,
            steps: run.steps,
            ...(app && !('link' in app) ? { installedApp: app } : {}),
            resolveValue: (name) => fetchValue(config, runId, name),
            redactor,
            egress: runnerEgress(config),
            startAtStep,
            signal: ctx.cancellationSignal,
            ...handing.steps(stepRecorder(deps, run, redactor, heartbeat.step)),
          });
          handing.check();
          const failing = result.steps.find((s) => s.status !== 'passed');
          return { outcome: result.outcome, flaky: false, ...runDiagnosis(failing, undefined) };
        } catch (err) {
          handing.check();
          if (!ctx.cancellationSignal.aborted)
            log.warn('mobile run interrupted', { runId, error: redactor.redact(logSafe(err)) });
          throw isUnavailable(err) ? unavailable(err) : err;
        } finally {
          ctx.cancellationSignal.removeEventListener('abort', onAbort);
          await sessions.close(device);
        }
      } finally {
        heartbeat.stop();
        release();
      }
    },
  };

  function hostCapabilities(): Record<string, unknown> {
    return platform === 'android' ? config.APPIUM_CAPABILITIES_ANDROID : config.APPIUM_CAPABILITIES_IOS;
  }

  /**
   * The app the session starts. An uploaded artifact is handed over as a short-lived signed link,
   * and only when its scan is clean (checked again here: the trigger checked it too).
   */
  async function appOf(run: Run): Promise<AppUnderTest> {
    const target = run.targets[platform];
    if (target?.storageId) {
      const scan = await artifactRepository.scan(db.manager, run.orgId, target.storageId);
      const intent = await artifactRepository.intentByStorageId(db.manager, run.orgId, target.storageId);
      if (scan?.status !== 'clean' || !intent) {
        throw ApplicationFailure.nonRetryable('artifact not clean', 'ArtifactNotClean', {
          category: 'test_definition',
          suggestedAction: 'Upload the app again and scan it (POST /api/artifacts/scan) until its status is clean.',
          reason: `The app artifact ${target.storageId} has no clean scan.`,
        });
      }
      return { link: await deps.storage.readUrl(intent.storageKey, APP_LINK_TTL_SECONDS) };
    }
    if (platform === 'android' && run.targets.android?.appId) return { appId: run.targets.android.appId };
    if (platform === 'ios' && run.targets.ios?.bundleId) return { bundleId: run.targets.ios.bundleId };
    return null;
  }
}

/**
 * A retryable failure the Run workflow reads as `infrastructure` (retried, then `invalid`). Its
 * words are the customer's: which server failed and how is in this runner's log, never in evidence.
 */
function unavailable(cause: unknown): ApplicationFailure {
  if (cause instanceof ApplicationFailure) return cause;
  return ApplicationFailure.retryable('mobile device service unavailable', 'AppiumUnavailable', {
    category: 'infrastructure',
    suggestedAction:
      'Retry the Run later; if it keeps happening, ask the operator of this service to check its mobile device service.',
    reason: 'No mobile device could be used for this Run: the device service did not start a session, or lost it.',
  });
}
