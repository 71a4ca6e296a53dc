import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { createDataSource } from '../../db/data-source';
import { createOrganization } from '../../domain/organizations';
import { startReceiver } from '../helpers/receiver';
import { startSite } from '../helpers/site';

/**
 * The smoke of `npm run cluster -- --check` (scripts/lib/cluster-check.js): through the two API
 * processes and the balancer of a running cluster, a web Run, a plan group, a run request, a
 * Temporal Schedule fired now and a webhook, each to its end; then, on the Temporal cluster, the
 * Runs' search attributes (what the Temporal UI filters on) and the retention Schedule.
 * Settings: CLUSTER_API_URLS, CLUSTER_BALANCER_URL, DATABASE_URL, TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE.
 */

const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is required (scripts/cluster.js --check sets it)`);
  return v;
};
const apiUrls = env('CLUSTER_API_URLS').split(',');
const urls = [...apiUrls, env('CLUSTER_BALANCER_URL')];
const TERMINAL = new Set(['passing', 'failed', 'unverified', 'canceled', 'invalid']);
const say = (msg: string) => process.stdout.write(`[smoke] ${msg}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let turn = 0;
/** Requests take the APIs and the balancer in turn: every one of them serves the smoke. */
const served = new Map<string, number>();

async function http(
  method: string,
  path: string,
  apiKey: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const url = urls[turn++ % urls.length];
  served.set(url, (served.get(url) ?? 0) + 1);
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${apiKey}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function v1(apiKey: string, op: string, body: Record<string, unknown>) {
  const reply = await http('POST', `/api/v1/${op}`, apiKey, body);
  assert.equal(reply.status, 200, `${op}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** Long-polls a Run until it ends, on whichever API the turn gives. */
async function finished(apiKey: string, runId: string, limitMs = 180_000): Promise<string> {
  const deadline = Date.now() + limitMs;
  let cursor: number | undefined;
  for (;;) {
    const run = await v1(apiKey, 'run.get', { runId, cursor, waitMs: 5000 });
    if (TERMINAL.has(run.status)) return run.status;
    cursor = run.cursor;
    if (Date.now() > deadline) throw new Error(`Run ${runId} still ${run.status} after ${limitMs / 1000} s`);
  }
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, limitMs = 120_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs / 1000} s`);
    await sleep(1000);
  }
}

