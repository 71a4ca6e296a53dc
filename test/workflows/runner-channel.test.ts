import assert from 'node:assert/strict';
import { newId } from '../../core/ids';
import { call, environment, key, newCase } from '../helpers/app';
import { rest } from '../helpers/rest';
import { followRun, useRunStack } from '../helpers/runs';
import { startSite, type TestSite } from '../helpers/site';
import { useApp } from '../helpers/app';
import { privateQueues } from '../helpers/temporal';

const ENV_SECRET = 'Env-Passphrase-4c1d9e77';
const RUN_SECRET = 'Run-Scoped-Passphrase-b2a6f0';
const RUNNER_TOKEN = 'test-runner-token-0123456789';

/**
 * The runner value endpoint (the secret channel of the specification): a value only for the
 * runner's credential, only while the Run executes, only for a name its steps reference.
 */
describe('the runner value channel refuses everything but an executing Run that references the name', function () {
  this.timeout(180_000);
  const s = useRunStack(ENV_SECRET);
  let slow: TestSite;
  before(async () => {
    slow = await startSite(ENV_SECRET, { slowMs: 6000 });
    await environment(s, 'slow', { targets: { web: { baseUrl: slow.url } }, runtimeValues: { PASSWORD: ENV_SECRET } });
  });
  after(() => slow?.close());

  const ask = (runId: string, name: string, authorization?: string) =>
    rest(
      s.app,
      null,
      'POST',
      '/internal/runner/values',
      { runId, name },
      authorization ? { Authorization: authorization } : {},
    );
  const runner = `Runner ${RUNNER_TOKEN}`;

  function refused(reply: Awaited<ReturnType<typeof ask>>, status: number, code: string, ...secrets: string[]) {
    assert.equal(reply.status, status, JSON.stringify(reply.body));
    assert.equal(reply.body.error.code, code, JSON.stringify(reply.body));
    assert.equal(reply.body.value, undefined);
    for (const secret of secrets) assert.ok(!JSON.stringify(reply.body).includes(secret), 'no value in the body');
  }

  const slowSignIn = [
    { action: 'navigate', target: '/slow' },
    { action: 'navigate', target: '/login' },
    { action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'PASSWORD' } },
    { action: 'click', target: 'Sign in', expect: { text: 'Welcome' } },
  ];

  it('while the Run executes: no token, a wrong token and an unreferenced name are refused; the runner gets the value', async () => {
    const testCase = await newCase(s, { name: 'slow sign-in', steps: slowSignIn });
    // A value named on the Environment but not referenced by the steps must stay out of reach.
    await environment(s, 'slow', { runtimeValues: { OTHER: 'Other-Value-91ab' }, confirm: true });
    const trigger = await call(s.app, s.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      environmentSlug: 'slow',
    });
    assert.equal(trigger.status, 200, JSON.stringify(trigger.body));
    const [runId] = trigger.body.runIds;
    let state = (await call(s.app, s.org.apiKey, 'run.get', { runId })).body;
    while (state.status !== 'running') {
      assert.ok(['queued', 'running'].includes(state.status), state.status);
      state = (await call(s.app, s.org.apiKey, 'run.get', { runId, cursor: state.cursor, waitMs: 5000 })).body;
    }

    refused(await ask(runId, 'PASSWORD'), 401, 'UNAUTHENTICATED', ENV_SECRET);
    refused(await ask(runId, 'PASSWORD', 'Runner wrong-token-0123456789'), 401, 'UNAUTHENTICATED', ENV_SECRET);
    refused(await ask(runId, 'PASSWORD', `Bearer ${RUNNER_TOKEN}`), 401, 'UNAUTHENTICATED', ENV_SECRET);
    refused(await ask(runId, 'PASSWORD', `Bearer ${s.org.apiKey}`), 401, 'UNAUTHENTICATED', ENV_SECRET);
    refused(await ask(runId, 'OTHER', runner), 403, 'PERMISSION_DENIED', 'Other-Value-91ab');
    refused(await ask(runId, 'NEVER_DEFINED', runner), 403, 'PERMISSION_DENIED');

    const granted = await ask(runId, 'PASSWORD', runner);
    assert.equal(granted.status, 200, JSON.stringify(granted.body));
    assert.deepEqual(granted.body, { value: ENV_SECRET });
    assert.equal(granted.headers.get('cache-control'), 'no-store');

    const { state: final } = await followRun(s.app, s.org.apiKey, runId);
    assert.equal(final.status, 'passing', JSON.stringify(final));
    refused(await ask(runId, 'PASSWORD', runner), 422, 'FAILED_PRECONDITION', ENV_SECRET);
  });

  it('run-scoped targets.api.runtimeValues are used for that Run only and stored nowhere readable', async () => {
    const testCase = await newCase(s, {
      name: 'run-scoped value',
      steps: slowSignIn.slice(1),
    });
    const site = await startSite(RUN_SECRET);
    try {
      await environment(s, 'scoped', {
        targets: { web: { baseUrl: site.url } },
        runtimeValues: { PASSWORD: ENV_SECRET },
      });
      const trigger = await call(s.app, s.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        environmentSlug: 'scoped',
        targets: { api: { runtimeValues: { PASSWORD: RUN_SECRET } } },
      });
      assert.equal(trigger.status, 200, JSON.stringify(trigger.body));
      const [runId] = trigger.body.runIds;
      const { state, seen } = await followRun(s.app, s.org.apiKey, runId);
      assert.equal(state.status, 'passing', JSON.stringify(state));
      assert.deepEqual(site.passwords, [RUN_SECRET], 'the Run used its own value, not the Environment one');

      // Another Run of the same case on the same Environment uses the Environment's value again.
      const again = await call(s.app, s.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        environmentSlug: 'scoped',
      });
      const other = await followRun(s.app, s.org.apiKey, again.body.runIds[0]);
      assert.equal(other.state.status, 'failed', 'the Environment password is refused by this site');
      assert.deepEqual(site.passwords, [RUN_SECRET, ENV_SECRET]);

      const reads = await Promise.all([
        call(s.app, s.org.apiKey, 'run.evidence', { runId }),
        call(s.app, s.org.apiKey, 'run.list', {}),
        call(s.app, s.org.apiKey, 'environment.get', { slug: 'scoped' }),
        call(s.app, s.org.apiKey, 'environment.list', {}),
        rest(s.app, s.org.apiKey, 'GET', `/api/runs/${runId}`),
        rest(s.app, s.org.apiKey, 'GET', '/api/runs'),
      ]);
      for (const r of reads) assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual(reads[2].body.runtimeValueNames, ['PASSWORD']);
      const history = await (await s.app.deps.temporal()).workflow.getHandle(`run-${runId}`).fetchHistory();
      const [row] = await s.app.deps.db.query('SELECT sealed FROM run_values WHERE run_id = ?', [runId]);
      assert.ok(row, 'the value is kept for the Run, sealed');
      const everything = JSON.stringify([state, seen, reads.map((r) => r.body), history, row]);
      for (const form of [RUN_SECRET, Buffer.from(RUN_SECRET).toString('base64')])
        assert.ok(!everything.includes(form), `the run-scoped value (${form}) is in no response, history or row`);
    } finally {
      await site.close();
    }
  });
});

