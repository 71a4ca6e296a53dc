import assert from 'node:assert/strict';
import { idempotencyRepository } from '../../db/repositories/idempotency';
import { call, createOrg, key, startApp, useApp } from '../helpers/app';

describe('idempotency', () => {
  const t = useApp();

  const body = (idempotencyKey: string, name = 'Idem') => ({
    idempotencyKey,
    name,
    platforms: ['web'],
    steps: [{ action: 'navigate', target: '/' }],
  });
  const count = async (name: string) =>
    (
      await t.app.deps.db.query('SELECT COUNT(*) AS n FROM test_cases WHERE org_id = ? AND name = ?', [
        t.org.orgId,
        name,
      ])
    )[0].n;

  it('replays the first response for the same key and body, also after a restart', async () => {
    const k = key();
    const first = await call(t.app, t.org.apiKey, 'test_case.create', body(k, 'replayed'));
    const again = await call(t.app, t.org.apiKey, 'test_case.create', { ...body(k, 'replayed'), platforms: ['web'] });
    assert.deepEqual(again.body, first.body);
    const restarted = await startApp();
    try {
      const third = await call(restarted, t.org.apiKey, 'test_case.create', body(k, 'replayed'));
      assert.deepEqual(third.body, first.body);
    } finally {
      await restarted.close();
    }
    assert.equal(Number(await count('replayed')), 1);
  });

  it('a JSON object is unordered: the same request with its fields in another order replays', async () => {
    const k = key();
    const first = await call(t.app, t.org.apiKey, 'test_case.create', {
      idempotencyKey: k,
      name: 'reordered',
      platforms: ['web'],
      steps: [{ action: 'navigate', target: '/', expect: { text: 'Home', titleIncludes: 'Shop' } }],
    });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const again = await call(t.app, t.org.apiKey, 'test_case.create', {
      steps: [{ expect: { titleIncludes: 'Shop', text: 'Home' }, target: '/', action: 'navigate' }],
      platforms: ['web'],
      name: 'reordered',
      idempotencyKey: k,
    });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.deepEqual(again.body, first.body);
    assert.equal(Number(await count('reordered')), 1);
  });

  it('answers CONFLICT for the same key with another body', async () => {
    const k = key();
    await call(t.app, t.org.apiKey, 'test_case.create', body(k, 'one'));
    const res = await call(t.app, t.org.apiKey, 'test_case.create', body(k, 'two'));
    assert.equal(res.status, 409);
    assert.equal(res.body.error.code, 'CONFLICT');
    assert.equal(Number(await count('two')), 0);
  });

  it('keys are per operation and per organization', async () => {
    const k = key();
    const other = await createOrg(t.app.deps);
    const a = await call(t.app, t.org.apiKey, 'test_case.create', body(k, 'scoped'));
    const b = await call(t.app, other.apiKey, 'test_case.create', body(k, 'scoped'));
    assert.notEqual(a.body.id, b.body.id);
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', { idempotencyKey: k, name: 'plan' });
    assert.equal(plan.status, 200);
  });

  it('20 concurrent duplicates make one record and all get its response', async () => {
    const k = key();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => call(t.app, t.org.apiKey, 'test_case.create', body(k, 'concurrent'))),
    );
    assert.deepEqual(
      replies.map((r) => r.status),
      Array(20).fill(200),
    );
    assert.equal(new Set(replies.map((r) => r.body.id)).size, 1);
    assert.equal(Number(await count('concurrent')), 1);
  });

  it('an expired record is swept and its key is free again', async () => {
    const k = key();
    const first = await call(t.app, t.org.apiKey, 'test_case.create', body(k, 'expiring'));
    await t.app.deps.db.query('UPDATE idempotency_records SET expires_at = ? WHERE org_id = ? AND idem_key = ?', [
      Date.now() - 1,
      t.org.orgId,
      k,
    ]);
    assert.ok((await idempotencyRepository.purgeExpired(t.app.deps.db.manager, Date.now())) >= 1);
    const second = await call(t.app, t.org.apiKey, 'test_case.create', body(k, 'expiring'));
    assert.notEqual(second.body.id, first.body.id, 'after expiry the key starts a new mutation');
  });

  it('a failed mutation stores nothing, so the key can be used once the input is fixed', async () => {
    const k = key();
    const failed = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: k,
      name: 'p',
      testCaseIds: ['tc_00000000000000000000000000'],
    });
    assert.equal(failed.status, 404);
    const fixed = await call(t.app, t.org.apiKey, 'test_plan.create', { idempotencyKey: k, name: 'p' });
    assert.equal(fixed.status, 200);
  });
});
