import { Agent as HttpAgent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createDataSource } from '../db/data-source';
import { loadConfig } from '../core/config';
import { newId } from '../core/ids';
import { startTimingSite, type TimingSite } from './timing-site';
import { fmt, load, percentile, postJson, runGetOptions, seedOrg, startProcess, stopProcesses, usage } from './util';

/**
 * The read-path figures (issue: fast reads, a faster first step, 10,000 followers on time), in
 * interleaved rounds: every round starts fresh processes and measures each variant beside its
 * baseline, so a figure is the median of the rounds with its range, never one lucky run.
 */
export async function readsBench(env: Record<string, string>, rounds: number, mysqlPid: number) {
  const seeded = await seed(env);
  const figures = new Map<string, number[]>();
  const add = (name: string, value: number) => figures.set(name, [...(figures.get(name) ?? []), value]);
  // BENCH_PARTS=catalog,first,polls measures only some parts (while working on one of them).
  const parts = new Set((process.env.BENCH_PARTS ?? 'catalog,first,polls').split(','));
  for (let round = 1; round <= rounds; round++) {
    process.stderr.write(`[bench] reads: round ${round}/${rounds}\n`);
    if (parts.has('catalog')) {
      const catalog = await catalogRound(env, seeded, round % 2 === 0, mysqlPid);
      add('get', catalog.get);
      add('list', catalog.list);
    }
    if (parts.has('first')) {
      const first = await firstStepRound(env, seeded, 1500);
      add('step0', first.step0);
      add('request', first.request);
      // Back to back: the next Run triggered as soon as the last one ended (a plan's members, a busy CI).
      const busy = await firstStepRound(env, seeded, 0);
      add('step0-b2b', busy.step0);
      add('request-b2b', busy.request);
    }
    if (!parts.has('polls')) continue;
    const polls = await longPollRound(env, seeded);
    add('late5k-p50', polls.late5k.p50);
    add('late5k-max', polls.late5k.max);
    add('late10k-p50', polls.late10k.p50);
    add('late10k-max', polls.late10k.max);
    add('late10k-spread-max', polls.late10kSpread.max);
    add('bare10k-max', polls.bare10k.max);
    add('fanout-p50', polls.fanout.p50);
    add('fanout-last', polls.fanout.last);
    add('kib', polls.kibPerWaiter);
  }
  const rows: Array<[string, string, string, (v: number) => boolean, (v: number) => string]> = [
    ['get', 'test_case.get vs bare Koa + mysql2 route', '≥ 0.9×', (v) => v >= 0.9, (v) => `${fmt(v, 2)}×`],
    ['list', 'test_case.list (20 items) vs the same bare route', '≥ 0.7×', (v) => v >= 0.7, (v) => `${fmt(v, 2)}×`],
    ['step0', 'trigger → run.get shows step 0 running, p50 (1.5 s idle)', '≤ 80 ms', (v) => v <= 80, ms],
    ['request', "trigger → the browser's first request, p50 (1.5 s idle)", '≤ 120 ms', (v) => v <= 120, ms],
    ['step0-b2b', 'trigger → step 0 running, p50 (back to back)', '≤ 80 ms', (v) => v <= 80, ms],
    ['request-b2b', "trigger → the browser's first request, p50 (back to back)", '≤ 120 ms', (v) => v <= 120, ms],
    ['late5k-p50', '5,000 waiters, waitMs 3 s, no change: lateness p50', '—', () => true, ms],
    ['late5k-max', '5,000 waiters, waitMs 3 s, no change: lateness max', '≤ 500 ms', (v) => v <= 500, ms],
    ['late10k-p50', '10,000 waiters, waitMs 3 s, no change: lateness p50', '—', () => true, ms],
    ['late10k-max', '10,000 waiters, waitMs 3 s, no change: lateness max', '≤ 500 ms', (v) => v <= 500, ms],
    [
      'late10k-spread-max',
      '10,000 waiters arriving over 2 s, waitMs 3 s: lateness max',
      '≤ 250 ms',
      (v) => v <= 250,
      ms,
    ],
    ['bare10k-max', '  the same 10,000 on a bare node:http server (baseline): max', '—', () => true, ms],
    ['fanout-p50', '10,000 waiters, then a step finishes: reply p50', '—', () => true, ms],
    ['fanout-last', '10,000 waiters, then a step finishes: last reply', '≤ 2000 ms', (v) => v <= 2000, ms],
    ['kib', 'memory per parked long-poll', '≤ 30 KiB', (v) => v <= 30, (v) => `${fmt(v, 1)} KiB`],
  ];
  console.log(`\n== Reads, first step, long-polls (median of ${rounds} interleaved rounds, [min–max]) ==`);
  console.log(`${'figure'.padEnd(62)} ${'median'.padStart(9)}  ${'range'.padEnd(19)} goal`);
  for (const [key, name, goal, met, show] of rows) {
    const values = figures.get(key) ?? [];
    if (!values.length) continue;
    const median = percentile(values, 50);
    const range = `[${show(Math.min(...values))}–${show(Math.max(...values))}]`;
    console.log(
      `${name.padEnd(62)} ${show(median).padStart(9)}  ${range.padEnd(19)} ${goal}${met(median) ? '' : '  (not met)'}`,
    );
  }
}

