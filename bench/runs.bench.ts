import { randomBytes } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { createDataSource } from '../db/data-source';
import { loadConfig } from '../core/config';
import { newId } from '../core/ids';
import { startSite } from '../test/helpers/site';
import { fmt, postJson, seedOrg, startProcess, stopProcesses } from './util';

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
 * Runs: trigger throughput beside raw workflow starts (first-step latency and long-polls are
 * measured in rounds by reads.bench.ts).
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
      await postJson(`${api}/api/v1/run.trigger`, key.apiKey, triggerBody());
    });
    const raw = await throughput(300, 10, async (i) => {
      await client.workflow.start('runWorkflow', {
        taskQueue: `bench-raw-${randomBytes(3).toString('hex')}`,
        workflowId: `bench-raw-${now}-${i}`,
        args: [{}],
      });
    });
    const ours = await throughput(300, 10, async () => {
      const res = await postJson(`${api}/api/v1/run.trigger`, key.apiKey, triggerBody());
      if (res.status !== 200) throw new Error(`trigger failed: ${JSON.stringify(res.body)}`);
    });
    console.log('\n== Run triggering (300 each, 10 in flight) ==');
    console.log(`raw client.workflow.start   ${fmt(raw)} /s`);
    console.log(`run.trigger (HTTP + MySQL)  ${fmt(ours)} /s   ratio ${fmt(ours / raw, 2)}`);
  } finally {
    await stopProcesses(server);
  }

  await connection.close();
  await site.close();
}
