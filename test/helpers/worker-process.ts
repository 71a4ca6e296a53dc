import type { ChildProcess } from 'node:child_process';
import { spawnTypeScript } from '../../scripts/lib/node-children';
import { waitHealthy } from '../../scripts/lib/stack';
import { freePort, type TestApp } from './app';

/**
 * The real worker (activities/worker.ts) as a process of its own, in its own process group, so a
 * test can SIGKILL it mid-work. It shares the app's database, Temporal, queues and media; `roles`
 * says what it serves (WORKER_ORCHESTRATION, WORKER_WEBHOOKS, WORKER_RUNNER_PLATFORMS).
 */
export function startWorkerProcess(app: TestApp, roles: Record<string, string>): ChildProcess {
  const c = app.deps.config;
  return spawnTypeScript('activities/worker.ts', {
    detached: true,
    // TEST_WORKER_OUTPUT=1 shows the worker's log when a test needs looking into.
    stdio: process.env.TEST_WORKER_OUTPUT ? 'inherit' : 'ignore',
    env: {
      DATABASE_URL: c.DATABASE_URL,
      TEMPORAL_ADDRESS: c.TEMPORAL_ADDRESS,
      TEMPORAL_NAMESPACE: c.TEMPORAL_NAMESPACE,
      SECRETS_KEY: c.SECRETS_KEY,
      RUNNER_TOKEN: c.RUNNER_TOKEN,
      BASE_URL: c.BASE_URL,
      API_INTERNAL_URL: c.API_INTERNAL_URL,
      MEDIA_DIR: c.MEDIA_DIR,
      TEMPORAL_TASK_QUEUE: c.TEMPORAL_TASK_QUEUE,
      RUNNER_TASK_QUEUE_PREFIX: c.RUNNER_TASK_QUEUE_PREFIX,
      WEBHOOK_TASK_QUEUE: c.WEBHOOK_TASK_QUEUE,
      EGRESS_PUBLIC: String(c.EGRESS_PUBLIC),
      EGRESS_ALLOW: c.EGRESS_ALLOW,
      WORKER_ORCHESTRATION: 'false',
      WORKER_WEBHOOKS: 'false',
      WORKER_RUNNER_PLATFORMS: '',
      LOG_LEVEL: 'warn',
      ...roles,
    },
  });
}

/**
 * The real API (api/server.ts, or `script`: its compiled bundle) as a process of its own, in its
 * own process group, on the app's database, Temporal and queues, loopback-only egress and no
 * request limit; `env` adds settings. Resolves once it answers /healthz.
 */
export async function startApiProcess(
  app: TestApp,
  env: Record<string, string> = {},
  script = 'api/server.ts',
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const c = app.deps.config;
  const child = spawnTypeScript(script, {
    detached: true,
    stdio: 'ignore',
    env: {
      DATABASE_URL: c.DATABASE_URL,
      TEMPORAL_ADDRESS: c.TEMPORAL_ADDRESS,
      TEMPORAL_NAMESPACE: c.TEMPORAL_NAMESPACE,
      SECRETS_KEY: c.SECRETS_KEY,
      TEMPORAL_TASK_QUEUE: c.TEMPORAL_TASK_QUEUE,
      RUNNER_TASK_QUEUE_PREFIX: c.RUNNER_TASK_QUEUE_PREFIX,
      EGRESS_PUBLIC: 'false',
      EGRESS_ALLOW: c.EGRESS_ALLOW,
      RATE_LIMIT_PER_SECOND: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(url, { timeoutMs: 120_000, intervalMs: 100, child });
  } catch (err) {
    killGroup(child);
    throw new Error(`the API process did not start: ${(err as Error).message}`);
  }
  return { url, child };
}

/** SIGKILLs a worker process started above, with its children (Chromium). */
export function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    /* already gone */
  }
}
