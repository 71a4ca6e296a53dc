import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../../api/config';
import { createApp } from '../../api/app';
import { createDeps } from '../../api/deps-factory';
import { installCapabilities } from '../../api/capabilities';
import type { AppDeps } from '../../api/deps';
import { generateApiKey, sha256 } from '../../api/crypto';
import { newId } from '../../api/ids';
import { apiKeyRepository, organizationRepository } from '../../db/repositories/organizations';

/** Settings every test shares: the services the global fixture started, a fixed secrets key. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('TEST_DATABASE_URL is unset: run the tests with `npm test` (the global fixture starts MySQL and Temporal)');
  return loadConfig({
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
    SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    MEDIA_DIR: process.env.TEST_MEDIA_DIR ?? '.data/test-media',
    ...overrides,
  });
}

let migrated: Promise<void> | null = null;

/** Applies the migrations once per test run, through the same code `npm start` uses. */
async function migrateOnce(deps: AppDeps) {
  migrated ??= deps.db.runMigrations({ transaction: 'each' }).then(() => undefined);
  await migrated;
}

export interface TestApp {
  url: string;
  deps: AppDeps;
  server: Server;
  close(): Promise<void>;
}

/** Serves the real app on a loopback port, with its own deps (pool, temporal client). */
export async function startApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const deps = await createDeps(testConfig(overrides), 'test-api');
  await migrateOnce(deps);
  const endpoints = await installCapabilities(deps);
  const server = createApp(deps, endpoints).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // SITE_URL and BASE_URL are only known once the port is.
  deps.config.BASE_URL = deps.config.BASE_URL.includes(':0') ? url : deps.config.BASE_URL;
  deps.config.SITE_URL = deps.config.SITE_URL.includes(':0') ? url : deps.config.SITE_URL;
  return {
    url, deps, server,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await deps.close();
    },
  };
}

/** A fresh organization and API key, the way the admin command makes them. */
export async function createOrg(deps: AppDeps, name = `org-${randomBytes(3).toString('hex')}`) {
  const orgId = newId('org');
  const now = Date.now();
  await organizationRepository.create(deps.db.manager, { id: orgId, name, createdAt: now });
  const key = generateApiKey();
  await apiKeyRepository.create(deps.db.manager, { id: key.keyId, orgId, secretHash: sha256(key.secret), createdAt: now, revokedAt: null });
  return { orgId, apiKey: key.apiKey, keyId: key.keyId };
}

export interface Reply<T = any> { status: number; body: T; headers: Headers }

/** Calls a v1 operation over HTTP. */
export async function call<T = any>(app: { url: string }, apiKey: string | null, operation: string, body: unknown): Promise<Reply<T>> {
  const res = await fetch(`${app.url}/api/v1/${operation}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

let counter = 0;
/** A unique idempotency key per call site. */
export const key = (label = 'k') => `${label}-${Date.now()}-${counter++}-${randomBytes(3).toString('hex')}`;
