import assert from 'node:assert/strict';
import { allScopes } from '../../core/scopes';
import { orgMemberRepository } from '../../db/repositories/org-members';
import { call, createOrg, environment, key, newCase, triggerPlanOf, useApp } from '../helpers/app';
import { startIssuer, type TestIssuer } from '../helpers/oidc';
import { rest } from '../helpers/rest';
import { followRun } from '../helpers/runs';
import { startSite, type TestSite } from '../helpers/site';
import { privateQueues, startWorkers, useWorkers } from '../helpers/temporal';

const AUDIENCE = 'https://qa.test/api/mcp';
const SECRET = 'Cancel-Passphrase-77aa01';

describe('POST /api/runs/{runId}/cancel', function () {
  this.timeout(180_000);
  let issuer: TestIssuer;
  let slow: TestSite;
  before(async () => {
    issuer = await startIssuer(AUDIENCE);
  });
  const t = useApp(() => ({ ...privateQueues(), ...issuer.settings }));
  after(() => issuer?.close());
  useWorkers(t);
  const user = 'user|cancel';
  const tokenWith = (scopes: readonly string[]) => issuer.jwt({ sub: user, org: t.org.orgId, scope: scopes.join(' ') });
  before(async () => {
    await orgMemberRepository.add(t.app.deps.db.manager, t.org.orgId, user, Date.now());
    // A page that answers after 20 s keeps a Run running while the test cancels it.
    slow = await startSite(SECRET, { slowMs: 20_000 });
    t.onClose(() => slow.close());
    await environment(t, 'slow', { targets: { web: { baseUrl: slow.url } } });
  });

  const slowRun = async () => {
    const testCase = await newCase(t, { name: 'slow', steps: [{ action: 'navigate', target: '/slow' }] });
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      environmentSlug: 'slow',
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    return triggered.body.runIds[0] as string;
  };
  const cancel = (runId: string, credential: string | null, headers: Record<string, string> = {}, body: unknown = {}) =>
    rest(t.app, credential, 'POST', `/api/runs/${runId}/cancel`, body, headers);

  it('needs svc:runs:write: refused without a credential and with every other scope', async () => {
    const runId = `run_${'0'.repeat(26)}`;
    const none = await cancel(runId, null);
    assert.equal(none.status, 401);
    assert.equal(none.body.code, 'UNAUTHENTICATED');
    const others = allScopes.filter((s) => s !== 'svc:runs:write');
    const denied = await cancel(runId, await tokenWith(others));
    assert.equal(denied.status, 403, JSON.stringify(denied.body));
    assert.equal(denied.body.code, 'PERMISSION_DENIED');
    // With the scope, the request gets past access control: this Run does not exist.
    const own = await cancel(runId, await tokenWith(['svc:runs:write']));
    assert.equal(own.status, 404, JSON.stringify(own.body));
    assert.equal(own.body.code, 'NOT_FOUND');
  });

  it('cancels a running Run; the same Idempotency-Key answers the first response again', async () => {
    const runId = await slowRun();
    const idem = { 'Idempotency-Key': key() };
    const first = await cancel(runId, t.org.apiKey, idem);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.runId, runId);
    assert.ok(['queued', 'running', 'retrying'].includes(first.body.status), first.body.status);
    const { state } = await followRun(t.app, t.org.apiKey, runId);
    assert.equal(state.status, 'canceled');
    // The Run has ended since, yet a retry with the key replays the first answer.
    const again = await cancel(runId, t.org.apiKey, idem);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.deepEqual(again.body, first.body);
  });

  it('a Run that has ended keeps its outcome: FAILED_PRECONDITION (422)', async () => {
    // Ends failed at once: its step needs a runtime value the Environment lacks.
    const testCase = await newCase(t, {
      name: 'ends at once',
      steps: [{ action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'NO_SUCH_VALUE' } }],
    });
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      environmentSlug: 'slow',
    });
    const runId = triggered.body.runIds[0] as string;
    assert.equal((await followRun(t.app, t.org.apiKey, runId)).state.status, 'failed');
    const refused = await cancel(runId, t.org.apiKey, { 'Idempotency-Key': key() });
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.equal(refused.body.code, 'FAILED_PRECONDITION');
    assert.equal(typeof refused.body.error, 'string');
    assert.equal(refused.body.details.status, 'failed');
    assert.equal((await call(t.app, t.org.apiKey, 'run.get', { runId })).body.status, 'failed', 'unchanged');
  });

  it("another organization's Run is NOT_FOUND, and an unknown body field is INVALID_ARGUMENT", async () => {
    const runId = await slowRun();
    const other = await createOrg(t.app.deps);
    const foreign = await cancel(runId, other.apiKey);
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.code, 'NOT_FOUND');
    const bad = await cancel(runId, t.org.apiKey, {}, { reason: 'because' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'INVALID_ARGUMENT');
    assert.notEqual((await call(t.app, t.org.apiKey, 'run.get', { runId })).body.status, 'canceled');
    assert.equal((await cancel(runId, t.org.apiKey)).status, 200, 'the owner still can');
  });
});

describe('POST /api/runs/{runId}/cancel before the Run has a workflow', function () {
  this.timeout(120_000);
  // No workers at first: a plan group's members are recorded, but the group has not started them.
  const t = useApp(privateQueues());

  it("a plan group's member not started yet is UNAVAILABLE with Retry-After, and is canceled once started", async () => {
    await environment(t, 'unreached', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
    const member = await newCase(t, { name: 'member' });
    const triggered = await triggerPlanOf(t, [member.id], 'unreached', 'not started');
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const runId = triggered.body.runIds[0] as string;
    const early = await rest(t.app, t.org.apiKey, 'POST', `/api/runs/${runId}/cancel`, {});
    assert.equal(early.status, 503, JSON.stringify(early.body));
    assert.equal(early.body.code, 'UNAVAILABLE');
    assert.ok(Number(early.headers.get('retry-after')) > 0, 'Retry-After says when to retry');
    assert.equal((await call(t.app, t.org.apiKey, 'run.get', { runId })).body.status, 'queued', 'nothing changed');

    // The group's workflow now runs and starts its member: the retry cancels it.
    const workers = await startWorkers(t.app, { runnerPlatforms: [] });
    t.onClose(() => workers.stop());
    let answer = early;
    for (let i = 0; i < 100 && answer.status === 503; i++) {
      await new Promise((r) => setTimeout(r, 200));
      answer = await rest(t.app, t.org.apiKey, 'POST', `/api/runs/${runId}/cancel`, {});
    }
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal((await followRun(t.app, t.org.apiKey, runId)).state.status, 'canceled');
  });
});