const ms = (v: number) => `${fmt(v, 0)} ms`;

interface Seeded {
  apiKey: string;
  caseId: string;
  firstStepCaseId: string;
  site: TimingSite;
}

/** 200 Test Cases (the list reads 20), one one-step web case, and a loopback site. */
async function seed(env: Record<string, string>): Promise<Seeded> {
  const config = loadConfig({ ...env });
  const ds = createDataSource(config.DATABASE_URL, 4);
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  const { orgId, apiKey } = await seedOrg(ds, 'bench-reads');
  const now = Date.now();
  const insert = (id: string, name: string, steps: unknown[]) =>
    ds.query(
      'INSERT INTO test_cases (id, org_id, name, description, platforms, tags, steps, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [id, orgId, name, '', '["web"]', '["smoke"]', JSON.stringify(steps), now, now],
    );
  let caseId = '';
  for (let i = 0; i < 200; i++) {
    caseId = newId('tc');
    await insert(caseId, `case ${i}`, [
      { action: 'navigate', target: '/login' },
      { action: 'fill', target: 'Email', valueSpec: { kind: 'agent' } },
      { action: 'click', target: 'Sign in' },
    ]);
  }
  const firstStepCaseId = newId('tc');
  await insert(firstStepCaseId, 'first step', [{ action: 'navigate', target: '/', expect: { text: 'Home' } }]);
  await ds.destroy();
  return { apiKey, caseId, firstStepCaseId, site: await startTimingSite() };
}

/** Catalog reads at 50 connections for 5 s each, baseline first or last by round. */
async function catalogRound(env: Record<string, string>, seeded: Seeded, baselineLast: boolean, mysqlPid: number) {
  const apiPort = '3921';
  const basePort = '3922';
  const api = await startProcess('api/server.ts', { ...env, PORT: apiPort }, `http://127.0.0.1:${apiPort}/healthz`);
  const baseline = await startProcess(
    'bench/baseline-server.ts',
    { ...env, PORT: basePort, BENCH_CASE_ID: seeded.caseId },
    `http://127.0.0.1:${basePort}/`,
  );
  try {
    const auth = { authorization: `Bearer ${seeded.apiKey}` };
    // Each pass prints the CPU a request cost its server, MySQL and the load generator (all on the
    // same cores, so a ratio moves with any of them).
    const measured = async (name: string, pid: number, pass: () => ReturnType<typeof load>) => {
      const from = { server: usage(pid).cpuMs, mysql: usage(mysqlPid).cpuMs, client: process.cpuUsage() };
      const result = await pass();
      const count = result.requestsPerSec * 5;
      const us = (ms: number) => `${fmt((ms * 1000) / count, 0)} µs`;
      const client = process.cpuUsage(from.client);
      process.stderr.write(
        `[bench] ${name}: ${fmt(result.requestsPerSec, 0)}/s; server ${us(usage(pid).cpuMs - from.server)}, ` +
          `MySQL ${us(usage(mysqlPid).cpuMs - from.mysql)}, client ${us((client.user + client.system) / 1000)} of CPU a request\n`,
      );
      return result;
    };
    const get = () =>
      measured('test_case.get', api.pid!, () =>
        load(`http://127.0.0.1:${apiPort}/api/v1/test_case.get`, { testCaseId: seeded.caseId }, auth, 50, 5),
      );
    const list = () =>
      measured('test_case.list', api.pid!, () =>
        load(`http://127.0.0.1:${apiPort}/api/v1/test_case.list`, { limit: 20 }, auth, 50, 5),
      );
    const base = () =>
      measured('baseline', baseline.pid!, () => load(`http://127.0.0.1:${basePort}/baseline`, {}, {}, 50, 5));
    await load(`http://127.0.0.1:${apiPort}/api/v1/test_case.get`, { testCaseId: seeded.caseId }, auth, 10, 2);
    await load(`http://127.0.0.1:${basePort}/baseline`, {}, {}, 10, 2);
    const before = baselineLast ? null : await base();
    const g = await get();
    const l = await list();
    const b = before ?? (await base());
    for (const r of [g, l, b])
      if (r.errors || r.non2xx) throw new Error(`catalog load had errors: ${JSON.stringify(r)}`);
    return { get: g.requestsPerSec / b.requestsPerSec, list: l.requestsPerSec / b.requestsPerSec };
  } finally {
    await stopProcesses(api, baseline);
  }
}

