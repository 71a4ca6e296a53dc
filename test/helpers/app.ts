import { createServer, type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../../core/config';
import { createApp } from '../../api/app';
import { createDeps } from '../../api/deps-factory';
import type { AppDeps } from '../../api/pipeline/deps';
import type { Endpoint } from '../../api/pipeline/model';
import { createOrganization } from '../../domain/organizations';
import { rest } from './rest';

/** Settings every test shares: the services the global fixture started, a fixed secrets key. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl)
    throw new Error(
      'TEST_DATABASE_URL is unset: run the tests with `npm test` (the global fixture starts MySQL and Temporal)',
    );
  return loadConfig({
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
    // A namespace of its own on a shared server (npm run cluster -- --check): its API reconciles the
    // namespace's Schedules against its own database.
    TEMPORAL_NAMESPACE: process.env.TEST_TEMPORAL_NAMESPACE ?? 'default',
    SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    MEDIA_DIR: process.env.TEST_MEDIA_DIR ?? '.data/test-media',
    RUNNER_TOKEN: 'test-runner-token-0123456789',
    RUN_POLL_INTERVAL_MS: '200',
    // Loopback only (set by scripts/test.js for every process the tests start, too).
    EGRESS_PUBLIC: 'false',
    EGRESS_ALLOW: '127.0.0.0/8,::1,localhost',
    // Suites fire bursts from one organization; the limits have their own suite (test/api/limits.test.ts).
    RATE_LIMIT_PER_SECOND: '0',
    RUN_REQUEST_RATE_PER_MINUTE: '0',
    // Four files side by side on two cores starve a runner's heartbeats for seconds at a time: a Run
    // ended `invalid` (infrastructure) is no verdict the suites can check. The suite that kills a
    // runner (durability.test.ts) sets the default back.
    RUNNER_HEARTBEAT_TIMEOUT_MS: '30000',
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

/** A loopback port free right now, so the config can name it before the server listens. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Serves the real app on a loopback port, with its own deps (pool, temporal client).
 * `extraEndpoints` adds stand-in routes served by the same router.
 */
export async function startApp(
  overrides: Record<string, string> = {},
  extraEndpoints: Endpoint[] = [],
): Promise<TestApp> {
  const port = overrides.PORT ?? String(await freePort());
  const deps = await createDeps(testConfig({ ...overrides, PORT: port }), 'test-api');
  await migrateOnce(deps);
  const server = createApp(deps, extraEndpoints).listen(Number(port), '127.0.0.1');
  // As api/server.ts: longer than a client's idle keep-alive, so the server never closes a socket the
  // client is about to reuse (a test that blocks its event loop, e.g. spawnSync, made that race real).
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    deps,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await deps.close();
    },
  };
}

/** A fresh organization and API key, the way the admin command makes them. */
export async function createOrg(deps: AppDeps, name = `org-${randomBytes(3).toString('hex')}`) {
  return createOrganization(deps.db.manager, name);
}

export type TestOrg = Awaited<ReturnType<typeof createOrg>>;

/** What the factories below need: an app and the organization they create records in. */
export interface WithOrg {
  app: { url: string };
  org: { apiKey: string };
}

/** Reads a value a `before` hook sets, failing clearly when read at describe time instead. */
export function ready<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is set by the suite's before hook: read it inside hooks and tests`);
  return value;
}

export interface AppFixture {
  readonly app: TestApp;
  readonly org: TestOrg;
  /** Stops something that uses the app (workers, clients) before it closes; the last one registered stops first. */
  onClose(stop: () => unknown): void;
}

/**
 * One app and one organization for the calling `describe`: started in its `before` hook, closed in
 * its `after`. A function for `overrides` is called in the hook, for settings known only then.
 */
