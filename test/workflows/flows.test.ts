import assert from 'node:assert/strict';
import { call, createOrg, key, startApp, type TestApp } from '../helpers/app';
import { rest } from '../helpers/rest';
import { startSite, type TestSite } from '../helpers/site';
import { privateQueues, startWorkers } from '../helpers/temporal';
import { followRun } from '../helpers/follow';

const SECRET = 'Flow-Passphrase-31c7a9';

describe('plans with inline steps and flows, run on Temporal', function () {
  this.timeout(120_000);
  let app: TestApp;
  let site: TestSite;
  let workers: { stop(): Promise<void> };
  let org: { apiKey: string };

  before(async () => {
    app = await startApp(privateQueues());
    site = await startSite(SECRET);
    workers = await startWorkers(app);
    org = await createOrg(app.deps);
    await call(app, org.apiKey, 'environment.upsert', {
      idempotencyKey: key(), slug: 'local', targets: { web: { baseUrl: site.url } }, runtimeValues: { PASSWORD: SECRET },
    });
  });
  after(async () => {
    await workers?.stop();
    await site?.close();
    await app?.close();
  });

  it('expands a saved flow into the Run\'s steps, which pass against the site', async () => {
    await rest(app, org.apiKey, 'PUT', '/api/flows/sign-in', {
      name: 'Sign in', steps: [
        { action: 'navigate', target: '/login' },
        { action: 'fill', target: 'Email' },
        { action: 'fill', target: 'Password', value: '{{env.PASSWORD}}' },
      ],
    });
    const plan = await rest(app, org.apiKey, 'POST', '/api/plans', {
      name: 'Sign in through a flow', steps: [{ action: 'flow', target: 'sign-in' }, { action: 'click', target: 'Sign in' }],
    });
    const triggered = await rest(app, org.apiKey, 'POST', '/api/trigger', { testPlanId: plan.body.testPlanId, environmentSlug: 'local' });
    assert.equal(triggered.status, 200);
    assert.equal(triggered.body.status, 'queued');
    const { state } = await followRun(app, org.apiKey, triggered.body.runId);
    assert.equal(state.status, 'passing');
    assert.equal(state.testCaseId, null);
    assert.equal(state.testPlanId, plan.body.testPlanId);
    assert.deepEqual(state.steps.map((s: { action: string; target?: string }) => `${s.action} ${s.target ?? ''}`.trim()),
      ['navigate /login', 'fill Email', 'fill Password', 'click Sign in']);
    assert.ok(site.passwords.includes(SECRET), 'the flow\'s {{env.PASSWORD}} reached the form');
  });
});