async function main() {
  const ds = createDataSource(env('DATABASE_URL'), 2);
  await ds.initialize();
  const org = await createOrganization(ds.manager, `cluster-smoke-${Date.now()}`);
  await ds.destroy();
  const key = org.apiKey;
  const site = await startSite('unused');
  const receiver = await startReceiver();
  const connection = await Connection.connect({ address: env('TEMPORAL_ADDRESS') });
  const temporal = new Client({ connection, namespace: process.env.TEMPORAL_NAMESPACE || 'default' });
  try {
    await v1(key, 'environment.upsert', {
      idempotencyKey: randomUUID(),
      slug: 'local',
      name: 'Local',
      targets: { web: { baseUrl: site.url } },
    });
    const caseIds: string[] = [];
    for (const i of [1, 2, 3]) {
      const created = await v1(key, 'test_case.create', {
        idempotencyKey: randomUUID(),
        name: `Cluster smoke ${i}`,
        platforms: ['web'],
        steps: [
          { action: 'navigate', target: '/', expect: { text: 'Home' } },
          { action: 'navigate', target: '/login', expect: { text: 'Sign in' } },
        ],
      });
      caseIds.push(created.id);
    }
    const plan = await v1(key, 'test_plan.create', {
      idempotencyKey: randomUUID(),
      name: 'Cluster smoke',
      testCaseIds: caseIds,
    });
    const hook = await http('POST', '/api/webhooks', key, { url: `${receiver.url}/hook`, events: ['run.completed'] });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));

    const single = await v1(key, 'run.trigger', {
      idempotencyKey: randomUUID(),
      testCaseId: caseIds[0],
      environmentSlug: 'local',
    });
    assert.equal(await finished(key, single.runIds[0]), 'passing');
    say(`web Run ${single.runIds[0]} passing`);

    const group = await v1(key, 'run.trigger', {
      idempotencyKey: randomUUID(),
      testPlanId: plan.id,
      environmentSlug: 'local',
    });
    assert.equal(group.runIds.length, 3);
    for (const id of group.runIds) assert.equal(await finished(key, id), 'passing');
    say(`plan group ${group.planGroupRunId}: ${group.runIds.length} Runs passing`);

    const request = await http('POST', '/api/run-requests', key, {
      request: 'Please run the Cluster smoke plan against local, web only.',
      idempotencyKey: randomUUID(),
    });
    assert.equal(request.status, 202, JSON.stringify(request.body));
    const requested = await until('the run request ends', async () => {
      const s = await http('GET', `/api/run-requests/status?id=${request.body.requestId}`, key);
      return s.status === 200 && ['completed', 'rejected', 'failed', 'canceled'].includes(s.body.status)
        ? s.body
        : undefined;
    });
    assert.equal(requested.status, 'completed', JSON.stringify(requested));
    const requestedRuns = requested.entries.map((e: { runId: string }) => e.runId).filter(Boolean);
    assert.equal(requestedRuns.length, 3);
    for (const id of requestedRuns) assert.equal(await finished(key, id), 'passing');
    say(`run request ${request.body.requestId}: ${requestedRuns.length} Runs passing`);

    const schedule = await http(
      'POST',
      '/api/schedules',
      key,
      { name: 'Cluster smoke hourly', testPlanId: plan.id, environmentSlug: 'local', every: '1h' },
      { 'Idempotency-Key': randomUUID() },
    );
    assert.equal(schedule.status, 201, JSON.stringify(schedule.body));
    const described = await temporal.schedule.getHandle(schedule.body.temporalScheduleId).describe();
    assert.ok(described.info.nextActionTimes.length > 0, 'the Temporal Schedule has its next fire');
    const fired = await http('POST', `/api/schedules/${schedule.body.id}/trigger`, key, {});
    assert.equal(fired.status, 202, JSON.stringify(fired.body));
    const fire = await until('the schedule fire ends', async () => {
      const s = await http('GET', `/api/schedules/${schedule.body.id}`, key);
      return s.body.recentGroups?.find((g: { verdict?: string }) => g.verdict);
    });
    assert.equal(fire.verdict, 'passed', JSON.stringify(fire));
    say(`schedule ${schedule.body.id} fired now on the Temporal Schedule: group ${fire.planGroupRunId} passed`);

    // Webhooks: one run.completed per Run with a live endpoint, none twice.
    const allRuns = [...single.runIds, ...group.runIds, ...requestedRuns];
    // The schedule's fire ran the plan's 3 members too.
    const deliveries = await receiver.waitFor('/hook', allRuns.length + 3, 120_000);
    const ids = deliveries.map((d) => String(d.headers['webhook-id']));
    assert.equal(new Set(ids).size, ids.length, 'no webhook delivered twice');
    say(`${deliveries.length} run.completed webhooks, each once`);

    // What the Temporal UI filters on: the Runs' search attributes, in the cluster's visibility store.
    for (const runId of allRuns) {
      await until(`visibility finds run-${runId} by QaRunId`, async () => {
        for await (const w of temporal.workflow.list({ query: `QaRunId = "${runId}" AND QaOrgId = "${org.orgId}"` }))
          if (w.workflowId === `run-${runId}`) return true;
        return undefined;
      });
    }
    say(`${allRuns.length} Runs found by QaRunId and QaOrgId in the cluster's visibility store`);
    const retention = await temporal.schedule.getHandle('retention-purge').describe();
    assert.ok(retention.info.nextActionTimes.length > 0, 'the retention Schedule fires');
    say('the retention-purge Schedule exists on the cluster');

    for (const url of urls) assert.ok((served.get(url) ?? 0) > 0, `${url} served no request`);
    say(`requests served: ${[...served].map(([u, n]) => `${u} ${n}`).join(', ')}`);
    say('passed');
  } finally {
    await connection.close();
    await receiver.close();
    await site.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    say(`FAILED: ${err.stack ?? err}`);
    process.exit(1);
  },
);