describe('the runner value channel gives a queued Run nothing', function () {
  // Private task queues and no workers: a triggered Run stays queued.
  const t = useApp(() => privateQueues());
  const ask = (runId: string) =>
    rest(
      t.app,
      null,
      'POST',
      '/internal/runner/values',
      { runId, name: 'PASSWORD' },
      { Authorization: `Runner ${RUNNER_TOKEN}` },
    );

  it('refuses a queued Run and a Run that does not exist with FAILED_PRECONDITION and no value', async () => {
    await environment(t, 'queued', {
      targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
      runtimeValues: { PASSWORD: ENV_SECRET },
    });
    const testCase = await newCase(t, {
      steps: [
        { action: 'navigate', target: '/login' },
        { action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'PASSWORD' } },
      ],
    });
    const trigger = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      environmentSlug: 'queued',
      targets: { api: { runtimeValues: { PASSWORD: RUN_SECRET } } },
    });
    assert.equal(trigger.status, 200, JSON.stringify(trigger.body));
    const [runId] = trigger.body.runIds;
    assert.equal((await call(t.app, t.org.apiKey, 'run.get', { runId })).body.status, 'queued');
    for (const id of [runId, newId('run')]) {
      const reply = await ask(id);
      assert.equal(reply.status, 422, JSON.stringify(reply.body));
      assert.equal(reply.body.error.code, 'FAILED_PRECONDITION');
      assert.equal(reply.body.value, undefined);
      for (const secret of [ENV_SECRET, RUN_SECRET]) assert.ok(!JSON.stringify(reply.body).includes(secret));
    }
  });

  it('gives a plan generation its Environment values only while it generates, and only to the runner', async () => {
    await environment(t, 'explored', {
      targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
      runtimeValues: { PASSWORD: ENV_SECRET },
    });
    const started = await rest(t.app, t.org.apiKey, 'POST', '/api/generate', {
      name: 'explore',
      prompt: 'customers can sign in',
      environmentSlug: 'explored',
    });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const planId: string = started.body.testPlanId;
    const askFor = (body: Record<string, unknown>, authorization = `Runner ${RUNNER_TOKEN}`) =>
      rest(t.app, null, 'POST', '/internal/runner/values', body, { Authorization: authorization });
    const given = await askFor({ planId, name: 'PASSWORD' });
    assert.equal(given.status, 200, JSON.stringify(given.body));
    assert.equal(given.body.value, ENV_SECRET);
    const check = (reply: Awaited<ReturnType<typeof askFor>>, status: number, code: string) => {
      assert.equal(reply.status, status, JSON.stringify(reply.body));
      assert.equal(reply.body.error.code, code);
      assert.ok(!JSON.stringify(reply.body).includes(ENV_SECRET));
    };
    check(await askFor({ planId, name: 'PASSWORD' }, 'Runner wrong-token'), 401, 'UNAUTHENTICATED');
    check(await askFor({ planId, name: 'OTHER' }), 404, 'NOT_FOUND');
    check(await askFor({ planId: newId('tp'), name: 'PASSWORD' }), 422, 'FAILED_PRECONDITION');
    check(await askFor({ planId, runId: newId('run'), name: 'PASSWORD' }), 400, 'INVALID_ARGUMENT');
    // A generation from words alone explores nothing: no value.
    const wordsOnly = await rest(t.app, t.org.apiKey, 'POST', '/api/generate', { name: 'w', prompt: 'open /login' });
    check(await askFor({ planId: wordsOnly.body.testPlanId, name: 'PASSWORD' }), 422, 'FAILED_PRECONDITION');
    // Once the generation has ended, nothing more.
    await t.app.deps.db.query('UPDATE plan_generations SET finished_at = 1 WHERE plan_id = ?', [planId]);
    check(await askFor({ planId, name: 'PASSWORD' }), 422, 'FAILED_PRECONDITION');
  });
});
