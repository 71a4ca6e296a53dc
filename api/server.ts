import { loadConfig } from '../core/config';
import { createApp } from './app';
import { createDeps } from './deps-factory';
import { startScheduleReconciler } from './schedules/reconcile';

/** The API process: stateless, so any number can run behind a load balancer. */
async function main() {
  const config = loadConfig();
  const deps = await createDeps(config);
  // A deep accept queue: thousands of followers reconnecting at once (after a deploy, or every
  // long-poll deadline together) must queue for accept, not be reset by the kernel.
  const server = createApp(deps).listen({ port: config.PORT, host: config.HOST, backlog: 4096 }, () => {
    deps.log.info('api listening', { url: config.BASE_URL });
  });
  // Records and Temporal Schedules agree again after a write cut short or a Schedule removed by hand.
  const stopReconciler = startScheduleReconciler(deps);
  // Long-polls hold requests up to 25 s; keep-alive sockets must outlive them.
  server.keepAliveTimeout = 30_000;
  server.headersTimeout = 35_000;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    stopReconciler();
    // Stop accepting, answer parked long-polls now (timedOut), let in-flight requests finish,
    // and tell keep-alive clients to reconnect elsewhere; only then close the pool.
    server.close(() => void deps.close().then(() => process.exit(0)));
    deps.runWatcher.close();
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  server.on('request', (_req, res) => {
    if (stopping) res.setHeader('Connection', 'close');
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(`[api] failed to start: ${error.message}`);
  process.exit(1);
});
