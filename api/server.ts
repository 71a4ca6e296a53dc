import { createServer, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { loadConfig } from '../core/config';
import { createApp } from './app';
import { createDeps } from './deps-factory';
import { startScheduleReconciler } from './schedules/reconcile';

/** The API process: stateless, so any number can run behind a load balancer. */
async function main() {
  const config = loadConfig();
  const deps = await createDeps(config);
  // Once the process drains, every answer closes its connection: the ones under way, parked ones
  // answered now and any new request on a kept-alive socket. Decided as the head is written (every
  // answer's head goes through writeHead), so requests cost no listener to be tracked.
  class ClosingWhenDraining extends ServerResponse {
    // Its arguments passed as they are, not gathered and spread: every answer's head passes here.
    override writeHead(statusCode: number, reason?: unknown, headers?: unknown): this {
      if (deps.draining) this.shouldKeepAlive = false;
      return super.writeHead(statusCode, reason as string, headers as OutgoingHttpHeaders);
    }
  }
  const app = createApp(deps);
  const server = createServer({ ServerResponse: ClosingWhenDraining }, app.callback());
  // A deep accept queue: thousands of followers reconnecting at once (after a deploy, or every
  // long-poll deadline together) must queue for accept, not be reset by the kernel.
  server.listen({ port: config.PORT, host: config.HOST, backlog: 4096 }, () => {
    deps.log.info('api listening', { url: config.BASE_URL });
  });
  // Records and Temporal Schedules agree again after a write cut short or a Schedule removed by hand.
  const stopReconciler = startScheduleReconciler(deps);
  // Long-polls hold requests up to 25 s; keep-alive sockets must outlive them.
  server.keepAliveTimeout = 30_000;
  server.headersTimeout = 35_000;
  const stop = () => {
    if (deps.draining) return;
    // Draining: /healthz answers 503 so a load balancer stops sending, parked long-polls are
    // answered now (timedOut: the client polls again, elsewhere), every answer closes its
    // connection. After API_DRAIN_DELAY_MS (the balancer's time to notice) no new connection is
    // accepted; requests in flight get API_DRAIN_TIMEOUT_MS to finish; only then the pool closes.
    deps.draining = true;
    deps.log.info('api draining', { delayMs: config.API_DRAIN_DELAY_MS, timeoutMs: config.API_DRAIN_TIMEOUT_MS });
    stopReconciler();
    deps.runWatcher.close();
    setTimeout(() => {
      server.close(() => void deps.close().then(() => process.exit(0)));
      // A connection that goes idle after this is closed too, not only those idle now.
      setInterval(() => server.closeIdleConnections(), 100).unref();
    }, config.API_DRAIN_DELAY_MS);
    setTimeout(() => process.exit(0), config.API_DRAIN_DELAY_MS + config.API_DRAIN_TIMEOUT_MS).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(`[api] failed to start: ${error.message}`);
  process.exit(1);
});
