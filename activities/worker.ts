import { Client, Connection } from '@temporalio/client';
import {
  bundleWorkflowCode,
  DefaultLogger,
  NativeConnection,
  Runtime,
  Worker,
  type WorkflowBundleWithSourceMap,
} from '@temporalio/worker';
import type { Browser } from 'playwright-core';
import {
  loadConfig,
  runnerChannelProblem,
  runnerHostEnvironment,
  runnerQueue,
  temporalEndpoint,
  type Config,
} from '../core/config';
import { createLogger } from '../core/log';
import { createDataSource } from '../db/data-source';
import { createMediaStorage } from '../core/storage';
import { ensureRetentionSchedule } from './retention/schedule';
import type { ActivityDeps } from './deps';
import {
  createApiRunnerActivities,
  createOrchestrationActivities,
  createRunnerActivities,
  createWebhookAttemptActivities,
} from './index';
import { ContextPool, launchBrowser } from './engines/web/browser';
import { runnerEgress } from '../core/egress';
import { mobileRunnerActivities } from './run/mobile';
import { sessionKeeper } from './engines/mobile/engine';
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

/**
 * The worker process: orchestration workflows and activities, plus the runner queues named by
 * WORKER_RUNNER_PLATFORMS. Stateless; start more of them to scale either part.
 */
async function main() {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL, 'worker');
  const runnerPlatforms = config.WORKER_RUNNER_PLATFORMS.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  // A runner host that names an Appium server runs the mobile runner too.
  if (runnerPlatforms.length && config.APPIUM_URL)
    for (const mobile of ['android', 'ios']) if (!runnerPlatforms.includes(mobile)) runnerPlatforms.push(mobile);
  // A runner refuses at start, not at the first secret, to send values over an unencrypted network.
  const channelProblem = runnerPlatforms.length && config.RUNNER_TOKEN ? runnerChannelProblem(config) : null;
  if (channelProblem) throw new Error(channelProblem);
  // The SDK's own lifecycle chatter at INFO drowns our log lines; warnings still show.
  // Runner queues carry activities only; the SDK's "No workflows registered" warning about them is expected.
  Runtime.install({
    logger: new DefaultLogger(config.LOG_LEVEL === 'debug' ? 'INFO' : 'WARN', (entry) => {
      if (entry.message.startsWith('No workflows registered')) return;
      const write = entry.level === 'ERROR' ? log.error : entry.level === 'WARN' ? log.warn : log.info;
      write(entry.message, { sdk: entry.meta });
    }),
  });
  // Playwright's client reads a stack trace on every call it makes, and with the source maps tsx
  // turns on each read maps every frame: about 12 ms of this process's CPU a web Run (a CPU
  // profile under `npm run bench -- runner`). Stack traces then name the compiled lines, which is
  // why LOG_LEVEL=debug keeps the maps.
  if (config.LOG_LEVEL !== 'debug') process.setSourceMapsEnabled(false);
  const db = createDataSource(config.DATABASE_URL, 10, config.DB_QUERY_TIMEOUT_MS);
  await db.initialize();
  const connection = await NativeConnection.connect(temporalEndpoint(config));
  const set = await createWorkers({
    connection,
    config,
    deps: { config, db, storage: createMediaStorage(config), log },
    orchestration: config.WORKER_ORCHESTRATION,
    runnerPlatforms,
  });
  // The worker that runs the purge owns its Schedule: `npm start` and compose both start one, so
  // both get the Schedule, always pointing at the task queue that serves it.
  if (config.WORKER_ORCHESTRATION) {
    const scheduler = await Connection.connect(temporalEndpoint(config));
    await ensureRetentionSchedule(new Client({ connection: scheduler, namespace: config.TEMPORAL_NAMESPACE }), config);
    await scheduler.close();
    log.info('retention schedule ready', { cron: config.RETENTION_PURGE_CRON });
  }
  const stop = () => void set.shutdown();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  log.info('worker running', { taskQueues: set.workers.map((w) => w.options.taskQueue) });
  await set.run();
  await connection.close();
  await db.destroy();
}

// Run as a program (npm start, compose); imported, it only gives createWorkers and workflowBundle to tests.
if (require.main === module)
  main().catch((error) => {
    console.error(`[worker] failed: ${error.stack ?? error.message}`);
    process.exit(1);
  });
