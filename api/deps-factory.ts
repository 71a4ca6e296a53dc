import type { Client } from '@temporalio/client';
import { connectTemporal } from './temporal/connection';
import { type Config, temporalEndpoint } from '../core/config';
import { parseSecretsKey, SecretBox } from '../core/crypto';
import { createLogger } from '../core/log';
import { AppError } from '../core/errors';
import { createMediaStorage } from '../core/storage';
import { createDataSource } from '../db/data-source';
import { idempotencyRepository } from '../db/repositories/idempotency';
import type { AppDeps } from './pipeline/deps';
import { createTokenVerifier } from './oauth/verifier';
import { RunWatcher } from './runs/watcher';
import { RateLeases } from './middleware/rate-leases';
import { ApiKeyCache } from './middleware/key-cache';
import { sessionCredential } from './console/sessions';

/** Idempotency records expire after 48 h; any API process sweeps a batch this often. */
const IDEMPOTENCY_SWEEP_MS = 10 * 60_000;

/** Builds and connects the dependencies of one API process, with their timers. */
export async function createDeps(config: Config, name = 'api'): Promise<AppDeps & { close(): Promise<void> }> {
  const db = createDataSource(
    config.DATABASE_URL,
    config.DATABASE_POOL_SIZE,
    config.DB_QUERY_TIMEOUT_MS,
    config.DATABASE_POOL_QUEUE_LIMIT,
  );
  await db.initialize();
  const log = createLogger(config.LOG_LEVEL, name);
  let client: Promise<Client> | null = null;
  const temporal = () => {
    client ??= connectTemporal(
      temporalEndpoint(config),
      config.TEMPORAL_NAMESPACE,
      config.TEMPORAL_CALL_TIMEOUT_MS,
    ).catch((error) => {
      client = null;
      log.warn('temporal unreachable', { address: config.TEMPORAL_ADDRESS, error: String(error?.message ?? error) });
      throw new AppError(
        'UNAVAILABLE',
        'the workflow service is unavailable; retry with the same idempotencyKey',
        undefined,
        { 'Retry-After': '2' },
      );
    });
    return client;
  };
  const cleanups: Array<() => void | Promise<void>> = [];
  const runWatcher = new RunWatcher(db, config.RUN_POLL_INTERVAL_MS, config.DB_QUERY_TIMEOUT_MS);
  cleanups.push(() => runWatcher.close());
  const sweep = setInterval(() => {
    idempotencyRepository
      .purgeExpired(db.manager, Date.now())
      .catch((error) => log.warn('idempotency sweep failed', { error: String(error?.message ?? error) }));
  }, IDEMPOTENCY_SWEEP_MS);
  sweep.unref();
  cleanups.push(() => clearInterval(sweep));

  const deps: AppDeps & { close(): Promise<void> } = {
    config,
    db,
    secrets: new SecretBox(parseSecretsKey(config.SECRETS_KEY)),
    log,
    temporal,
    storage: createMediaStorage(config),
    runWatcher,
    apiKeys: new ApiKeyCache(config.API_KEY_CACHE_TTL_MS),
    rateLeases: new RateLeases(),
    tokenVerifier: null,
    sessionCredential: null,
    onClose: (cleanup) => {
      cleanups.push(cleanup);
    },
    async close() {
      for (const cleanup of cleanups.reverse()) await cleanup();
      if (client) await (await client.catch(() => null))?.connection.close();
      await db.destroy();
    },
  };
  // OAuth: without an issuer only organization API keys authenticate; the metadata is served
  // either way (with no authorization servers) because every challenge points at it.
  if (config.OAUTH_ISSUER) deps.tokenVerifier = createTokenVerifier(deps);
  deps.sessionCredential = sessionCredential(deps);
  return deps;
}
