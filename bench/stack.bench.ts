import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { Agent as HttpAgent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, hostname, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createDataSource } from '../db/data-source';
import { newId } from '../core/ids';
import { terminalStatuses } from '../db/repositories/runs';
import { startTimingSite, type TimingSite } from './timing-site';
import {
  emptyClientHeap,
  fmt,
  listenerPid,
  percentile,
  root,
  runGetOptions,
  seedOrg,
  startProcess,
  stopProcesses,
  usage,
} from './util';

const ports = require('../scripts/lib/ports.js');

/**
 * `npm run bench -- stack`: the stack as users run it. `scripts/start.js` (what `npm start` runs)
 * brings up its own MariaDB, Temporal, API and worker in a data directory of its own; this process
 * is only the client, as a CI job or a developer's script would be. It measures a one-step Run's
 * first step idle and back to back, and long-poll lateness beside a bare node:http server driven
 * by the same client in the same round.
 *
 * BENCH_STACK_VARIANT="NAME=value,…" starts a second stack with those variables added (e.g.
 * `TEMPORAL_SQLITE_PRAGMAS=` for the state file as it was synced before) and measures its first
 * steps in the same rounds, block by block beside the first: the machine's speed moves by the minute.
 */
export async function stackBench(rounds: number) {
  const dir = mkdtempSync(join(tmpdir(), 'qa-bench-stack-'));
  const variantEnv = process.env.BENCH_STACK_VARIANT;
  const stacks = [await startStack(join(dir, 'a'), {})];
  if (variantEnv !== undefined) stacks.push(await startStack(join(dir, 'b'), parseVariant(variantEnv)));
  const site = await startTimingSite();
  const bare = await bareServer();
  const figures = new Map<string, number[]>();
  const add = (name: string, value: number) => figures.set(name, [...(figures.get(name) ?? []), value]);
  const parts = new Set((process.env.BENCH_PARTS ?? 'first,polls').split(','));
  try {
    const clients = [];
    for (const stack of stacks) clients.push(await seed(stack, site.url));
    const client = clients[0];
    for (let round = 1; round <= rounds; round++) {
      process.stderr.write(`[bench] stack: round ${round}/${rounds}\n`);
      if (parts.has('first')) {
        // Idle and back to back alternate in order by round, so neither always follows the other.
        for (const pause of round % 2 ? [1500, 0] : [0, 1500]) {
          for (const [i, c] of clients.entries()) {
            const r = await firstSteps(c, site, pause);
            const tag = `${pause ? 'idle' : 'b2b'}${i ? '-variant' : ''}`;
            add(`step0-${tag}`, r.step0);
            add(`request-${tag}`, r.request);
          }
        }
      }
      if (parts.has('polls')) {
        for (const [name, count, spreadMs] of pollRows()) {
          for (const pair of await longPolls(client, bare, count, spreadMs)) {
            add(`${name}-svc-max`, pair.service.max);
            add(`${name}-svc-p50`, pair.service.p50);
            add(`${name}-bare-max`, pair.bare.max);
            add(`${name}-bare-p50`, pair.bare.p50);
            add(`${name}-ratio`, pair.service.max / Math.max(1, pair.bare.max));
            add(`${name}-svc-cpu`, pair.service.cpuUs);
            add(`${name}-bare-cpu`, pair.bare.cpuUs);
            add(`${name}-cpu-ratio`, pair.service.cpuUs / pair.bare.cpuUs);
          }
        }
      }
    }
  } finally {
    // What was measured before a failure is still printed.
    report(figures, rounds, variantEnv);
    await site.close();
    await bare.stop();
    for (const stack of stacks) await stack.stop();
    // BENCH_KEEP=1 keeps the stacks' logs and data (start.log: every line of the API and the worker).
    if (process.env.BENCH_KEEP) process.stderr.write(`[bench] stack: kept ${dir}\n`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

function parseVariant(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of text.split(/,(?=[A-Z_]+=)/)) {
    const eq = pair.indexOf('=');
    if (eq > 0) env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return env;
}

const POLL_ROWS: Array<[string, number, number]> = [
  ['5k-spread', 5000, 2000],
  ['5k-once', 5000, 0],
  ['10k-spread', 10_000, 2000],
];

// BENCH_POLL_ROWS=5k-once,…: only those rows (a profile of one arrival pattern).
const pollRows = () => {
  const only = process.env.BENCH_POLL_ROWS?.split(',');
  return only ? POLL_ROWS.filter(([name]) => only.includes(name)) : POLL_ROWS;
};

const rowLabel = (count: number, spreadMs: number) =>
  `${count.toLocaleString('en')} ${spreadMs ? `over ${spreadMs / 1000} s` : 'at once'}`;

function report(figures: Map<string, number[]>, rounds: number, variant: string | undefined) {
  const ms = (v: number) => `${fmt(v, 0)} ms`;
  const cell = (key: string, show = ms) => {
    const v = figures.get(key);
    return v?.length ? `${show(percentile(v, 50))} [${show(Math.min(...v))}–${show(Math.max(...v))}]` : '—';
  };
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
    if (execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root }).length)
      commit += '+dirty';
  } catch {
    /* not a checkout */
  }
  console.log(`\n== The stack as \`npm start\` starts it (median of ${rounds} rounds, [min–max]) ==`);
  console.log(
    `commit ${commit}; ${hostname()}: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load ${loadavg()
      .map((l) => fmt(l, 1))
      .join(' ')}; Node ${process.version}`,
  );
  console.log(
    'stack: scripts/start.js (npm start), own DATA_DIR and ports, request limits raised; client: this process',
  );
  console.log(`${'figure'.padEnd(52)} ${'1.5 s idle'.padEnd(24)} back to back   (goal)`);
  console.log(
    `${'trigger → step 0 running, p50'.padEnd(52)} ${cell('step0-idle').padEnd(24)} ${cell('step0-b2b')}   (≤ 80 ms)`,
  );
  console.log(
    `${"trigger → the browser's first request, p50".padEnd(52)} ${cell('request-idle').padEnd(24)} ${cell('request-b2b')}   (≤ 120 ms)`,
  );
  if (variant !== undefined) {
    console.log(`the same rounds, a second stack with ${variant}:`);
    console.log(
      `${'  trigger → step 0 running, p50'.padEnd(52)} ${cell('step0-idle-variant').padEnd(24)} ${cell('step0-b2b-variant')}`,
    );
    console.log(
      `${"  trigger → the browser's first request, p50".padEnd(52)} ${cell('request-idle-variant').padEnd(24)} ${cell('request-b2b-variant')}`,
    );
  }
  console.log(
    `\nlong-polls: ${POLL_PAIRS} pairs a round, each pass beside a Run the stack holds; worst ÷ bare is a pair's ratio`,
  );
  console.log(
    `${'long-polls, waitMs 3 s'.padEnd(22)} ${'service worst (p50)'.padEnd(40)} ${'bare node:http worst (p50)'.padEnd(40)} worst ÷ bare`,
  );
  for (const [name, count, spread] of POLL_ROWS) {
    const label = rowLabel(count, spread);
    console.log(
      `${label.padEnd(22)} ${`${cell(`${name}-svc-max`)} (${cell(`${name}-svc-p50`)})`.padEnd(40)} ${`${cell(`${name}-bare-max`)} (${cell(`${name}-bare-p50`)})`.padEnd(40)} ${cell(`${name}-ratio`, (v) => `${fmt(v, 2)}×`)}`,
    );
  }
  console.log(
    "worst later than the bare server's, pair by pair (a sign test: is the service later more often than chance?)",
  );
  for (const [name, count, spread] of POLL_ROWS) {
    const ratios = figures.get(`${name}-ratio`);
    if (ratios?.length) console.log(`${rowLabel(count, spread).padEnd(22)} ${signTest(ratios)}`);
  }
  console.log(
    `${'CPU per long-poll'.padEnd(22)} ${'service'.padEnd(40)} ${'bare node:http'.padEnd(40)} service ÷ bare`,
  );
  for (const [name, count, spread] of POLL_ROWS) {
    const us = (v: number) => `${fmt(v, 0)} µs`;
    console.log(
      `${rowLabel(count, spread).padEnd(22)} ${cell(`${name}-svc-cpu`, us).padEnd(40)} ${cell(`${name}-bare-cpu`, us).padEnd(40)} ${cell(`${name}-cpu-ratio`, (v) => `${fmt(v, 2)}×`)}`,
    );
  }
}

