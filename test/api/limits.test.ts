import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import { call, createOrg, environment, key, newCase, startApp, useApp, type TestApp } from '../helpers/app';
import { rest } from '../helpers/rest';
import { privateQueues } from '../helpers/temporal';
import { limitRequestRate } from '../../api/middleware/limits';
import { LEASE_MS } from '../../api/middleware/rate-leases';
import { limitRepository } from '../../db/repositories/limits';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** issue 11 §3 and interface.md: an exhausted limit is 429 RESOURCE_EXHAUSTED with `Retry-After` (seconds). */
function assertExhausted(reply: { status: number; headers: Headers; body: any }, v1: boolean) {
  assert.equal(reply.status, 429, JSON.stringify(reply.body));
  assert.equal(v1 ? reply.body.error.code : reply.body.code, 'RESOURCE_EXHAUSTED');
  const retryAfter = reply.headers.get('Retry-After');
  assert.match(retryAfter ?? '', /^[1-9]\d*$/, `Retry-After: ${retryAfter}`);
  return Number(retryAfter);
}

const list = (app: { url: string }, apiKey: string) => call(app, apiKey, 'test_case.list', {});

describe('per-organization request rate', function () {
  this.timeout(60_000);
  // One token every 5 s, bursts of 5: a quick series of requests meets the limit at the 6th.
  const settings = { ...privateQueues(), RATE_LIMIT_PER_SECOND: '0.2', RATE_LIMIT_BURST: '5' };
  const t = useApp(settings);
  let second: TestApp;
  before(async () => {
    // A second API process on the same database: the bucket is shared, not per process.
    second = await startApp(settings);
    t.onClose(() => second.close());
  });

  it('a burst past the bucket is 429 RESOURCE_EXHAUSTED with Retry-After, counted across API processes', async () => {
    const org = await createOrg(t.app.deps);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await list(i % 2 ? second : t.app, org.apiKey)).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200]);
    const refusedHere = await list(t.app, org.apiKey);
    const seconds = assertExhausted(refusedHere, true);
    assert.ok(seconds <= 5, `one token arrives within 5 s, Retry-After says ${seconds}`);
    assertExhausted(await list(second, org.apiKey), true);
    // The resource-style surface answers in its own envelope, with the same code and header.
    assertExhausted(await rest(second, org.apiKey, 'GET', '/api/runs'), false);
  });

  it('at a fast rate a process takes tokens in batches: concurrent requests share one write per batch', async () => {
    // 40 a second, bursts of 40: a process takes 40 × 0.25 s = 10 tokens at a time (a quarter of the burst).
    const fast = await startApp({ ...settings, RATE_LIMIT_PER_SECOND: '40', RATE_LIMIT_BURST: '40' });
    try {
      const org = await createOrg(t.app.deps);
      const replies = await Promise.all(Array.from({ length: 20 }, () => list(fast, org.apiKey)));
      assert.deepEqual(
        replies.map((r) => r.status),
        Array(20).fill(200),
      );
      const [row] = await t.app.deps.db.query(
        "SELECT tokens FROM rate_buckets WHERE org_id = ? AND bucket = 'requests'",
        [org.orgId],
      );
      // Two batches of 10 taken from the shared bucket (plus what refilled between them), not 20 writes.
      const left = Number(row.tokens);
      assert.ok(left >= 20 && left < 30, `the bucket holds ${left} tokens`);
    } finally {
      await fast.close();
    }
  });

  it("a busy organization's requests never wait for its lease's renewal: each takes a held token", async () => {
    // 40 a second: leases of 10 tokens for LEASE_MS; a request in a lease's second half renews it.
    const fast = await startApp({ ...settings, RATE_LIMIT_PER_SECOND: '40', RATE_LIMIT_BURST: '40' });
    try {
      for (let attempt = 0; ; attempt++) {
        const org = await createOrg(t.app.deps);
        await limitRequestRate(fast.deps, org.orgId); // the first lease
        // A request that waits for MySQL is one that takes its token there (take), not from a lease.
        const leases = fast.deps.rateLeases;
        const take = leases.take.bind(leases);
        let waited = 0;
        leases.take = (...args: Parameters<typeof take>) => {
          waited++;
          return take(...args);
        };
        // Each statement on the shared bucket: a lease and its renewal, never one per request.
        const takeTokens = limitRepository.takeTokens;
        let statements = 0;
        limitRepository.takeTokens = (...args: Parameters<typeof takeTokens>) => {
          statements++;
          return takeTokens(...args);
        };
        let requests = 0;
        // One request every 30 ms (about the rate) for three leases' time: with no renewal ahead,
        // the first after each lease's end waits for the next lease.
        let stalled = false;
        for (let last = performance.now(), end = last + 3 * LEASE_MS; performance.now() < end;) {
          await sleep(30);
          if (performance.now() - last > LEASE_MS / 2) stalled = true; // no request in a second half
          last = performance.now();
          await limitRequestRate(fast.deps, org.orgId);
          requests++;
        }
        leases.take = take;
        limitRepository.takeTokens = takeTokens;
        if (stalled && attempt < 3) continue; // a busy machine's timer: no renewal could be due
        assert.equal(waited, 0, 'no request waited for MySQL');
        // Three leases' time: about three renewals (one per lease's second half), not one per request.
        assert.ok(statements <= 6, `${statements} statements on the bucket for ${requests} requests`);
        return;
      }
    } finally {
      await fast.close();
    }
  });

  it('RATE_LIMIT_PER_SECOND=0 turns the limit off (docs/configuration.md): no burst is refused', async () => {
    const unlimited = await startApp({ ...settings, RATE_LIMIT_PER_SECOND: '0' });
    try {
      const org = await createOrg(t.app.deps);
      const statuses = [];
      for (let i = 0; i < 8; i++) statuses.push((await list(unlimited, org.apiKey)).status);
      assert.deepEqual(statuses, Array(8).fill(200), 'past the burst of 5');
    } finally {
      await unlimited.close();
    }
  });

  it("one organization's exhausted bucket leaves another's alone", async () => {
    const busy = await createOrg(t.app.deps);
    const calm = await createOrg(t.app.deps);
    for (let i = 0; i < 5; i++) await list(t.app, busy.apiKey);
    assertExhausted(await list(t.app, busy.apiKey), true);
    assert.equal((await list(t.app, calm.apiKey)).status, 200);
  });

  it('after Retry-After seconds the organization may send again', async () => {
    const org = await createOrg(t.app.deps);
    for (let i = 0; i < 5; i++) await list(t.app, org.apiKey);
    const seconds = assertExhausted(await list(t.app, org.apiKey), true);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    assert.equal((await list(t.app, org.apiKey)).status, 200);
  });

  it('requests without a valid credential are refused as before (401), not counted', async () => {
    const org = await createOrg(t.app.deps);
    for (let i = 0; i < 8; i++) assert.equal((await list(t.app, `${org.apiKey}x`)).status, 401);
    assert.equal((await list(t.app, org.apiKey)).status, 200);
  });
});

