import assert from 'node:assert/strict';
import { environmentRepository } from '../../db/repositories/environments';
import { call, createOrg, key, newCase, useApp } from '../helpers/app';

describe('environment operations', () => {
  const t = useApp();

  const upsert = (body: Record<string, unknown>) =>
    call(t.app, t.org.apiKey, 'environment.upsert', { idempotencyKey: key(), ...body });

  it('creates, returns value names only, and stores values encrypted', async () => {
    const secret = 'correct horse battery staple';
    const res = await upsert({
      slug: 'staging',
      name: 'Staging',
      targets: { web: { baseUrl: 'https://staging.example.test' } },
      runtimeValues: { PASSWORD: secret, USER: 'ada' },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.runtimeValueNames, ['PASSWORD', 'USER']);
    assert.ok(!JSON.stringify(res.body).includes(secret));
    const got = await call(t.app, t.org.apiKey, 'environment.get', { slug: 'staging' });
    assert.deepEqual(got.body, res.body);
    const list = await call(t.app, t.org.apiKey, 'environment.list', {});
    assert.ok(!JSON.stringify(list.body).includes(secret));

    const rows: Array<{ sealed: string; environment_id: string; name: string }> = await t.app.deps.db.query(
      'SELECT * FROM environment_values WHERE environment_id = ?',
      [res.body.id],
    );
    const sealed = rows.find((r) => r.name === 'PASSWORD')!.sealed;
    assert.ok(!sealed.includes(secret) && !Buffer.from(sealed.slice(3), 'base64').toString('latin1').includes(secret));
    assert.equal(t.app.deps.secrets.open(sealed, `${res.body.id}:PASSWORD`), secret);
    assert.throws(
      () => t.app.deps.secrets.open(sealed, `${res.body.id}:USER`),
      'a value moved to another name does not open',
    );
    // The runner asks for one value by name: it gets that value, and asking for none gets none.
    const db = t.app.deps.db.manager;
    const asked = await environmentRepository.sealedValues(db, res.body.id, ['USER']);
    assert.deepEqual(
      asked.map((v) => [v.name, t.app.deps.secrets.open(v.sealed, `${res.body.id}:USER`)]),
      [['USER', 'ada']],
    );
    assert.deepEqual(await environmentRepository.sealedValues(db, res.body.id, []), []);
  });

  it('updating an existing slug needs confirm, previews, and keeps other targets', async () => {
    await upsert({
      slug: 'prod',
      targets: { web: { baseUrl: 'https://a.example.test' }, api: { baseUrl: 'https://api.example.test' } },
      runtimeValues: { TOKEN: 't1' },
    });
    const preview = await upsert({
      slug: 'prod',
      targets: { web: { baseUrl: 'https://b.example.test' } },
      runtimeValues: { TOKEN: 't2', NEW: 'n', GONE: null },
    });
    assert.equal(preview.status, 400);
    assert.equal(preview.body.error.details.confirmRequired, true);
    assert.deepEqual(preview.body.error.details.wouldChange.targets.web, {
      from: { baseUrl: 'https://a.example.test' },
      to: { baseUrl: 'https://b.example.test' },
    });
    assert.deepEqual(preview.body.error.details.wouldChange.runtimeValues, {
      added: ['NEW'],
      replaced: ['TOKEN'],
      removed: [],
    });
    assert.ok(!JSON.stringify(preview.body).includes('t2'));
    assert.equal(
      (await call(t.app, t.org.apiKey, 'environment.get', { slug: 'prod' })).body.targets.web.baseUrl,
      'https://a.example.test',
    );

    const applied = await upsert({
      slug: 'prod',
      targets: { web: { baseUrl: 'https://b.example.test' } },
      runtimeValues: { TOKEN: null, NEW: 'n' },
      confirm: true,
    });
    assert.equal(applied.status, 200);
    assert.deepEqual(applied.body.targets, {
      web: { baseUrl: 'https://b.example.test' },
      api: { baseUrl: 'https://api.example.test' },
    });
    assert.deepEqual(applied.body.runtimeValueNames, ['NEW']);
  });

  it('previews a rename and a removed value alone too; an upsert that gives no field changes nothing and needs no confirm', async () => {
    await upsert({ slug: 'stage', name: 'Stage', runtimeValues: { KEEP: 'k', GONE: 'g' } });
    const before = (await call(t.app, t.org.apiKey, 'environment.get', { slug: 'stage' })).body;

    const rename = await upsert({ slug: 'stage', name: 'Staging' });
    assert.equal(rename.status, 400, 'a name alone is a change: confirm first');
    assert.deepEqual(rename.body.error.details.wouldChange, { slug: 'stage', name: { from: 'Stage', to: 'Staging' } });

    const removal = await upsert({ slug: 'stage', runtimeValues: { GONE: null, NEVER_SET: null } });
    assert.equal(removal.status, 400, 'removing a value alone is a change too');
    assert.deepEqual(removal.body.error.details.wouldChange.runtimeValues, {
      added: [],
      replaced: [],
      removed: ['GONE'],
    });

    const nothing = await upsert({ slug: 'stage' });
    assert.equal(nothing.status, 200, JSON.stringify(nothing.body));
    assert.deepEqual(nothing.body, before, 'unchanged');
    assert.deepEqual((await call(t.app, t.org.apiKey, 'environment.get', { slug: 'stage' })).body, before);

    const applied = await upsert({ slug: 'stage', name: 'Staging', runtimeValues: { GONE: null }, confirm: true });
    assert.equal(applied.body.name, 'Staging');
    assert.deepEqual(applied.body.runtimeValueNames, ['KEEP']);
  });

  it('sets at most 100 runtime values of at most 10,000 characters in one upsert (docs/interface.md)', async () => {
    const values = (count: number, length = 8) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`VALUE_${i}`, 'v'.repeat(length)]));
    const tooMany = await upsert({ slug: 'many', runtimeValues: values(101) });
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.error.code, 'INVALID_ARGUMENT');
    assert.match(tooMany.body.error.message, /runtimeValues: .*100/);
    const tooLong = await upsert({ slug: 'many', runtimeValues: values(1, 10_001) });
    assert.equal(tooLong.status, 400);
    assert.match(tooLong.body.error.message, /runtimeValues\.VALUE_0/);
    const most = await upsert({ slug: 'many', runtimeValues: values(100, 10_000) });
    assert.equal(most.status, 200, JSON.stringify(most.body));
    assert.equal(most.body.runtimeValueNames.length, 100);
  });

  it("takes at most 100 of a trigger's own runtime values too", async () => {
    const values = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`VALUE_${i}`, 'v']));
    const testCase = await newCase(t);
    const trigger = (count: number) =>
      call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        environmentSlug: 'nobody-serves',
        targets: { web: { baseUrl: 'http://127.0.0.1:9' }, api: { runtimeValues: values(count) } },
      });
    const tooMany = await trigger(101);
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.body.error.message, /100/);
    const most = await trigger(100);
    assert.notEqual(most.status, 400, JSON.stringify(most.body));
  });

  it('rejects bad slugs, bad URLs and unknown target fields; foreign slugs are NOT_FOUND', async () => {
    for (const body of [
      { slug: 'Bad Slug' },
      { slug: 'x', targets: { web: { baseUrl: 'not a url' } } },
      { slug: 'x', targets: { web: { baseUrl: 'https://x', extra: 1 } } },
      { slug: 'x', runtimeValues: { '1bad': 'v' } },
    ]) {
      const res = await upsert(body);
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    const other = await createOrg(t.app.deps);
    assert.equal((await call(t.app, other.apiKey, 'environment.get', { slug: 'staging' })).status, 404);
  });

  it('relocates credential-shaped literals into an Environment, and rejects them otherwise', async () => {
    await upsert({ slug: 'relocate', runtimeValues: { PASSWORD: 'existing' } });
    const steps = [
      { action: 'navigate', target: '/login' },
      { action: 'fill', target: 'Password', valueSpec: { kind: 'literal', text: 'hunter2' } },
      { action: 'fill', target: 'Notes', valueSpec: { kind: 'literal', text: 'sk_live_abcdefghijklmnop1234' } },
      { action: 'fill', target: 'Name', valueSpec: { kind: 'literal', text: 'Ada Lovelace' } },
    ];
    const rejected = await call(t.app, t.org.apiKey, 'test_case.create', {
      idempotencyKey: key(),
      name: 'c',
      platforms: ['web'],
      steps,
    });
    assert.equal(rejected.status, 400);
    assert.deepEqual(
      rejected.body.error.details.credentialSteps.map((s: { stepIndex: number }) => s.stepIndex),
      [1, 2],
    );
    assert.ok(!JSON.stringify(rejected.body).includes('hunter2'));

    const relocated = await call(t.app, t.org.apiKey, 'test_case.create', {
      idempotencyKey: key(),
      name: 'c',
      platforms: ['web'],
      steps,
      relocateSecretsTo: 'relocate',
    });
    assert.equal(relocated.status, 200);
    assert.deepEqual(relocated.body.steps[1].valueSpec, { kind: 'environment', variable: 'PASSWORD_2' });
    assert.deepEqual(relocated.body.steps[2].valueSpec, { kind: 'environment', variable: 'NOTES' });
    assert.deepEqual(relocated.body.steps[3].valueSpec, steps[3].valueSpec);
    assert.ok(!JSON.stringify(relocated.body).includes('hunter2'));
    const env = await call(t.app, t.org.apiKey, 'environment.get', { slug: 'relocate' });
    assert.deepEqual(env.body.runtimeValueNames, ['NOTES', 'PASSWORD', 'PASSWORD_2']);

    const missing = await call(t.app, t.org.apiKey, 'test_case.create', {
      idempotencyKey: key(),
      name: 'c',
      platforms: ['web'],
      steps,
      relocateSecretsTo: 'nowhere',
    });
    assert.equal(missing.status, 404);
    const update = await call(t.app, t.org.apiKey, 'test_case.update_steps', {
      idempotencyKey: key(),
      testCaseId: relocated.body.id,
      steps,
      confirm: true,
    });
    assert.equal(update.status, 400, 'update_steps never accepts credential literals');
  });
});