export function useApp(
  overrides: Record<string, string> | (() => Record<string, string>) = {},
  extraEndpoints: Endpoint[] = [],
): AppFixture {
  let app: TestApp | undefined;
  let org: TestOrg | undefined;
  const stops: Array<() => unknown> = [];
  before(async () => {
    app = await startApp(typeof overrides === 'function' ? overrides() : overrides, extraEndpoints);
    org = await createOrg(app.deps);
  });
  after(async () => {
    try {
      for (const stop of stops.splice(0).reverse()) await stop();
    } finally {
      await app?.close();
    }
  });
  return {
    get app() {
      return ready(app, 'useApp().app');
    },
    get org() {
      return ready(org, 'useApp().org');
    },
    onClose(stop) {
      stops.push(stop);
    },
  };
}

/** The successful reply's body; any other status throws, so setup fails where it went wrong. */
async function created<T = any>(operation: string, reply: Promise<Reply<T>>): Promise<T> {
  const { status, body } = await reply;
  if (status !== 200) throw new Error(`${operation} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** Creates a web Test Case (named `c`, one navigate step unless `fields` say otherwise); answers it. */
export function newCase(t: WithOrg, fields: Record<string, unknown> = {}) {
  return created(
    'test_case.create',
    call(t.app, t.org.apiKey, 'test_case.create', {
      idempotencyKey: key(),
      name: 'c',
      platforms: ['web'],
      steps: [{ action: 'navigate', target: '/' }],
      ...fields,
    }),
  );
}

/**
 * Triggers, through `api` (another API process of the app), a Run of a new one-step web case named
 * `name`; answers its id. Where no runner serves the app's queues (private ones) it stays queued.
 */
export async function queuedRun(t: WithOrg, api: { url: string }, name: string): Promise<string> {
  const testCase = await newCase(t, { name });
  const triggered = await created(
    'run.trigger',
    call(api, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
    }),
  );
  return triggered.runIds[0];
}

/** Creates or updates the Environment `slug` with `fields` (targets, runtimeValues, ...); answers it. */
export function environment(t: WithOrg, slug: string, fields: Record<string, unknown> = {}) {
  return created(
    'environment.upsert',
    call(t.app, t.org.apiKey, 'environment.upsert', { idempotencyKey: key(), slug, ...fields }),
  );
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls a v1 operation over HTTP. */
export async function call<T = any>(
  app: { url: string },
  apiKey: string | null,
  operation: string,
  body: unknown,
): Promise<Reply<T>> {
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

/** Creates a web Test Case with `fields`, triggers one Run of it with `trigger` (environmentSlug, targets…); answers its runId. */
export async function runNewCase(t: WithOrg, fields: Record<string, unknown>, trigger: Record<string, unknown>) {
  const testCase = await newCase(t, fields);
  const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
    idempotencyKey: key(),
    testCaseId: testCase.id,
    ...trigger,
  });
  if (triggered.status !== 200)
    throw new Error(`run.trigger answered ${triggered.status}: ${JSON.stringify(triggered.body)}`);
  return triggered.body.runIds[0] as string;
}

/** Creates a Test Plan of these cases and triggers it on `environmentSlug`; answers the run.trigger reply. */
export async function triggerPlanOf(t: WithOrg, testCaseIds: string[], environmentSlug: string, name = 'Plan') {
  const plan = await created(
    'test_plan.create',
    call(t.app, t.org.apiKey, 'test_plan.create', { idempotencyKey: key(), name, testCaseIds }),
  );
  return call(t.app, t.org.apiKey, 'run.trigger', { idempotencyKey: key(), testPlanId: plan.id, environmentSlug });
}

/**
 * Creates a resource-style plan of its own steps (`POST /api/plans` with `plan`) and triggers it on
 * `environmentSlug`; answers the plan's id and the `POST /api/trigger` reply.
 */
export async function triggerStepsPlan(t: WithOrg, plan: Record<string, unknown>, environmentSlug: string) {
  const created = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', plan);
  if (created.status !== 201)
    throw new Error(`POST /api/plans answered ${created.status}: ${JSON.stringify(created.body)}`);
  const testPlanId: string = created.body.testPlanId;
  return {
    testPlanId,
    triggered: await rest(t.app, t.org.apiKey, 'POST', '/api/trigger', { testPlanId, environmentSlug }),
  };
}