describe('per-organization run-request rate and plan group size', function () {
  this.timeout(60_000);
  const t = useApp({
    ...privateQueues(),
    RUN_REQUEST_RATE_PER_MINUTE: '1',
    RUN_REQUEST_BURST: '2',
    PLAN_GROUP_MAX_MEMBERS: '2',
  });
  const plan = async (org: { apiKey: string }, members: number) => {
    const ids = [];
    for (let i = 0; i < members; i++) ids.push((await newCase({ app: t.app, org }, { name: `m${i}` })).id);
    const created = await call(t.app, org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: `p${members}`,
      testCaseIds: ids,
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    return created.body.id as string;
  };
  const trigger = (app: { url: string }, org: { apiKey: string }, testPlanId: string) =>
    call(app, org.apiKey, 'run.trigger', { idempotencyKey: key(), testPlanId, environmentSlug: 'local' });

  it('run requests past the burst are 429 RESOURCE_EXHAUSTED with Retry-After; other requests go on', async () => {
    const body = { request: 'run the smoke tests' };
    assert.equal((await rest(t.app, t.org.apiKey, 'POST', '/api/run-requests', body)).status, 202);
    assert.equal((await rest(t.app, t.org.apiKey, 'POST', '/api/run-requests', body)).status, 202);
    const refused = await rest(t.app, t.org.apiKey, 'POST', '/api/run-requests', body);
    const seconds = assertExhausted(refused, false);
    // One run request a minute: the next one is due within a minute.
    assert.ok(seconds > 1 && seconds <= 60, `Retry-After ${seconds}`);
    assert.equal((await list(t.app, t.org.apiKey)).status, 200);
    const rows = await t.app.deps.db.query('SELECT COUNT(*) AS n FROM run_requests WHERE org_id = ?', [t.org.orgId]);
    assert.equal(Number(rows[0].n), 2, 'the refused request recorded nothing');
  });

  it('an idempotent replay past the rate answers the recorded request (it queues nothing)', async () => {
    // Issue 33: a replay returns the recorded answer, never 429.
    const org = await createOrg(t.app.deps);
    const body = { request: 'run the smoke tests' };
    const first = await rest(t.app, org.apiKey, 'POST', '/api/run-requests', body, { 'Idempotency-Key': randomUUID() });
    const keyed = randomUUID();
    const second = await rest(t.app, org.apiKey, 'POST', '/api/run-requests', body, { 'Idempotency-Key': keyed });
    assert.deepEqual([first.status, second.status], [202, 202]);
    const refused = await rest(t.app, org.apiKey, 'POST', '/api/run-requests', body, {
      'Idempotency-Key': randomUUID(),
    });
    assertExhausted(refused, false);
    const replayed = await rest(t.app, org.apiKey, 'POST', '/api/run-requests', body, { 'Idempotency-Key': keyed });
    assert.equal(replayed.status, 202, JSON.stringify(replayed.body));
    assert.equal(replayed.headers.get('Idempotent-Replayed'), 'true');
    assert.equal(replayed.body.requestId, second.body.requestId);
    const rows = await t.app.deps.db.query('SELECT COUNT(*) AS n FROM run_requests WHERE org_id = ?', [org.orgId]);
    assert.equal(Number(rows[0].n), 2);
  });

  it('a plan trigger with more members than the limit is refused with FAILED_PRECONDITION and queues nothing', async () => {
    const org = await createOrg(t.app.deps);
    await environment({ app: t.app, org }, 'local', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
    const big = await plan(org, 3);
    const refused = await trigger(t.app, org, big);
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.equal(refused.body.error.code, 'FAILED_PRECONDITION');
    assert.match(refused.body.error.message, /at most 2/);
    const runs = await t.app.deps.db.query('SELECT COUNT(*) AS n FROM runs WHERE org_id = ?', [org.orgId]);
    assert.equal(Number(runs[0].n), 0);
    // At the limit the trigger is accepted.
    const small = await trigger(t.app, org, await plan(org, 2));
    assert.equal(small.status, 200, JSON.stringify(small.body));
    assert.equal(small.body.runIds.length, 2);
    // An organization's own limit (ORG_LIMITS) overrides the default, in every API process that reads it.
    const other = await startApp({
      TEMPORAL_TASK_QUEUE: t.app.deps.config.TEMPORAL_TASK_QUEUE,
      RUNNER_TASK_QUEUE_PREFIX: t.app.deps.config.RUNNER_TASK_QUEUE_PREFIX,
      PLAN_GROUP_MAX_MEMBERS: '2',
      ORG_LIMITS: JSON.stringify({ [org.orgId]: { planGroupMaxMembers: 3 } }),
    });
    try {
      const allowed = await trigger(other, org, big);
      assert.equal(allowed.status, 200, JSON.stringify(allowed.body));
      assert.equal(allowed.body.runIds.length, 3);
    } finally {
      await other.close();
    }
  });

  it('OpenAPI documents 429 with Retry-After where a limit can answer', async () => {
    const doc = (await rest(t.app, null, 'GET', '/api/openapi.json')).body;
    for (const [path, method] of [
      ['/api/v1/run.trigger', 'post'],
      ['/api/v1/test_case.list', 'post'],
      ['/api/run-requests', 'post'],
      ['/api/runs', 'get'],
    ]) {
      const response = doc.paths[path][method].responses['429'];
      assert.ok(response, `${method} ${path} documents 429`);
      assert.ok(response.headers?.['Retry-After'], `${method} ${path} documents Retry-After`);
    }
  });
});
