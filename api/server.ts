import { loadConfig } from './config';
import { createApp } from './app';
import { createDeps } from './deps-factory';
import { installCapabilities } from './capabilities';

/** The API process: stateless, so any number can run behind a load balancer. */
async function main() {
  const config = loadConfig();
  const deps = await createDeps(config);
  const endpoints = await installCapabilities(deps);
  const server = createApp(deps, endpoints).listen(config.PORT, config.HOST, () => {
    deps.log.info('api listening', { url: config.BASE_URL });
  });
  // Long-polls hold requests up to 25 s; keep-alive sockets must outlive them.
  server.keepAliveTimeout = 30_000;
  server.headersTimeout = 35_000;
  const stop = () => {
    server.close(() => void deps.close().then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(`[api] failed to start: ${error.message}`);
  process.exit(1);
});
