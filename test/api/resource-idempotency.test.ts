import assert from 'node:assert/strict';
import { call, environment, key, newCase, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';
import { privateQueues } from '../helpers/temporal';

describe('Idempotency-Key on resource-style mutations', function () {
  this.timeout(60_000);
  const t = useApp(privateQueues());

  const createPlan = (name: string, key?: string) =>
    fetch(`${t.app.url}/api/plans`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${t.org.apiKey}`,
        ...(key ? { 'Idempotency-Key': key } : {}),
      },
      body: JSON.stringify({ name, steps: [{ action: 'navigate', target: '/' }] }),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));
  const plansNamed = async (name: string) =>
    Number(
      (
        await t.app.deps.db.query('SELECT COUNT(*) AS n FROM test_plans WHERE org_id = ? AND name = ?', [
          t.org.orgId,
          name,
        ])
      )[0].n,
    );

  it('replays POST /api/plans for the same key and body, concurrently too', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, () => createPlan('keyed', 'plan-key-1')));
    assert.deepEqual(
      replies.map((r) => r.status),
      Array(10).fill(201),
    );
    assert.equal(new Set(replies.map((r) => r.body.testPlanId)).size, 1);
    assert.equal(await plansNamed('keyed'), 1);
  });

  it('answers 409 for the same key with another body, and runs each unkeyed request', async () => {
    await createPlan('first', 'plan-key-2');
    const conflict = await createPlan('second', 'plan-key-2');
    assert.equal(conflict.status, 409);
    assert.equal(typeof conflict.body.error, 'string');
    await createPlan('unkeyed');
    await createPlan('unkeyed');
    assert.equal(await plansNamed('unkeyed'), 2);
  });

  it("answers 409 when a key is reused on another path (another Run's pin), instead of replaying", async () => {
    // Issue 34: the key belongs to one request, its path included.
    await environment(t, 'idem-env', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
    const runs: string[] = [];
    for (const name of ['one', 'two']) {
      const testCase = await newCase(t, { name });
      const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        environmentSlug: 'idem-env',
      });
      runs.push(triggered.body.runIds[0]);
    }
    const pin = (runId: string) =>
      rest(t.app, t.org.apiKey, 'POST', `/api/runs/${runId}/pin`, undefined, { 'Idempotency-Key': 'pin-key-1' });
    const first = await pin(runs[0]);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal((await pin(runs[0])).status, 200, 'the same request replays');
    const other = await pin(runs[1]);
    assert.equal(other.status, 409, JSON.stringify(other.body));
    const pinned = await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${runs[1]}`);
    assert.equal(pinned.body.pinned, false, 'the other Run was not pinned');
  });

  it('documents the header in OpenAPI', async () => {
    const doc = await (await fetch(`${t.app.url}/api/openapi.json`)).json();
    for (const path of ['/api/plans', '/api/generate', '/api/artifacts/upload-url']) {
      assert.ok(
        doc.paths[path].post.parameters.some((p: { name: string }) => p.name === 'Idempotency-Key'),
        path,
      );
    }
  });
});