/**
 * Ten Runs one after another with a warm worker: trigger → step 0 running, and → first site request;
 * `pauseMs` between the end of one Run and the next trigger (0: back to back).
 */
async function firstStepRound(env: Record<string, string>, seeded: Seeded, pauseMs: number) {
  const port = '3923';
  const api = `http://127.0.0.1:${port}`;
  const queues = {
    TEMPORAL_TASK_QUEUE: `bench-first-${randomBytes(3).toString('hex')}`,
    RUNNER_TASK_QUEUE_PREFIX: `bench-first-${randomBytes(3).toString('hex')}-`,
  };
  const server = await startProcess('api/server.ts', { ...env, ...queues, PORT: port }, `${api}/healthz`);
  const worker = await startProcess(
    'activities/worker.ts',
    { ...env, ...queues, BASE_URL: api, WORKER_RUNNER_PLATFORMS: 'web' },
    `${api}/healthz`,
  );
  const post = (op: string, body: unknown) =>
    fetch(`${api}/api/v1/${op}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${seeded.apiKey}` },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  try {
    const step0: number[] = [];
    const request: number[] = [];
    for (let i = 0; i < 11; i++) {
      const started = performance.now();
      const { runIds } = await post('run.trigger', {
        idempotencyKey: randomBytes(8).toString('hex'),
        testCaseId: seeded.firstStepCaseId,
        targets: { web: { baseUrl: seeded.site.url } },
      });
      const runId = runIds[0];
      let state = await post('run.get', { runId });
      while (state.steps[0].status === 'pending' && !['failed', 'invalid', 'canceled'].includes(state.status)) {
        await new Promise((r) => setTimeout(r, 5));
        state = await post('run.get', { runId });
      }
      const sawStep0 = performance.now() - started;
      const reached = (await seeded.site.firstRequestAfter(started)) - started;
      while (['queued', 'running', 'retrying'].includes(state.status))
        state = await post('run.get', { runId, cursor: state.cursor, waitMs: 5000 });
      if (state.status !== 'passing') throw new Error(`first-step Run ended ${state.status}`);
      // The first Run launches Chromium and bundles workflows: a warm-up, not a figure.
      if (i === 0) continue;
      step0.push(sawStep0);
      request.push(reached);
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
    }
    return { step0: percentile(step0, 50), request: percentile(request, 50) };
  } finally {
    await stopProcesses(worker, server);
  }
}

/**
 * Long-polls of one API process with no worker (the Run never changes by itself): 5,000 and then
 * 10,000 waiters to their 3 s deadline, then 10,000 waiters answered by one change (a step report).
 */
