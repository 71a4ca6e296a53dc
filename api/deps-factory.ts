import { Client, Connection } from '@temporalio/client';
import type { Config } from './config';
import { parseSecretsKey, SecretBox } from './crypto';
import type { AppDeps } from './deps';
import { createLogger } from './log';
import { AppError } from './errors';
import { createDataSource } from '../db/data-source';

/** Builds and connects the dependencies of one API process. */
export async function createDeps(config: Config, name = 'api'): Promise<AppDeps & { close(): Promise<void> }> {
  const db = createDataSource(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  await db.initialize();
  const log = createLogger(config.LOG_LEVEL, name);
  let client: Promise<Client> | null = null;
  const temporal = () => {
    client ??= Connection.connect({ address: config.TEMPORAL_ADDRESS })
      .then((connection) => new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }))
      .catch((error) => {
        client = null;
        log.warn('temporal unreachable', { address: config.TEMPORAL_ADDRESS, error: String(error?.message ?? error) });
        throw new AppError('UNAVAILABLE', 'the workflow service is unavailable; retry with the same idempotencyKey', undefined, { 'Retry-After': '2' });
      });
    return client;
  };
  const cleanups: Array<() => void | Promise<void>> = [];
  return {
    config,
    db,
    secrets: new SecretBox(parseSecretsKey(config.SECRETS_KEY)),
    log,
    temporal,
    services: {},
    onClose: (cleanup) => { cleanups.push(cleanup); },
    async close() {
      for (const cleanup of cleanups.reverse()) await cleanup();
      if (client) await (await client.catch(() => null))?.connection.close();
      await db.destroy();
    },
  };
}
