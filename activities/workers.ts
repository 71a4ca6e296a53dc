import { bundleWorkflowCode, NativeConnection, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { Browser } from 'playwright-core';
import { runnerHostEnvironment, runnerQueue, type Config } from '../core/config';
import type { ActivityDeps } from './deps';
import {
  createApiRunnerActivities,
  createOrchestrationActivities,
  createRunnerActivities,
  createWebhookAttemptActivities,
} from './index';
import { ContextPool, launchBrowser } from './runner/browser';
import { runnerEgress } from '../core/egress';
import { mobileRunnerActivities } from './run/mobile';
import { sessionKeeper } from './mobile/engine';
import { BEAT_MS } from './run/attempt';

let bundle: Promise<WorkflowBundleWithSourceMap> | null = null;

/** Bundles the workflow code once per process (tests share one bundle across workers). */
export function workflowBundle(): Promise<WorkflowBundleWithSourceMap> {
  bundle ??= bundleWorkflowCode({ workflowsPath: require.resolve('../workflows'), logger: quietBundlerLogger });
  return bundle;
}

const quietBundlerLogger = {
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error: (m: string) => console.error(m),
  log() {},
} as never;

/** One Chromium per worker process, relaunched if it dies. */
export function sharedBrowser(executablePath: string) {
  let browser: Promise<Browser> | null = null;
  return {
    get(): Promise<Browser> {
      browser ??= launchBrowser(executablePath).then(
        (b) => {
          b.on('disconnected', () => {
            browser = null;
          });
          return b;
        },
        (error) => {
          browser = null;
          throw error;
        },
      );
      return browser;
    },
    async close() {
      const b = await browser?.catch(() => null);
      browser = null;
      await b?.close().catch(() => undefined);
    },
  };
}

export interface WorkerSetOptions {
  connection: NativeConnection;
  config: Config;
  deps: ActivityDeps;
  /** Where API credential bindings resolve (default: this process's environment). */
  hostEnv?: Readonly<Record<string, string | undefined>>;
  /** Run the orchestration queue (workflows + bookkeeping activities). */
  orchestration: boolean;
  /** Platforms whose runner queues this process serves (`web` is the one with a runner here). */
  runnerPlatforms: string[];
  /** The runner workers' identity in Temporal's history (default: Temporal's pid@host). */
  identity?: string;
}

/** Creates the workers of one process; the caller runs and shuts them down. */
export async function createWorkers(options: WorkerSetOptions) {
  const { connection, config } = options;
  // A graceful stop (shutdown below) aborts this first: runners start no new step and hand their Runs over.
  const stopping = new AbortController();
  const deps: ActivityDeps = { ...options.deps, stopping: stopping.signal };
  // Activities in flight get WORKER_SHUTDOWN_GRACE_MS to finish before the SDK aborts them.
  const shutdownGraceTime = config.WORKER_SHUTDOWN_GRACE_MS;
  const namespace = config.TEMPORAL_NAMESPACE;
  const browser = sharedBrowser(config.CHROMIUM_PATH);
  // One pool per process: it keeps a context ready only while none of this process's Runs is active.
  const contexts = new ContextPool(
    browser.get,
    runnerEgress(config),
    true,
    config.RUNNER_CONCURRENCY,
    config.RUNNER_TRACE !== 'off',
  );
  const workers: Worker[] = [];
  if (options.orchestration) {
    workers.push(
      await Worker.create({
        connection,
        namespace,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        workflowBundle: await workflowBundle(),
        activities: createOrchestrationActivities(deps),
        shutdownGraceTime,
      }),
    );
  }
  if (config.WORKER_WEBHOOKS ?? options.orchestration) {
    // Delivery attempts wait on receivers: their own queue keeps a slow receiver from holding up Runs.
    workers.push(
      await Worker.create({
        connection,
        namespace,
        taskQueue: config.WEBHOOK_TASK_QUEUE,
        activities: createWebhookAttemptActivities(deps),
        maxConcurrentActivityTaskExecutions: 20,
        shutdownGraceTime,
      }),
    );
  }
  // The mobile runner exists only where the runner host names an Appium server (APPIUM_URL).
  const sessions = options.runnerPlatforms.some(isMobile) ? sessionKeeper(deps) : null;
  if (sessions) await sessions.endLeftovers();
  for (const platform of options.runnerPlatforms) {
    if (!['web', 'api', 'android', 'ios'].includes(platform)) throw new Error(`no runner for platform ${platform}`);
    if (isMobile(platform) && !sessions) {
      deps.log.info('no mobile runner: APPIUM_URL is not set', { platform, queue: runnerQueue(config, platform) });
      continue;
    }
    const hostEnv = options.hostEnv ?? runnerHostEnvironment();
    const activities =
      platform === 'api'
        ? createApiRunnerActivities({ ...deps, hostEnv })
        : isMobile(platform)
          ? mobileRunnerActivities({ ...deps, platform, sessions: sessions! })
          : createRunnerActivities({ ...deps, hostEnv, browser: browser.get, contexts });
    // Only a runner that can substitute polls the queue of Runs that use Environment values.
    const queues = [
      runnerQueue(config, platform),
      ...(config.RUNNER_CAN_SUBSTITUTE ? [runnerQueue(config, platform, true)] : []),
    ];
    for (const taskQueue of queues) {
      workers.push(
        await Worker.create({
          connection,
          namespace,
          taskQueue,
          activities,
          shutdownGraceTime,
          // The SDK sends heartbeats on at 0.8 × the 10 s heartbeat timeout unless told less: a
          // runner starved for 2 s on a loaded host then looked dead. Sent on at the beat's own
          // 2 s, a runner is declared gone only after 8 s without any.
          maxHeartbeatThrottleInterval: BEAT_MS,
          ...(options.identity ? { identity: options.identity } : {}),
          // Web Runs share one Chromium, a fresh context each (RUNNER_CONCURRENCY); API Runs mostly wait;
          // mobile Runs hold an Appium session each (MOBILE_RUNNER_CONCURRENCY, shared by both platforms).
          maxConcurrentActivityTaskExecutions:
            platform === 'api' ? 10 : isMobile(platform) ? config.MOBILE_RUNNER_CONCURRENCY : config.RUNNER_CONCURRENCY,
        }),
      );
    }
  }
  let running: Promise<unknown> | undefined;
  return {
    workers,
    run: () => (running ??= Promise.all(workers.map((w) => w.run()))),
    /**
     * A graceful stop: no new task is taken, steps in flight get the grace time, Runs not finished
     * are handed over (activities/run/handover.ts); the browser and sessions close only after the
     * workers have stopped, so no step in its grace time loses its page.
     */
    async shutdown() {
      stopping.abort();
      for (const w of workers) if (w.getState() === 'RUNNING') w.shutdown();
      await running?.catch(() => undefined);
      await sessions?.closeAll();
      await contexts.close();
      await browser.close();
    },
    closeBrowser: browser.close,
  };
}

const isMobile = (platform: string): platform is 'android' | 'ios' => platform === 'android' || platform === 'ios';
