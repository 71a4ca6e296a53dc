import assert from 'node:assert/strict';
import { call, createOrg, key, newCase, useApp } from '../helpers/app';
import { privateQueues } from '../helpers/temporal';

describe('resource-style run endpoints', function () {
  this.timeout(60_000);
  const t = useApp(privateQueues());
  let planId: string;
  before(async () => {
    const ids = [];
    for (const platforms of [['web'], ['web']]) ids.push((await newCase(t, { platforms })).id);
    planId = (
      await call(t.app, t.org.apiKey, 'test_plan.create', { idempotencyKey: key(), name: 'p', testCaseIds: ids })
    ).body.id;
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${t.app.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${t.org.apiKey}`, ...headers },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));

  it('POST /api/trigger queues a plan against an explicit web target and is idempotent by header', async () => {
    const body = {
      testPlanId: planId,
      targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
      branch: 'main',
      deployment: { provider: 'ci', branch: 'main', commitSha: 'abcdef1' },
    };
    const first = await post('/api/trigger', body, { 'Idempotency-Key': 'trigger-once' });
    assert.equal(first.status, 200);
    assert.equal(first.body.status, 'queued');
    assert.match(first.body.runId, /^run_/);
    assert.equal(first.body.runIds.length, 2);
    const again = await post('/api/trigger', body, { 'Idempotency-Key': 'trigger-once' });
    assert.deepEqual(again.body, first.body);

    const run = await fetch(`${t.app.url}/api/runs/${first.body.runId}`, {
      headers: { Authorization: `Bearer ${t.org.apiKey}` },
    }).then((r) => r.json());
    assert.equal(run._id, first.body.runId);
    assert.equal(run.testPlanId, planId);
    assert.equal(run.status, 'queued');
    assert.deepEqual(run.trigger.deployment, body.deployment);
    assert.deepEqual(
      run.logs.map((l: { status: string; platform: string }) => [l.status, l.platform]),
      [['pending', 'web']],
    );
  });

  it('run.list keeps to its branch filter; GET /api/runs pages by offset (issue 34)', async () => {
    const org = await createOrg(t.app.deps);
    const testCase = await newCase({ app: t.app, org }, { name: 'branches' });
    const runIds: Record<string, string> = {};
    for (const branch of ['main', 'feature-x', 'main']) {
      const triggered = await call(t.app, org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
        branch,
      });
      assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
      runIds[`${branch}-${Object.keys(runIds).length}`] = triggered.body.runIds[0];
    }
    const feature = await call(t.app, org.apiKey, 'run.list', { branch: 'feature-x' });
    assert.deepEqual(
      feature.body.items.map((r: { runId: string }) => r.runId),
      [runIds['feature-x-1']],
    );
    const list = (query: string) =>
      fetch(`${t.app.url}/api/runs${query}`, { headers: { Authorization: `Bearer ${org.apiKey}` } }).then((r) =>
        r.json(),
      );
    const all = (await list('')).map((r: { _id: string }) => r._id);
    assert.equal(all.length, 3);
    const page = (await list('?offset=1&limit=1')).map((r: { _id: string }) => r._id);
    assert.deepEqual(page, [all[1]]);
  });

  it('refuses a trigger without a target, a bad plan id and unknown fields with { error }', async () => {
    for (const [body, status] of [
      [{ testPlanId: planId }, 400],
      [{ testPlanId: 'tp_00000000000000000000000000', targets: { web: { baseUrl: 'http://127.0.0.1:9' } } }, 404],
      [{ testPlanId: planId, bogus: 1 }, 400],
      [{ testPlanId: planId, platforms: ['api'] }, 400],
    ] as const) {
      const res = await post('/api/trigger', body);
      assert.equal(res.status, status, JSON.stringify(body));
      assert.equal(typeof res.body.error, 'string');
    }
  });

  it('POST /api/runs/report updates an existing step log only', async () => {
    const { runId } = (
      await post('/api/trigger', { testPlanId: planId, targets: { web: { baseUrl: 'http://127.0.0.1:9' } } })
    ).body;
    assert.deepEqual((await post('/api/runs/report', { runId, stepIndex: 0, status: 'pending' })).body, {
      success: true,
    });
    assert.equal((await post('/api/runs/report', { runId, stepIndex: 7, status: 'pending' })).status, 404);
    assert.equal((await post('/api/runs/report', { runId, stepIndex: 0, status: 'exploded' })).status, 400);
    const other = await createOrg(t.app.deps);
    const foreign = await fetch(`${t.app.url}/api/runs/${runId}`, {
      headers: { Authorization: `Bearer ${other.apiKey}` },
    });
    assert.equal(foreign.status, 404);
  });

  it('requires a credential', async () => {
    const res = await fetch(`${t.app.url}/api/runs`);
    assert.equal(res.status, 401);
    assert.match(res.headers.get('www-authenticate')!, /resource_metadata=/);
    assert.equal(typeof (await res.json()).error, 'string');
  });
});
