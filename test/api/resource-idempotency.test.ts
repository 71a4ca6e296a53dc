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

  it('takes the key from the header or idempotencyKey; both must agree (docs/interface.md, Run requests)', async () => {
    const send = (headerKey: string, bodyKey: string) =>
      rest(
        t.app,
        t.org.apiKey,
        'POST',
        '/api/run-requests',
        { request: 'run the smoke tests', idempotencyKey: bodyKey },
        {
          'Idempotency-Key': headerKey,
        },
      );
    const one = crypto.randomUUID();
    const differ = await send(one, crypto.randomUUID());
    assert.equal(differ.status, 400, JSON.stringify(differ.body));
    assert.equal(typeof differ.body.error, 'string');
    const agree = await send(one.toUpperCase(), one);
    assert.equal(agree.status, 202, JSON.stringify(agree.body));
    assert.equal(agree.body.idempotencyKey, one);
  });

  describe('a key claimed first, its answer stored after (docs/interface.md, Idempotency)', () => {
    // The first request's claim, as a process still working on it (or crashed) leaves it: no answer
    // yet, claimed `ageMs` ago. The row's own columns are the only way to stage that moment.
    const stageClaim = async (idemKey: string, ageMs: number) => {
      const [row] = await t.app.deps.db.query(
        'SELECT response, created_at, expires_at FROM idempotency_records WHERE org_id = ? AND idem_key = ?',
        [t.org.orgId, idemKey],
      );
      const shift = Number(row.created_at) - (Date.now() - ageMs);
      await t.app.deps.db.query(
        'UPDATE idempotency_records SET response = NULL, created_at = created_at - ?, expires_at = expires_at - ? WHERE org_id = ? AND idem_key = ?',
        [shift, shift, t.org.orgId, idemKey],
      );
      return row.response as string;
    };
    const answerClaim = (idemKey: string, response: string) =>
      t.app.deps.db.query('UPDATE idempotency_records SET response = ? WHERE org_id = ? AND idem_key = ?', [
        response,
        t.org.orgId,
        idemKey,
      ]);

    it("a retry while the first request is still working waits for, and replays, that request's answer", async () => {
      const first = await createPlan('in-flight', 'plan-key-wait');
      assert.equal(first.status, 201);
      const stored = await stageClaim('plan-key-wait', 0);
      const began = Date.now();
      const retry = createPlan('in-flight', 'plan-key-wait');
      await new Promise((r) => setTimeout(r, 1_000));
      await answerClaim('plan-key-wait', stored);
      const replayed = await retry;
      assert.equal(replayed.status, 201, JSON.stringify(replayed.body));
      assert.equal(replayed.body.testPlanId, first.body.testPlanId);
      assert.ok(Date.now() - began >= 1_000, 'the retry waited for the answer');
      assert.equal(await plansNamed('in-flight'), 1);
    });

    it('a retry whose first request fails while it waits (the key given back) runs the request itself', async () => {
      const first = await createPlan('given-back', 'plan-key-failed');
      assert.equal(first.status, 201);
      await stageClaim('plan-key-failed', 0);
      const retry = createPlan('given-back', 'plan-key-failed');
      await new Promise((r) => setTimeout(r, 1_000));
      // What the owner's failure does: its claim is removed.
      await t.app.deps.db.query('DELETE FROM idempotency_records WHERE org_id = ? AND idem_key = ?', [
        t.org.orgId,
        'plan-key-failed',
      ]);
      const answer = await retry;
      assert.equal(answer.status, 201, JSON.stringify(answer.body));
      assert.notEqual(answer.body.testPlanId, first.body.testPlanId, 'it ran the request itself');
      assert.equal((await createPlan('given-back', 'plan-key-failed')).body.testPlanId, answer.body.testPlanId);
    });

    it('a retry whose first request is still working after the wait is CONFLICT, and runs nothing', async () => {
      const first = await createPlan('still-working', 'plan-key-busy');
      assert.equal(first.status, 201);
      await stageClaim('plan-key-busy', 0);
      const retry = await createPlan('still-working', 'plan-key-busy');
      assert.equal(retry.status, 409, JSON.stringify(retry.body));
      assert.equal(retry.body.code, 'CONFLICT');
      assert.match(retry.body.error, /in flight/);
      assert.equal(await plansNamed('still-working'), 1);
      const [row] = await t.app.deps.db.query(
        'SELECT COUNT(*) AS n FROM idempotency_records WHERE org_id = ? AND idem_key = ?',
        [t.org.orgId, 'plan-key-busy'],
      );
      assert.equal(Number(row.n), 1, "the owner's claim is kept");
    });

    it('a claim left without an answer for over a minute (a crashed owner) is taken over by the retry', async () => {
      const first = await createPlan('abandoned', 'plan-key-crash');
      assert.equal(first.status, 201);
      await stageClaim('plan-key-crash', 61_000);
      const retry = await createPlan('abandoned', 'plan-key-crash');
      assert.equal(retry.status, 201, JSON.stringify(retry.body));
      assert.notEqual(retry.body.testPlanId, first.body.testPlanId, 'the retry ran the mutation itself');
      const again = await createPlan('abandoned', 'plan-key-crash');
      assert.equal(again.body.testPlanId, retry.body.testPlanId, "and its answer is the key's from now on");
    });

    it('a claim 50 s old is not abandoned yet: the retry waits rather than running the mutation twice', async () => {
      const first = await createPlan('young-claim', 'plan-key-young');
      const stored = await stageClaim('plan-key-young', 50_000);
      const retry = createPlan('young-claim', 'plan-key-young');
      await new Promise((r) => setTimeout(r, 500));
      await answerClaim('plan-key-young', stored);
      assert.equal((await retry).body.testPlanId, first.body.testPlanId);
      assert.equal(await plansNamed('young-claim'), 1);
    });
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