async function longPollRound(env: Record<string, string>, seeded: Seeded) {
  const port = '3924';
  const api = `http://127.0.0.1:${port}`;
  const queues = {
    TEMPORAL_TASK_QUEUE: `bench-idle-${randomBytes(3).toString('hex')}`,
    RUNNER_TASK_QUEUE_PREFIX: 'bench-idle-runner-',
  };
  const startApi = () => startProcess('api/server.ts', { ...env, ...queues, PORT: port }, `${api}/healthz`);
  let server = await startApi();
  // One connection per waiter, as 10,000 separate clients would have, each kept alive between its
  // polls (maxFreeSockets: the default keeps only 256 idle sockets and would reconnect the rest).
  const newAgent = () =>
    new HttpAgent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: Infinity, keepAliveMsecs: 60_000 });
  let agent = newAgent();
  // node:http, not fetch: it costs this client less per request, so it competes less with the API
  // on the same two cores.
  const runGet = (body: string, onSent: () => void, onHeaders: () => void, toPort = port) =>
    new Promise<{ status: number; body: { timedOut?: boolean } }>((resolve, reject) => {
      const to = { port: Number(toPort), auth: `Bearer ${seeded.apiKey}` };
      const req = request(runGetOptions(to, agent, body), (res) => {
        onHeaders();
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) }));
        res.on('error', reject);
      });
      req.on('finish', onSent);
      req.on('error', reject);
      req.end(body);
    });
  const cpu = (pid = server.pid!) => ({ pid, api: usage(pid).cpuMs, client: process.cpuUsage() });
  const cpuSince = (from: ReturnType<typeof cpu>, count: number) => {
    const client = process.cpuUsage(from.client);
    const us = (ms: number) => `${fmt((ms * 1000) / count, 0)} µs`;
    const name = from.pid === server.pid ? 'API' : 'baseline server';
    return `${name} ${us(usage(from.pid).cpuMs - from.api)}, client ${us((client.user + client.system) / 1000)} of CPU a request`;
  };
  try {
    const { body: triggered } = await postJson(`${api}/api/v1/run.trigger`, seeded.apiKey, {
      idempotencyKey: randomBytes(8).toString('hex'),
      testCaseId: seeded.firstStepCaseId,
      targets: { web: { baseUrl: seeded.site.url } },
    });
    const runId = triggered.runIds[0];
    const { cursor } = (await postJson(`${api}/api/v1/run.get`, seeded.apiKey, { runId })).body;

    // Lateness counts from the moment this client has handed the request to the kernel (the
    // request's 'finish') to the arrival of its reply's headers, less the wait. It once counted from
    // before fetch() was called, and issuing 5,000 fetches takes this process about a second of CPU
    // on the same two cores: that send queue in the client, not the server, was most of what it showed.
    // `spreadMs`: the waiters arrive evenly over that long instead of all at once.
    const deadlineLateness = async (count: number, to = { port, pid: server.pid! }, spreadMs = 0) => {
      const body = JSON.stringify({ runId, cursor, waitMs: 3000 });
      const from = cpu(to.pid);
      const late = await Promise.all(
        Array.from({ length: count }, async (_, i) => {
          if (spreadMs) await new Promise((r) => setTimeout(r, Math.floor((i * spreadMs) / count)));
          let sent = 0;
          let answered = 0;
          const reply = await runGet(
            body,
            () => (sent = performance.now()),
            () => (answered = performance.now()),
            to.port,
          );
          if (reply.status !== 200 || !reply.body.timedOut)
            throw new Error(`waiter got ${reply.status}: ${JSON.stringify(reply.body).slice(0, 300)}`);
          return Math.max(0, answered - sent - 3000);
        }),
      );
      process.stderr.write(`[bench] ${count} waiters to their deadline: ${cpuSince(from, count)}\n`);
      return { p50: percentile(late, 50), max: Math.max(...late) };
    };
    // Followers poll again on their kept-alive connection: each figure is the second of two passes,
    // so it measures waiting and answering, not opening thousands of TCP connections at once.
    await deadlineLateness(5000);
    const late5k = await deadlineLateness(5000);
    await deadlineLateness(10_000);
    const late10k = await deadlineLateness(10_000);
    const late10kSpread = await deadlineLateness(10_000, { port, pid: server.pid! }, 2000);
    // The machine's floor for the same followers: a bare node:http server (the same two passes, on
    // connections of their own: the API's are closed first, or the client runs out of descriptors).
    agent.destroy();
    agent = newAgent();
    const basePort = '3925';
    const bare = await startProcess(
      'bench/long-poll-baseline-server.ts',
      { PORT: basePort },
      `http://127.0.0.1:${basePort}/`,
    );
    let bare10k: { p50: number; max: number };
    try {
      await deadlineLateness(10_000, { port: basePort, pid: bare.pid! });
      bare10k = await deadlineLateness(10_000, { port: basePort, pid: bare.pid! });
    } finally {
      await stopProcesses(bare);
    }

    // 10,000 parked waiters, then one step report changes the Run. A fresh API process (warmed with
    // a few reads), so that its RSS growth while they wait is their memory, not the heap left over
    // from the passes above.
    agent.destroy();
    await stopProcesses(server);
    server = await startApi();
    agent = newAgent();
    const none = () => undefined;
    for (let i = 0; i < 200; i++) await runGet(JSON.stringify({ runId }), none, none);
    await new Promise((r) => setTimeout(r, 1000));
    const idle = usage(server.pid!).rssMiB;
    const replies: number[] = [];
    let sent = 0;
    const body = JSON.stringify({ runId, cursor, waitMs: 25_000 });
    const waiters = Array.from({ length: 10_000 }, async () => {
      const reply = await runGet(
        body,
        () => sent++,
        () => replies.push(performance.now()),
      );
      if (reply.status !== 200 || reply.body.timedOut)
        throw new Error(`waiter got ${reply.status} ${reply.body.timedOut}`);
    });
    while (sent < 10_000) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 5000)); // every request has arrived and is waiting
    const kibPerWaiter = ((usage(server.pid!).rssMiB - idle) * 1024) / 10_000;
    const from = cpu();
    const changed = performance.now();
    const report = await postJson(`${api}/api/runs/report`, seeded.apiKey, { runId, stepIndex: 0, status: 'running' });
    if (report.status !== 200) throw new Error(`report failed: ${JSON.stringify(report.body)}`);
    await Promise.all(waiters);
    const after = replies.map((t) => t - changed);
    process.stderr.write(
      `[bench] 10,000 waiters answered by one change: first reply ${fmt(Math.min(...after), 0)} ms after it (the once-a-second check), ${cpuSince(from, 10_000)}\n`,
    );
    return {
      late5k,
      late10k,
      late10kSpread,
      bare10k,
      fanout: { p50: percentile(after, 50), last: Math.max(...after) },
      kibPerWaiter,
    };
  } finally {
    agent.destroy();
    await stopProcesses(server);
  }
}
