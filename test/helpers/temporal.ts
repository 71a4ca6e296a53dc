import { NativeConnection, Runtime, DefaultLogger } from '@temporalio/worker';
import { randomBytes } from 'node:crypto';
import { createWorkers } from '../../activities/worker';
import { createMediaStorage } from '../../core/storage';
import type { AppFixture, TestApp } from './app';
import type { Config } from '../../core/config';
import { createLogger, type Logger } from '../../core/log';

let runtimeInstalled = false;

/** Installs the Temporal Runtime once per test process (a second install throws). */
export function installRuntime() {
  if (runtimeInstalled) return;
  // Runner queues carry activities only: the SDK's "No workflows registered" warning about each is expected.
  Runtime.install({
    logger: new DefaultLogger('WARN', (entry) => {
      if (!entry.message.startsWith('No workflows registered'))
        console.error(`[temporal] ${entry.level} ${entry.message}`);
    }),
  });
  runtimeInstalled = true;
}

/** Config overrides giving one test suite its own task queues on the shared Temporal server. */
export function privateQueues(): Record<string, string> {
  const tag = randomBytes(4).toString('hex');
  return {
    TEMPORAL_TASK_QUEUE: `orchestration-${tag}`,
    RUNNER_TASK_QUEUE_PREFIX: `runner-${tag}-`,
    WEBHOOK_TASK_QUEUE: `webhooks-${tag}`,
  };
}

export interface WorkerOptions {
  runnerPlatforms?: string[];
  orchestration?: boolean;
  /** Settings of this worker process that differ from the app's (e.g. a runner that cannot substitute). */
  config?: Partial<Config>;
  identity?: string;
  /** The runner host's environment the API runner reads credentials from (default: none). */
  hostEnv?: Record<string, string>;
  /** The workers' logger (default: the app's), e.g. one that keeps lines for a test to read. */
  log?: Logger;
}

/** Runs the real workers in this process against the app's database and Temporal server. */
export async function startWorkers(app: TestApp, options: WorkerOptions = {}) {
  installRuntime();
  const config: Config = Object.freeze({ ...app.deps.config, ...options.config });
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const set = await createWorkers({
    connection,
    config,
    deps: { config, db: app.deps.db, storage: createMediaStorage(config), log: options.log ?? app.deps.log },
    orchestration: options.orchestration ?? true,
    runnerPlatforms: options.runnerPlatforms ?? ['web'],
    identity: options.identity,
    hostEnv: options.hostEnv ?? {},
  });
  const running = set.run();
  return {
    async stop() {
      await set.shutdown();
      await running;
      await connection.close();
    },
  };
}

/** A logger that keeps every line in memory (never printed), for a test to read what the operator would see. */
export function keptLog(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  return { log: createLogger('debug', 'test-worker', (line) => lines.push(line)), lines };
}

/** Workers for a `useApp` suite, started in a `before` hook after the app and stopped before it closes. */
export function useWorkers(t: AppFixture, options: WorkerOptions = {}) {
  before(async () => {
    const workers = await startWorkers(t.app, options);
    t.onClose(() => workers.stop());
  });
}
