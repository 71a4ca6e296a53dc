import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { call, createOrg, environment, key, newCase, useApp } from '../helpers/app';
import { isClientError, rest } from '../helpers/rest';
import { followRequest, ledgerRows } from '../helpers/run-requests';
import { startSite, type TestSite } from '../helpers/site';
import { privateQueues, useWorkers } from '../helpers/temporal';

const SECRET = 'Request-Passphrase-5d0e21';

describe('run requests with the embedded interpreter', function () {
  this.timeout(180_000);
  const t = useApp(privateQueues());
  let site: TestSite;
  const runCount = async () =>
    Number((await t.app.deps.db.query('SELECT COUNT(*) AS n FROM runs WHERE org_id = ?', [t.org.orgId]))[0].n);

  before(async () => {
    site = await startSite(SECRET);
    t.onClose(() => site.close());
  });
  useWorkers(t);
  before(async () => {
    for (const [slug, name] of [
      ['local', 'Local'],
      ['staging', 'Staging'],
      ['qa-3', 'Third'],
    ]) {
      await environment(t, slug, {
        name,
        targets: { web: { baseUrl: site.url } },
        runtimeValues: { PASSWORD: SECRET },
      });
    }
    await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: 'Smoke',
      steps: [{ action: 'navigate', target: '/' }],
    });
    await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: 'Login',
      steps: [
        { action: 'navigate', target: '/login' },
        { action: 'fill', target: 'Email' },
        { action: 'fill', target: 'Password', value: '{{env.PASSWORD}}' },
        { action: 'click', target: 'Sign in' },
      ],
    });
    const members = [];
    for (const name of ['W1', 'W2', 'W3']) members.push((await newCase(t, { name })).id);
    await call(t.app, t.org.apiKey, 'test_plan.create', { idempotencyKey: key(), name: 'Wide', testCaseIds: members });
  });

  it('runs a structured request: one entry per plan and environment, each a Run that passes', async () => {
    const created = await rest(t.app, t.org.apiKey, 'POST', '/api/run-requests', {
      planNames: ['Smoke', 'login'],
      environmentSlugs: ['local'],
    });
    assert.equal(created.status, 202);
    assert.equal(created.body.status, 'interpreting');
    assert.match(created.body.requestId, /^rr_/);
    assert.match(created.body.idempotencyKey, /^[0-9a-f-]{36}$/);
    const done = await followRequest(t.app, t.org.apiKey, created.body.requestId);
    assert.equal(done.status, 'completed', JSON.stringify(done));
    assert.equal(done.resolutionSource, 'structured');
    assert.deepEqual(done.rejectionReasons, []);
    assert.ok(!('error' in done), 'no error: the field is omitted');
    assert.ok(done.completedAt >= done.createdAt);
    assert.deepEqual(
      done.entries.map((e: { planName: string }) => e.planName),
      ['Smoke', 'Login'],
    );
    for (const entry of done.entries) {
      assert.match(entry.runId, /^run_/);
      assert.deepEqual(entry.target, { kind: 'environment', slug: 'local', name: 'Local' });
      assert.equal(entry.runStatus, 'passing');
      assert.ok(!('queueError' in entry), 'queued: no queueError');
      assert.ok(!('runError' in entry), 'passed: no runError');
      assert.equal(entry.progress.passed, entry.progress.total);
    }
    assert.ok(site.passwords.includes(SECRET));
    assert.equal(
      (await ledgerRows(t.app, done.requestId)).length,
      0,
      'a structured request is not interpreted, not billed',
    );
    const run = await call(t.app, t.org.apiKey, 'run.get', { runId: done.entries[1].runId });
    assert.equal(run.body.testPlanId, done.entries[1].testPlanId);
  });

  it('interprets a natural-language request with the embedded matcher, and bills it once (at zero)', async () => {
    const created = await rest(t.app, t.org.apiKey, 'POST', '/api/run-requests', {
      request: 'Please run the smoke plan against staging, web only.',
    });
    const done = await followRequest(t.app, t.org.apiKey, created.body.requestId);
    assert.equal(done.status, 'completed', JSON.stringify(done));
    assert.equal(done.resolutionSource, 'interpreter');
    assert.equal(done.request, 'Please run the smoke plan against staging, web only.');
    assert.equal(done.entries.length, 1);
    assert.equal(done.entries[0].planName, 'Smoke');
    assert.equal(done.entries[0].target.slug, 'staging');
    assert.deepEqual(done.entries[0].platforms, ['web']);
    assert.equal(done.entries[0].runStatus, 'passing');
    const ledger = await ledgerRows(t.app, done.requestId);
    assert.equal(ledger.length, 1);
    assert.equal(ledger[0].basis, 'embedded');
    assert.equal(String(ledger[0].billed_micros), '0');
  });

  it('replays a key (body or header) without interpreting, billing or queuing again; another body is 409', async () => {
    const idempotencyKey = randomUUID();
    const body = { request: 'run Smoke on local' };
    const first = await rest(t.app, t.org.apiKey, 'POST', '/api/run-requests', body, {
      'Idempotency-Key': idempotencyKey,
    });
    assert.equal(first.body.idempotencyKey, idempotencyKey);
    const done = await followRequest(t.app, t.org.apiKey, first.body.requestId);
    assert.equal(done.status, 'completed');
    const runsBefore = await runCount();

    const again = await rest(t.app, t.org.apiKey, 'POST', '/api/run-requests', { ...body, idempotencyKey });
    assert.equal(again.status, 202);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, done);
    assert.equal((await ledgerRows(t.app, done.requestId)).length, 1, 'still one ledger row');
    assert.equal(await runCount(), runsBefore, 'no new Run');

    const history = await (
      await t.app.deps.temporal()
    ).workflow
      .getHandle(`run-request-${done.requestId}`)
      .fetchHistory();
    const interpretations = history.events!.filter(
      (e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'interpretRunRequest',
    );
    assert.equal(interpretations.length, 1, 'interpreted once');

    const conflict = await rest(
      t.app,
      t.org.apiKey,
      'POST',
      '/api/run-requests',
      { request: 'run Login on local' },
      { 'Idempotency-Key': idempotencyKey },
    );
    assert.equal(conflict.status, 409);
    assert.ok(isClientError(conflict));
  });

  it('concurrent sends of one key make one request, interpreted and billed once; a racing other body is 409', async () => {
    // Its own organization: the racing sends spend run-request rate, which the other tests need.
    const org = await createOrg(t.app.deps);
    const own = { app: t.app, org };
    await environment(own, 'local', { targets: { web: { baseUrl: site.url } } });
    await rest(t.app, org.apiKey, 'POST', '/api/plans', {
      name: 'Smoke',
      steps: [{ action: 'navigate', target: '/' }],
    });
    const send = (body: Record<string, unknown>, idempotencyKey: string) =>
      rest(t.app, org.apiKey, 'POST', '/api/run-requests', body, { 'Idempotency-Key': idempotencyKey });

    const same = randomUUID();
    const replies = await Promise.all(Array.from({ length: 6 }, () => send({ request: 'run Smoke on local' }, same)));
    assert.deepEqual(
      replies.map((r) => r.status),
      Array(6).fill(202),
      JSON.stringify(replies.map((r) => r.body)),
    );
    const ids = new Set(replies.map((r) => r.body.requestId));
    assert.equal(ids.size, 1, 'one request');
    const [requestId] = ids;
    const done = await followRequest(t.app, org.apiKey, requestId);
    assert.equal(done.status, 'completed');
    assert.equal((await ledgerRows(t.app, requestId)).length, 1, 'billed once');
    const runs = await t.app.deps.db.query('SELECT COUNT(*) AS n FROM runs WHERE org_id = ?', [org.orgId]);
    assert.equal(Number(runs[0].n), 1, "one Run: the plan's inline steps, queued once");

    const raced = randomUUID();
    const mixed = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        send(i % 2 ? { planNames: ['Smoke'] } : { planNames: ['Smoke'], environmentSlugs: ['local'] }, raced),
      ),
    );
    const accepted = mixed.filter((r) => r.status === 202);
    assert.ok(accepted.length >= 1, JSON.stringify(mixed.map((r) => r.body)));
    assert.equal(new Set(accepted.map((r) => r.body.requestId)).size, 1, 'the key names one request');
    for (const refused of mixed.filter((r) => r.status !== 202)) {
      assert.equal(refused.status, 409, JSON.stringify(refused.body));
      assert.equal(refused.body.code, 'CONFLICT');
    }
    assert.equal(accepted.length, 2, 'the two sends of the winning body');
  });

  it('counts the matrix in plan × environment entries: 9 are refused with nothing queued; the Runs of a plan are one entry per environment', async () => {
    // The specification: "The plan-by-environment matrix holds at most 8 entries by default".
    const caseId = (await newCase(t, { name: 'One' })).id;
    const names: string[] = [];
    for (let i = 1; i <= 3; i++) {
      names.push(`Matrix ${i}`);
      await call(t.app, t.org.apiKey, 'test_plan.create', {
        idempotencyKey: key(),
        name: `Matrix ${i}`,
        testCaseIds: [caseId],
      });
    }
    const runsBefore = await runCount();
    const nine = await followRequest(
      t.app,
      t.org.apiKey,
      (
        await rest(t.app, t.org.apiKey, 'POST', '/api/run-requests', {
          planNames: names,
          environmentSlugs: ['local', 'staging', 'qa-3'],
        })
      ).body.requestId,
    );
    assert.equal(nine.status, 'rejected');
    assert.deepEqual(nine.entries, []);
    assert.match(
      nine.rejectionReasons.join('\n'),
      /resolves to 9 plan × environment entries \(3 plan\(s\) × 3 environment\(s\)\).*at most 8/,
    );
    assert.equal(await runCount(), runsBefore);

    // One plan of 3 member cases on 3 environments is 3 entries (9 Runs): accepted.
    const wide = await followRequest(
      t.app,
      t.org.apiKey,
      (
        await rest(t.app, t.org.apiKey, 'POST', '/api/run-requests', {
          planNames: ['Wide'],
          environmentSlugs: ['local', 'staging', 'qa-3'],
        })
      ).body.requestId,
    );
    assert.equal(wide.status, 'completed', JSON.stringify(wide.rejectionReasons));
    assert.equal(wide.entries.length, 9, 'one entry per Run of the plan on each environment');
    assert.equal(await runCount(), runsBefore + 9);
  });

  it('rejects what the organization does not have, naming it', async () => {
    const unknown = await followRequest(
      t.app,
      t.org.apiKey,
      (
        await rest(t.app, t.org.apiKey, 'POST', '/api/run-requests', {
          planNames: ['Smoke', 'Nope'],
          environmentSlugs: ['local', 'mars'],
        })
      ).body.requestId,
    );
    assert.equal(unknown.status, 'rejected');
    assert.deepEqual(unknown.rejectionReasons, ['no plan is named "Nope"', 'no environment has the slug mars']);
    assert.deepEqual(unknown.entries, []);

    const vague = await followRequest(
      t.app,
      t.org.apiKey,
      (await rest(t.app, t.org.apiKey, 'POST', '/api/run-requests', { request: 'test everything please' })).body
        .requestId,
    );
    assert.equal(vague.status, 'rejected');
    assert.match(vague.rejectionReasons[0], /names none of this organization's plans/);

    const noEnv = await followRequest(
      t.app,
      t.org.apiKey,
      (await rest(t.app, t.org.apiKey, 'POST', '/api/run-requests', { planNames: ['Smoke'] })).body.requestId,
    );
    assert.equal(noEnv.status, 'rejected');
    assert.match(noEnv.rejectionReasons[0], /names no environment and this organization has several/);
  });

  it('keeps a queueError on an entry that cannot run while the others go on', async () => {
    const other = await createOrg(t.app.deps);
    await call(t.app, other.apiKey, 'environment.upsert', {
      idempotencyKey: key(),
      slug: 'only',
      targets: { web: { baseUrl: site.url } },
    });
    await rest(t.app, other.apiKey, 'POST', '/api/plans', {
      name: 'Good',
      steps: [{ action: 'navigate', target: '/' }],
    });
    await rest(t.app, other.apiKey, 'POST', '/api/plans', {
      name: 'Broken',
      steps: [{ action: 'flow', target: 'missing-flow' }],
    });
    const done = await followRequest(
      t.app,
      other.apiKey,
      (await rest(t.app, other.apiKey, 'POST', '/api/run-requests', { request: 'Good and Broken' })).body.requestId,
    );
    assert.equal(done.status, 'completed', JSON.stringify(done));
    assert.equal(done.entries.length, 2);
    assert.equal(done.entries[0].target.slug, 'only', 'the only environment is used when none is named');
    assert.equal(done.entries[0].runStatus, 'passing');
    assert.ok(!('runId' in done.entries[1]), 'no Run: the field is omitted');
    assert.match(done.entries[1].queueError, /uses flow "missing-flow"/);
    const foreign = await rest(t.app, t.org.apiKey, 'GET', `/api/run-requests/status?id=${done.requestId}`);
    assert.equal(foreign.status, 404, 'another organization cannot read it');
  });

  it('answers every bad input with a 4xx { error }, never a 500', async () => {
    const post = (body: unknown, headers: Record<string, string> = {}, apiKey: string | null = t.org.apiKey) =>
      rest(t.app, apiKey, 'POST', '/api/run-requests', body, headers);
    const replies = [
      await post({}),
      await post({ request: '   ' }),
      await post({ planIds: [] }),
      await post({ planIds: ['tp_bad'] }),
      await post({ planNames: ['A', 'A'] }),
      await post({ request: 'x', environmentSlugs: ['Bad Slug'] }),
      await post({ request: 'x', platforms: ['desktop'] }),
      await post({ request: 'x', idempotencyKey: 'not-a-uuid' }),
      await post({ request: 'x' }, { 'Idempotency-Key': 'nope' }),
      await post({ request: 'x', idempotencyKey: randomUUID() }, { 'Idempotency-Key': randomUUID() }),
      await post({ request: 'x', colour: 'red' }),
      await post({ request: 'x'.repeat(5000) }),
      await post('[]'),
      await post('{nope'),
      await post({ request: 'x' }, {}, null),
      await rest(t.app, t.org.apiKey, 'GET', '/api/run-requests/status'),
      await rest(t.app, t.org.apiKey, 'GET', '/api/run-requests/status?id=abc'),
      await rest(t.app, t.org.apiKey, 'GET', '/api/run-requests/status?id=rr_00000000000000000000000000'),
      await rest(t.app, t.org.apiKey, 'GET', '/api/run-requests/status?id=rr_00000000000000000000000000&x=1'),
      await rest(t.app, null, 'GET', '/api/run-requests/status?id=rr_00000000000000000000000000'),
    ];
    replies.forEach((r, i) => assert.ok(isClientError(r), `#${i}: ${r.status} ${JSON.stringify(r.body)}`));
  });
});
