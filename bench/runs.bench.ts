import { randomBytes } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { createDataSource } from '../db/data-source';
import { loadConfig } from '../core/config';
import { newId } from '../core/ids';
import { startSite } from '../test/helpers/site';
import { fmt, percentile, seedOrg, startProcess, usage } from './util';

const post = (url: string, apiKey: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

/** Runs `total` tasks with `concurrency` in flight; returns tasks per second. */
async function throughput(total: number, concurrency: number, task: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) await task(i);
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

/**
 * Runs: trigger throughput beside raw workflow starts, trigger → first step latency with a real
 * worker and Chromium, and the cost of 1,000 concurrent long-polls in the API process.
 */
export async function runsBench(env: Record<string, string>) {
  const config = loadConfig({ ...env });
  const ds = createDataSource(config.DATABASE_URL, 4);
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  const { orgId, apiKey } = await seedOrg(ds, 'bench');
  const key = { apiKey };
  const now = Date.now();
  const site = await startSite('unused');
  const caseId = newId('tc');
  await ds.query(
    'INSERT INTO test_cases (id, org_id, name, description, platforms, tags, steps, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [
      caseId,
      orgId,
      'bench',
      '',
      '["web"]',
      '[]',
      JSON.stringify([{ action: 'navigate', target: '/', expect: { text: 'Home' } }]),
      now,
      now,
    ],
  );
  await ds.destroy();

  const port = '3913';
  const api = `http://127.0.0.1:${port}`;
  // Trigger throughput is measured with no worker on the queue, so only starting is measured.
  const idleQueues = {
    TEMPORAL_TASK_QUEUE: `bench-idle-${randomBytes(3).toString('hex')}`,
    RUNNER_TASK_QUEUE_PREFIX: 'bench-idle-runner-',
  };
  const server = await startProcess('api/server.ts', { ...env, ...idleQueues, PORT: port }, `${api}/healthz`);
  const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS });
  const client = new Client({ connection });
  try {
    const triggerBody = () => ({
      idempotencyKey: randomBytes(8).toString('hex'),
      testCaseId: caseId,
      targets: { web: { baseUrl: site.url } },
    });
    await throughput(20, 4, async () => {
      await post(`${api}/api/v1/run.trigger`, key.apiKey, triggerBody());
    });
    const raw = await throughput(300, 10, async (i) => {
      await client.workflow.start('runWorkflow', {
        taskQueue: `bench-raw-${randomBytes(3).toString('hex')}`,
        workflowId: `bench-raw-${now}-${i}`,
        args: [{}],
      });
    });
    const ours = await throughput(300, 10, async () => {
      const res = await post(`${api}/api/v1/run.trigger`, key.apiKey, triggerBody());
      if (res.status !== 200) throw new Error(`trigger failed: ${JSON.stringify(res.body)}`);
    });
    console.log('\n== Run triggering (300 each, 10 in flight) ==');
    console.log(`raw client.workflow.start   ${fmt(raw)} /s`);
    console.log(`run.trigger (HTTP + MySQL)  ${fmt(ours)} /s   ratio ${fmt(ours / raw, 2)}`);

    // 1,000 concurrent long-polls against Runs that never change (no worker serves the queue).
    const runId = (await post(`${api}/api/v1/run.trigger`, key.apiKey, triggerBody())).body.runIds[0];
    const cursor = (await post(`${api}/api/v1/run.get`, key.apiKey, { runId })).body.cursor;
    const idleBefore = usage(server.pid!);
    await new Promise((r) => setTimeout(r, 10_000));
    const idleAfter = usage(server.pid!);
    const polls = Array.from({ length: 1000 }, () =>
      post(`${api}/api/v1/run.get`, key.apiKey, { runId, cursor, waitMs: 20_000 }),
    );
    // Let every request arrive and park before the window opens: the window measures waiting only.
    const watcherSettle = Date.now() + 8_000;
    while (Date.now() < watcherSettle) await new Promise((r) => setTimeout(r, 500));
    const holdBefore = usage(server.pid!);
    await new Promise((r) => setTimeout(r, 10_000));
    const holdAfter = usage(server.pid!);
    const replies = await Promise.all(polls);
    console.log('\n== 1,000 concurrent run.get long-polls (API process, 10 s window) ==');
    console.log(`idle:    CPU ${fmt((idleAfter.cpuMs - idleBefore.cpuMs) / 100)}%   RSS ${fmt(idleAfter.rssMiB)} MiB`);
    console.log(
      `waiting: CPU ${fmt((holdAfter.cpuMs - holdBefore.cpuMs) / 100)}%   RSS ${fmt(holdAfter.rssMiB)} MiB   (+${fmt(holdAfter.rssMiB - idleAfter.rssMiB)} MiB; ${replies.filter((r) => r.body.timedOut).length} timed out as expected)`,
    );
  } finally {
    server.kill('SIGTERM');
  }

  // Trigger → first step start, with a real worker (orchestration + Chromium runner).
  const live = await startProcess('api/server.ts', { ...env, PORT: port }, `${api}/healthz`);
  const worker = await startProcess('activities/worker.ts', { ...env, BASE_URL: api }, `${api}/healthz`);
  try {
    let latencies: number[] = [];
    const measure = async () => {
      const started = performance.now();
      const { body } = await post(`${api}/api/v1/run.trigger`, key.apiKey, {
        idempotencyKey: randomBytes(8).toString('hex'),
        testCaseId: caseId,
        targets: { web: { baseUrl: site.url } },
      });
      const runId = body.runIds[0];
      for (;;) {
        const state = (await post(`${api}/api/v1/run.get`, key.apiKey, { runId })).body;
        if (state.steps[0].status !== 'pending') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      latencies.push(performance.now() - started);
      // Let the Run finish, so the next one measures latency rather than queueing behind it.
      for (let s = await post(`${api}/api/v1/run.get`, key.apiKey, { runId }); s.body.status === 'running';) {
        s = await post(`${api}/api/v1/run.get`, key.apiKey, { runId, cursor: s.body.cursor, waitMs: 5000 });
      }
    };
    await measure(); // warm-up: the worker bundles workflows and launches Chromium on first use
    latencies = [];
    for (let i = 0; i < 20; i++) await measure();
    console.log('\n== Trigger → first step start (20 Runs one after another, Chromium warm) ==');
    console.log(`p50 ${fmt(percentile(latencies, 50), 0)} ms   p99 ${fmt(percentile(latencies, 99), 0)} ms`);
  } finally {
    worker.kill('SIGTERM');
    live.kill('SIGTERM');
    await connection.close();
    await site.close();
  }
}
