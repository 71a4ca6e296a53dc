import { hostname } from 'node:os';
import { ApplicationFailure } from '@temporalio/common';
import type { Config } from '../../../core/config';
import { runnerEgress } from '../../../core/egress';
import type { Logger } from '../../../core/log';
import type { MediaStorage } from '../../../core/storage';
import type { Run } from '../../../db/entities/runs';
import { suggestion } from '../../../core/suggestion';
import { artifactRepository } from '../../../db/repositories/artifacts';
import type { DataSource } from 'typeorm';
import type { Engine } from '../shared/contract';
import { dialectOf, sessionCapabilities, type AppUnderTest, type MobilePlatform } from './capabilities';
import { appiumOrigin, isUnavailable, logSafe } from './device';
import { SessionKeeper } from './sessions';
import { runMobileSteps, type MobileObserved } from './steps';

/** How long a signed artifact link lives: the device cloud fetches the app when the session starts. */
const APP_LINK_TTL_SECONDS = 15 * 60;

export interface MobileEngineDeps {
  config: Config;
  db: DataSource;
  storage: MediaStorage;
  log: Logger;
  platform: MobilePlatform;
  sessions: SessionKeeper;
}

/** The runner's name under which it records its sessions (MOBILE_RUNNER_NAME, else the host name). */
export function mobileRunnerName(config: Config): string {
  return config.MOBILE_RUNNER_NAME ?? hostname();
}

/** One SessionKeeper per worker process, shared by its android and ios queues. */
export function sessionKeeper(deps: Pick<MobileEngineDeps, 'config' | 'db' | 'log'>): SessionKeeper | null {
  const { config } = deps;
  if (!config.APPIUM_URL) return null;
  return new SessionKeeper(deps, config.APPIUM_URL, mobileRunnerName(config), config.MOBILE_RUNNER_CONCURRENCY);
}

/**
 * The mobile engine (android or ios) on an Appium server: a session is an Appium session, opened
 * only once one of the runner's MOBILE_RUNNER_CONCURRENCY slots is free (the Run waits `queued`,
 * claimed only after), and ended at once when the Run is canceled, so the device is free and stops
 * billing. A lost device service is an infrastructure failure, retried, never a verdict.
 */
export function mobileEngine(deps: MobileEngineDeps): Engine<MobileObserved> {
  const { config, db, log, platform, sessions } = deps;
  return {
    platform: 'mobile',
    reserve: ({ beat, signal }) => sessions.slot(beat, signal),
    async open(run, attempt) {
      const { redactor, signal } = attempt;
      const app = await appOf(run);
      const capabilities = sessionCapabilities(platform, hostCapabilities(), app);
      const dialect = dialectOf(capabilities);
      attempt.beat();
      const device = await sessions.open(run.id, capabilities, dialect).catch((err: unknown) => {
        log.warn('appium session not started', {
          runId: run.id,
          appium: appiumOrigin(config.APPIUM_URL!),
          error: logSafe(err),
        });
        throw unavailable(err);
      });
      const onAbort = () => void sessions.close(device);
      signal.addEventListener('abort', onAbort, { once: true });
      return {
        run: ({ steps, startAtStep, onStepStart, onStepDone }) =>
          runMobileSteps({
            device,
            steps,
            ...(app && !('link' in app) ? { installedApp: app } : {}),
            resolveValue: attempt.resolveValue,
            redactor,
            egress: runnerEgress(config),
            startAtStep,
            signal,
            onStepStart,
            onStepDone,
          }),
        interrupted(err) {
          if (!signal.aborted)
            log.warn('mobile run interrupted', { runId: run.id, error: redactor.redact(logSafe(err)) });
          return isUnavailable(err) ? unavailable(err) : err;
        },
        async close() {
          signal.removeEventListener('abort', onAbort);
          await sessions.close(device);
        },
      };
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
          suggestedAction: suggestion(
            'Upload the app again and have it scanned until its status is clean.',
            'POST /api/artifacts/scan',
          ),
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
