import assert from 'node:assert/strict';
import { loadConfig, runnerChannelProblem } from '../../core/config';
import { call, key, newCase, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';
import { followRun } from '../helpers/runs';
import { privateQueues, useWorkers } from '../helpers/temporal';

describe('the Run record: honest, and immutable once ended', function () {
  this.timeout(120_000);
  const t = useApp(privateQueues());
  // Orchestration only: Runs that reach a runner stay queued until canceled.
  useWorkers(t, { runnerPlatforms: [] });
  let planId: string;

  before(async () => {
    await call(t.app, t.org.apiKey, 'environment.upsert', {
      idempotencyKey: key(),
      slug: 'rec',
      targets: { web: { baseUrl: 'http://127.0.0.1:9/' } },
    });
    const plan = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: 'Record',
      steps: [{ action: 'navigate', target: '/' }],
    });
    planId = plan.body.testPlanId;
  });

  it('POST /api/runs/report changes a Run in progress, but refuses an ended one (FAILED_PRECONDITION)', async () => {
    const ended = (
      await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: (await newCase(t, { name: 'Ends canceled' })).id,
        environmentSlug: 'rec',
      })
    ).body.runIds[0];
    assert.equal((await rest(t.app, t.org.apiKey, 'POST', `/api/runs/${ended}/cancel`)).status, 200);
    assert.equal((await followRun(t.app, t.org.apiKey, ended)).state.status, 'canceled');
    const refused = await rest(t.app, t.org.apiKey, 'POST', '/api/runs/report', {
      runId: ended,
      stepIndex: 0,
      status: 'passed',
    });
    assert.equal(refused.status, 422);
    assert.equal(typeof refused.body.error, 'string');
    const evidence = await call(t.app, t.org.apiKey, 'run.evidence', { runId: ended });
    assert.equal(evidence.body.steps[0].status, 'skipped', 'the ended record is unchanged');

    const waiting = (
      await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: (await newCase(t, { name: 'Plain' })).id,
        environmentSlug: 'rec',
      })
    ).body.runIds[0];
    const accepted = await rest(t.app, t.org.apiKey, 'POST', '/api/runs/report', {
      runId: waiting,
      stepIndex: 0,
      status: 'pending',
    });
    assert.equal(accepted.status, 200);
    assert.deepEqual(accepted.body, { success: true });
  });

  it('records where a Run came from: resource-style trigger "resource", v1 "v1"', async () => {
    const viaResource = await rest(t.app, t.org.apiKey, 'POST', '/api/trigger', {
      testPlanId: planId,
      environmentSlug: 'rec',
    });
    assert.equal(viaResource.status, 200, JSON.stringify(viaResource.body));
    const viaV1 = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testPlanId: planId,
      environmentSlug: 'rec',
    });
    const sourceOf = async (runId: string) =>
      (await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${runId}`)).body.trigger.source;
    assert.equal(await sourceOf(viaResource.body.runId), 'resource');
    assert.equal(await sourceOf(viaV1.body.runIds[0]), 'v1');
  });

  it("GET /api/runs items carry their logs, as the specification's resource-style Run does", async () => {
    const list = await rest(t.app, t.org.apiKey, 'GET', '/api/runs?limit=5');
    assert.equal(list.status, 200);
    assert.ok(list.body.length > 0);
    for (const run of list.body) {
      assert.ok(Array.isArray(run.logs), `${run._id} has logs`);
      for (const log of run.logs) {
        assert.equal(typeof log.stepIndex, 'number');
        assert.equal(typeof log.status, 'string');
        assert.equal(typeof log.platform, 'string');
      }
    }
    assert.ok(list.body.some((r: { logs: unknown[] }) => r.logs.length > 0));
  });

  it('test_case.update_steps refuses a credential-shaped literal without advising what it does not take', async () => {
    const testCase = await newCase(t, { name: 'Sign in' });
    const steps = [{ action: 'fill', target: 'Password', valueSpec: { kind: 'literal', text: 'hunter2-hunter2' } }];
    const updated = await call(t.app, t.org.apiKey, 'test_case.update_steps', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      steps,
      confirm: true,
    });
    assert.equal(updated.status, 400);
    assert.equal(updated.body.error.code, 'INVALID_ARGUMENT');
    assert.doesNotMatch(updated.body.error.message, /relocateSecretsTo/);
    const viaRelocation = await call(t.app, t.org.apiKey, 'test_case.update_steps', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      steps,
      confirm: true,
      relocateSecretsTo: 'rec',
    });
    assert.equal(viaRelocation.status, 400, 'the operation indeed does not take it');
    const created = await call(t.app, t.org.apiKey, 'test_case.create', {
      idempotencyKey: key(),
      name: 'x',
      platforms: ['web'],
      steps,
    });
    assert.match(created.body.error.message, /relocateSecretsTo/, 'test_case.create does take it');
  });

  it('GET /api/plans answers every plan without parameters; limit (1..1000) and offset page it', async () => {
    // Issue 33: the specification's GET /api/plans takes no parameters and returns the plan records.
    for (let i = 0; i < 22; i++) {
      await rest(t.app, t.org.apiKey, 'POST', '/api/plans', { name: `Page ${i}`, steps: [{ action: 'navigate' }] });
    }
    const all = await rest(t.app, t.org.apiKey, 'GET', '/api/plans');
    assert.equal(all.body.length, 23, 'the 23 plans of this organization');
    const first = await rest(t.app, t.org.apiKey, 'GET', '/api/plans?limit=20');
    assert.equal(first.body.length, 20);
    const rest2 = await rest(t.app, t.org.apiKey, 'GET', '/api/plans?offset=20&limit=100');
    assert.equal(rest2.body.length, 3, 'after the first 20');
    assert.equal(new Set([...first.body, ...rest2.body].map((p: { _id: string }) => p._id)).size, 23);
    assert.equal((await rest(t.app, t.org.apiKey, 'GET', '/api/plans?limit=1001')).status, 400);
  });

  it('runners take runtime values only over https, loopback, or plain http the operator allowed', () => {
    const base = { DATABASE_URL: 'mysql://x@127.0.0.1/qa', SECRETS_KEY: Buffer.alloc(32, 1).toString('base64') };
    const problem = (extra: Record<string, string>) => runnerChannelProblem(loadConfig({ ...base, ...extra }));
    assert.match(
      problem({ API_INTERNAL_URL: 'http://api.internal:3000' }) ?? '',
      /plain http.*RUNNER_CHANNEL_ALLOW_HTTP/,
    );
    assert.equal(problem({ API_INTERNAL_URL: 'https://api.internal' }), null);
    assert.equal(problem({ API_INTERNAL_URL: 'http://127.0.0.1:3000' }), null);
    assert.equal(problem({ API_INTERNAL_URL: 'http://[::1]:3000' }), null);
    assert.equal(problem({ API_INTERNAL_URL: 'http://api.internal:3000', RUNNER_CHANNEL_ALLOW_HTTP: 'true' }), null);
  });
});
