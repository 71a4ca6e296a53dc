import type { ChildProcess } from 'node:child_process';
import type { Agent as HttpAgent, RequestOptions } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { spawnTypeScript } from '../scripts/lib/node-children';
import { procStat, residentMiB } from '../scripts/lib/process-tree';

export const root = resolve(__dirname, '..');

/**
 * Collects this client's garbage before a measured pass (scripts/bench.js runs it with --expose-gc
 * and a young generation that holds a whole pass): a client collection of 50-150 ms in the middle
 * of a pass lands on whichever server it is following and decided the worst lateness of a pair.
 */
export function emptyClientHeap(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Starts a TypeScript entry point as one node process (so its pid is the one we measure). */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  readyUrl: string,
  /** Reads the process's log lines (stderr) instead of passing them through. */
  onLogLine?: (line: string) => void,
): Promise<ChildProcess> {
  // BENCH_CPU_PROF=<dir>: every process started here writes a V8 CPU profile there on exit
  // (to see where a figure's time goes; open it in Chrome DevTools or speedscope).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawnTypeScript(script, {
    env,
    nodeArgs: profile,
    stdio: ['ignore', 'ignore', onLogLine ? 'pipe' : 'inherit'],
  });
  if (onLogLine) createInterface({ input: child.stderr! }).on('line', onLogLine);
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(readyUrl, { method: 'GET' }).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`${script} did not become ready`);
}

/**
 * Stops processes started by startProcess and waits until they have exited (SIGKILL after 15 s):
 * a worker still shutting down, with its Chromium, would otherwise share the cores with the next
 * round of measurements.
 */
export async function stopProcesses(...children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }),
  );
}

/** A JSON POST with a bearer key; the status and the parsed answer. */
export const postJson = (url: string, apiKey: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

export interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon with a JSON POST body, for `seconds` at `connections`. */
export async function load(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  connections = 50,
  seconds = 10,
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** CPU time (user + system, ms) and resident memory (MiB) of a process, from /proc. */
export function usage(pid: number): { cpuMs: number; rssMiB: number } {
  const stat = procStat(pid);
  if (!stat) throw new Error(`process ${pid} has ended`);
  return { cpuMs: stat.ownMs, rssMiB: residentMiB(pid) };
}

/** The process that listens on a loopback TCP port (found through /proc: its socket's inode). */
export function listenerPid(port: number): number {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6'])
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[1]?.endsWith(`:${hex}`) && f[3] === '0A') inodes.add(f[9]); // 0A: LISTEN
    }
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or not ours
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode && inodes.has(inode)) return Number(pid);
      } catch {
        /* closed meanwhile */
      }
    }
  }
  throw new Error(`no process listens on port ${port}`);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** An organization and API key for the benchmark, inserted directly. */
export async function seedOrg(ds: import('typeorm').DataSource, name: string) {
  const { createOrganization } = await import('../domain/organizations');
  const { orgId, apiKey } = await createOrganization(ds.manager, name);
  return { orgId, apiKey };
}

/**
 * An API process on `port` and a worker that runs API Runs only, on task queues of their own
 * (`name` tells them apart); the worker signs the API target's requests as alice.
 */
export async function startApiWithApiRunner(
  env: Record<string, string>,
  name: string,
  port: string,
  aliceToken: string,
) {
  const api = `http://127.0.0.1:${port}`;
  const queues = {
    TEMPORAL_TASK_QUEUE: `bench-${name}-${randomBytes(3).toString('hex')}`,
    RUNNER_TASK_QUEUE_PREFIX: `bench-${name}-runner-`,
  };
  const server = await startProcess('api/server.ts', { ...env, ...queues, PORT: port }, `${api}/healthz`);
  const worker = await startProcess(
    'activities/worker.ts',
    { ...env, ...queues, BASE_URL: api, WORKER_RUNNER_PLATFORMS: 'api', BENCH_ALICE_TOKEN: aliceToken },
    `${api}/healthz`,
  );
  return { api, server, worker };
}

/** A `run.get` of this client: to a server's port with its credential, on a kept-alive agent. */
export function runGetOptions(to: { port: number; auth: string }, agent: HttpAgent, body: string): RequestOptions {
  return {
    host: '127.0.0.1',
    port: to.port,
    path: '/api/v1/run.get',
    method: 'POST',
    agent,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      authorization: to.auth,
    },
  };
}