/**
 * How many pairs had the service's worst later than the bare server's, and whether that is more
 * (or fewer) than chance would give if neither were later: one-sided binomial tails at p < 0.05.
 * Nine pairs decide only a gap that shows in 8 of them; a pair's ratio swings 0.2x-6x.
 */
export function signTest(ratios: number[]): string {
  const n = ratios.length;
  const later = ratios.filter((r) => r > 1).length;
  const tail = (from: number, to: number) => {
    let sum = 0;
    for (let k = from; k <= to; k++) sum += binomial(n, k);
    return sum / 2 ** n;
  };
  const pLater = tail(later, n);
  const pEarlier = tail(0, later);
  const verdict =
    pLater < 0.05
      ? `later than the bare server (p ${fmt(pLater, 3)})`
      : pEarlier < 0.05
        ? `earlier than the bare server (p ${fmt(pEarlier, 3)})`
        : `not distinguishable from the bare server (p ${fmt(pLater, 2)} for later)`;
  return `later in ${later} of ${n} pairs: ${verdict}`;
}

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - i + 1)) / i;
  return c;
}

interface Stack {
  api: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

/** `node scripts/start.js` with its own data directory and ports; its output goes to start.log. */
export async function startStack(dir: string, extraEnv: Record<string, string>): Promise<Stack> {
  mkdirSync(dir, { recursive: true });
  const [api, db, temporal, ui] = [
    await ports.freePort(),
    await ports.freePort(),
    await ports.freePort(),
    await ports.freePort(),
  ];
  const log = openSync(join(dir, 'start.log'), 'a');
  process.stderr.write(`[bench] stack: starting scripts/start.js (log ${join(dir, 'start.log')})\n`);
  const child: ChildProcess = spawn(process.execPath, [join(root, 'scripts/start.js')], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      DATA_DIR: dir,
      PORT: String(api),
      DB_PORT: String(db),
      TEMPORAL_PORT: String(temporal),
      TEMPORAL_UI_PORT: String(ui),
      // A policy limit would hide speed: one organization sends every request here.
      RATE_LIMIT_PER_SECOND: '100000',
      RATE_LIMIT_BURST: '1000000',
      ORG_MAX_ACTIVE_RUNS: '100000',
      // BENCH_CPU_PROF=<dir>: every Node process of the stack writes a V8 CPU profile there on exit.
      // BENCH_STACK_NODE_OPTIONS: flags for every Node process of the stack (e.g. --trace-gc; start.log has the lines).
      ...(process.env.BENCH_STACK_NODE_OPTIONS && { NODE_OPTIONS: process.env.BENCH_STACK_NODE_OPTIONS }),
      ...(process.env.BENCH_CPU_PROF && {
        NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}`,
      }),
      ...extraEnv,
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM'); // start.js stops its children in reverse order, then exits
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    await exited;
    clearTimeout(timer);
  };
  const base = `http://127.0.0.1:${api}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`scripts/start.js exited (${child.exitCode}); see ${dir}/start.log`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { api: base, databaseUrl: `mysql://root@127.0.0.1:${db}/qa`, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('the stack did not become healthy within 5 minutes');
}

interface Client {
  stack: Stack;
  apiKey: string;
  oneStep: string;
  hanging: string;
  siteUrl: string;
  post(op: string, body: unknown): Promise<any>;
  cancel(runId: string): Promise<void>;
}

/** An organization and two one-step cases, written to the stack's database (as `npm run admin` would). */
export async function seed(stack: Stack, siteUrl: string): Promise<Client> {
  const ds = createDataSource(stack.databaseUrl, 2);
  await ds.initialize();
  const { orgId, apiKey } = await seedOrg(ds, 'bench-stack');
  const now = Date.now();
  const insert = async (name: string, steps: unknown[]) => {
    const id = newId('tc');
    await ds.query(
      'INSERT INTO test_cases (id, org_id, name, description, platforms, tags, steps, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [id, orgId, name, '', '["web"]', '[]', JSON.stringify(steps), now, now],
    );
    return id;
  };
  const oneStep = await insert('first step', [{ action: 'navigate', target: '/', expect: { text: 'Home' } }]);
  const hanging = await insert('hanging step', [{ action: 'navigate', target: '/hang' }]);
  await ds.destroy();
  const post = (op: string, body: unknown) =>
    fetch(`${stack.api}/api/v1/${op}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
      body: JSON.stringify(body),
    }).then(async (r) => {
      const answer = await r.json();
      if (r.status !== 200) throw new Error(`${op}: ${r.status} ${JSON.stringify(answer).slice(0, 300)}`);
      return answer;
    });
  const cancel = async (runId: string) => {
    const r = await fetch(`${stack.api}/api/runs/${runId}/cancel`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
      body: '{}',
    });
    // 422: it ended on its own first (a pass that outlasted its step), which is as good.
    if (r.status !== 200 && r.status !== 422) throw new Error(`cancel ${runId}: ${r.status} ${await r.text()}`);
  };
  return { stack, apiKey, oneStep, hanging, siteUrl, post, cancel };
}

/**
 * Eleven Runs of the one-step case (the first a warm-up), as the issue's client drives them:
 * run.get every 10 ms; the next trigger `pauseMs` after it sees the last Run end (0: back to back).
 */
async function firstSteps(client: Client, site: TimingSite, pauseMs: number) {
  const step0: number[] = [];
  const reached: number[] = [];
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  for (let i = 0; i < 11; i++) {
    const started = performance.now();
    const { runIds } = await client.post('run.trigger', {
      idempotencyKey: randomBytes(8).toString('hex'),
      testCaseId: client.oneStep,
      targets: { web: { baseUrl: client.siteUrl } },
    });
    let state = await client.post('run.get', { runId: runIds[0] });
    let sawStep0 = 0;
    for (;;) {
      if (!sawStep0 && state.steps[0].status !== 'pending') sawStep0 = performance.now() - started;
      if (terminalStatuses.includes(state.status)) break;
      await sleep(10);
      state = await client.post('run.get', { runId: runIds[0] });
    }
    if (state.status !== 'passing') throw new Error(`first-step Run ended ${state.status}`);
    const request = (await site.firstRequestAfter(started)) - started;
    if (i === 0) continue; // Chromium's launch and the workflow bundle: a warm-up, not a figure
    step0.push(sawStep0);
    reached.push(request);
    if (pauseMs) await sleep(pauseMs);
  }
  process.stderr.write(
    `[bench] ${pauseMs ? 'idle' : 'back to back'}: step 0 ${step0.map((v) => fmt(v, 0)).join(' ')}; request ${reached.map((v) => fmt(v, 0)).join(' ')}\n`,
  );
  return { step0: percentile(step0, 50), request: percentile(reached, 50) };
}

const POLL_PAIRS = Math.max(1, Number(process.env.BENCH_POLL_PAIRS ?? 3));

/**
 * `count` run.get long-polls (waitMs 3 s) on a Run that does not change, from this one client, to
 * the service and to a bare node:http server that answers each `waitMs` after it arrived. The two
 * sides alternate in pairs, in turn first (service then bare, bare then service), so that the
 * machine's drift from minute to minute falls on both alike. Every pass, the bare server's too,
 * runs while the stack holds a Run at step 0: its worker heartbeats, and Temporal and the database
 * do the same background work on the two cores. A pair's ratio is the figure.
 */
async function longPolls(client: Client, bare: BareServer, count: number, spreadMs: number) {
  // A Run held at step 0 (its page never answers): no change while a pass is measured. Canceled
  // after the pass, and awaited to its end, so that neither its end nor its cancel is in the next.
  const held = async () => {
    const { runIds } = await client.post('run.trigger', {
      idempotencyKey: randomBytes(8).toString('hex'),
      testCaseId: client.hanging,
      targets: { web: { baseUrl: client.siteUrl } },
    });
    let state = await client.post('run.get', { runId: runIds[0] });
    while (state.steps[0].status === 'pending')
      state = await client.post('run.get', { runId: runIds[0], cursor: state.cursor, waitMs: 5000 });
    return { runId: runIds[0] as string, cursor: state.cursor as number };
  };
  const ended = async (runId: string) => {
    await client.cancel(runId);
    let state = await client.post('run.get', { runId });
    while (!terminalStatuses.includes(state.status))
      state = await client.post('run.get', { runId, cursor: state.cursor, waitMs: 20_000 });
  };
  const bodyOf = (run: { runId: string; cursor: number }, waitMs = 3000) =>
    JSON.stringify({ runId: run.runId, cursor: run.cursor, waitMs });
  const service = { port: Number(new URL(client.stack.api).port), auth: `Bearer ${client.apiKey}` };
  const pass = async (side: 'service' | 'bare', label: string) => {
    const run = await held();
    // Its own connections, opened by a warm-up on the same Run: all `count` at once, waiting 1 s,
    // so that each holds one. The measured pass then polls again on them, as followers do. (Both
    // sides' connections kept at once would take 20,000 descriptors for the 10,000 row.)
    const agent = newAgent();
    try {
      // The bare server reads the same body (its Run id is only bytes to it) and answers what the
      // service answers at a deadline, so the client reads as much from either.
      // The same request bytes either way, its credential too: the client does the same work for both.
      const to = side === 'service' ? service : { port: bare.port, auth: service.auth };
      if (side === 'bare' && !bare.started) {
        await bare.start(await client.post('run.get', { ...run, waitMs: 1 }));
        await sameReplies(service, to, bodyOf(run, 1));
      }
      await lateness(to, agent, bodyOf(run, 1000), count, 0, `${label} warm-up`);
      emptyClientHeap();
      return await lateness(to, agent, bodyOf(run), count, spreadMs, label);
    } finally {
      agent.destroy();
      await ended(run.runId);
    }
  };
  const pairs: Array<{ service: Lateness; bare: Lateness }> = [];
  for (let i = 0; i < POLL_PAIRS; i++) {
    const order: Array<'service' | 'bare'> = i % 2 ? ['bare', 'service'] : ['service', 'bare'];
    const passes = {} as { service: Lateness | null; bare: Lateness | null };
    for (const side of order) passes[side] = await pass(side, `pair ${i + 1}`);
    const { service: ofService, bare: ofBare } = passes;
    if (!ofService || !ofBare) {
      process.stderr.write(`[bench] pair ${i + 1} not counted: no reply of a pass was a deadline's\n`);
      continue;
    }
    const pair = { service: ofService, bare: ofBare };
    pairs.push(pair);
    process.stderr.write(
      `[bench] ${count} long-polls${spreadMs ? ` over ${spreadMs} ms` : ' at once'}, pair ${i + 1} (${order[0]} first): service worst ${fmt(pair.service.max, 0)} (p50 ${fmt(pair.service.p50, 0)}) ms, bare worst ${fmt(pair.bare.max, 0)} (p50 ${fmt(pair.bare.p50, 0)}) ms; CPU per long-poll ${fmt(pair.service.cpuUs, 0)} µs, bare ${fmt(pair.bare.cpuUs, 0)} µs\n`,
    );
  }
  return pairs;
}

/**
 * Refuses a comparison in which the client would read more from one side: both replies must have
 * the same status, the same header names in the same order and as many bytes (ids and dates
 * differ in value, not in length).
 */
async function sameReplies(
  service: { port: number; auth: string },
  bare: { port: number; auth: string },
  body: string,
) {
  const [ours, theirs] = [await replyShape(service, body), await replyShape(bare, body)];
  if (ours !== theirs) throw new Error(`the bare server's reply is not shaped as the service's:\n${theirs}\n${ours}`);
}

async function replyShape(to: { port: number; auth: string }, body: string): Promise<string> {
  const agent = newAgent();
  try {
    return await new Promise<string>((resolve, reject) => {
      const req = request(runGetOptions(to, agent, body), (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => {
          const head = res.rawHeaders.map((v, i) => (i % 2 ? v.length : v));
          resolve(`${res.statusCode} ${head.join(' ')} body ${bytes}`);
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  } finally {
    agent.destroy();
  }
}

/** The bare server of bench/long-poll-baseline-server.ts, started once the service's reply is known. */
interface BareServer {
  port: number;
  started: boolean;
  start(reply: unknown): Promise<void>;
  stop(): Promise<void>;
}

async function bareServer(): Promise<BareServer> {
  const port = await ports.freePort();
  let child: ChildProcess | undefined;
  return {
    port,
    get started() {
      return child !== undefined;
    },
    async start(reply) {
      child = await startProcess(
        'bench/long-poll-baseline-server.ts',
        { PORT: String(port), BENCH_REPLY: JSON.stringify(reply) },
        `http://127.0.0.1:${port}/`,
      );
    },
    async stop() {
      if (child) await stopProcesses(child);
    },
  };
}

// One connection per follower, kept alive between its polls (the default keeps only 256 idle).
export const newAgent = () =>
  new HttpAgent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: Infinity, keepAliveMsecs: 60_000 });

interface Lateness {
  p50: number;
  max: number;
  /** The server's CPU time (user + system) a long-poll. */
  cpuUs: number;
}

/**
 * Lateness of each reply: from the moment this client handed the request to the kernel ('finish')
 * to its reply's headers, less the 3 s wait. node:http, not fetch: it costs the client less.
 */
export async function lateness(
  to: { port: number; auth: string },
  agent: HttpAgent,
  body: string,
  count: number,
  spreadMs: number,
  pass = '',
): Promise<Lateness | null> {
  // The server's own CPU time for the pass (user + system), per long-poll: less noisy than lateness.
  const server = listenerPid(to.port);
  const cpuBefore = usage(server).cpuMs;
  const late = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      if (spreadMs) await new Promise((r) => setTimeout(r, Math.floor((i * spreadMs) / count)));
      return new Promise<number>((resolve, reject) => {
        let sent = 0;
        const req = request(runGetOptions(to, agent, body), (res) => {
          const answered = performance.now();
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if (res.statusCode !== 200) reject(new Error(`long-poll got ${res.statusCode}: ${text.slice(0, 300)}`));
            // The held Run gave up (a pass slower than its step's 10 s): not a deadline, not counted.
            // Found in the text, not parsed: the client reads 10,000 replies as they come due.
            else resolve(text.includes('"timedOut":true') ? Math.max(0, answered - sent - 3000) : NaN);
          });
          res.on('error', reject);
        });
        req.on('finish', () => (sent = performance.now()));
        req.on('error', reject);
        req.end(body);
      });
    }),
  );
  const timed = late.filter((v) => !Number.isNaN(v));
  if (timed.length < count)
    process.stderr.write(
      `[bench] ${count - timed.length} of ${count} long-polls (${pass} pass) answered a change, not counted\n`,
    );
  const cpuUs = ((usage(server).cpuMs - cpuBefore) * 1000) / count;
  if (!timed.length) return null;
  return { p50: percentile(timed, 50), max: Math.max(...timed), cpuUs };
}
