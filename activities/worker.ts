import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { loadConfig, runnerChannelProblem, temporalEndpoint } from '../core/config';
import { createLogger } from '../core/log';
import { createDataSource } from '../db/data-source';
import { createMediaStorage } from '../core/storage';
import { createWorkers } from './workers';
import { ensureRetentionSchedule } from './retention/schedule';

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

main().catch((error) => {
  console.error(`[worker] failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
