import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, key, newCase, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';
import { followRun } from '../helpers/runs';
import { keptLog, privateQueues, useWorkers } from '../helpers/temporal';

/** A loopback server on `host` that counts what reaches it (it must stay at zero when refused). */
async function counter(
  host: string,
  page = '<!doctype html><title>Home</title><h1>Home</h1>',
  redirects: Record<string, () => string> = {},
) {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    const to = redirects[req.url ?? ''];
    if (to) {
      res.writeHead(302, { location: to() });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The runners' egress policy, with EGRESS_PUBLIC=false and only 127.0.0.1 allowed: 127.0.0.2 (a
 * loopback address, so nothing leaves the machine even if the check failed) stands for every
 * address the operator did not allow. Refusal happens before any connection.
 */
describe('egress policy of the runners', function () {
  this.timeout(120_000);
  const t = useApp({ ...privateQueues(), EGRESS_PUBLIC: 'false', EGRESS_ALLOW: '127.0.0.1/32' });
  const workerLog = keptLog();
  useWorkers(t, {
    runnerPlatforms: ['web', 'api'],
    config: { EGRESS_PUBLIC: false, EGRESS_ALLOW: '127.0.0.1/32' },
    log: workerLog.log,
  });
  let allowed: Awaited<ReturnType<typeof counter>>;
  let refused: Awaited<ReturnType<typeof counter>>;

  before(async () => {
    refused = await counter('127.0.0.2');
    allowed = await counter(
      '127.0.0.1',
      `<!doctype html><title>Home</title><h1>Home</h1><img alt="x" src="${refused.url}/pixel.png">`,
      {
        '/hop': () => `${refused.url}/landing`,
        '/local': () => '/',
      },
    );
    t.onClose(() => allowed.close());
    t.onClose(() => refused.close());
  });

  /** Triggers a web Run of `steps` on the Environment `slug` (created with `baseUrl` when given) and follows it. */
  async function webRun(slug: string, baseUrl: string | null, steps: unknown[]) {
    if (baseUrl)
      await call(t.app, t.org.apiKey, 'environment.upsert', {
        idempotencyKey: key(),
        slug,
        targets: { web: { baseUrl } },
      });
    const testCase = await newCase(t, { name: slug, steps });
    const runId = (
      await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        environmentSlug: slug,
      })
    ).body.runIds[0];
    const { state } = await followRun(t.app, t.org.apiKey, runId);
    const evidence = (await call(t.app, t.org.apiKey, 'run.evidence', { runId })).body;
    return { status: state.status as string, step: evidence.steps[0] };
  }
  const home = (target = '/') => [{ action: 'navigate', target, expect: { text: 'Home' } }];

  it('a web Run against an address outside the policy ends unverified, diagnosis environment, in the customer’s words; nothing connects', async () => {
    const { status, step } = await webRun('outside', refused.url, home());
    assert.equal(status, 'unverified');
    assert.equal(step.diagnosis.category, 'environment');
    assert.match(step.reason, /egress policy/);
    assert.doesNotMatch(step.reason, /EGRESS_ALLOW|EGRESS_PUBLIC/, 'the reason names no runner setting');
    assert.deepEqual(refused.hits, []);
  });

  it('a page on an allowed address loads, and its subresource outside the policy is never requested', async () => {
    assert.equal((await webRun('inside', allowed.url, home())).status, 'passing');
    assert.ok(allowed.hits.includes('GET /'));
    assert.deepEqual(refused.hits, []);
  });

  // 127.0.0.2 stands for every address the operator did not allow (cloud metadata included, whose
  // refusal test/activities/egress.test.ts shows without a packet): loopback, so nothing leaves.
  it('a redirect from an allowed page to an address the operator did not allow is refused before connect: unverified, environment, in the customer’s words', async () => {
    const { status, step } = await webRun('redirecting', allowed.url, home('/hop'));
    assert.equal(status, 'unverified');
    assert.equal(step.diagnosis.category, 'environment');
    assert.match(step.reason, /egress policy/);
    assert.doesNotMatch(step.reason, /EGRESS_ALLOW|EGRESS_PUBLIC/, 'the reason names no runner setting');
    assert.doesNotMatch(step.reason, /127\.0\.0\.2/, 'not the address');
    assert.ok(allowed.hits.includes('GET /hop'), 'the allowed page was asked');
    assert.deepEqual(refused.hits, []);
  });

  it('an allowed address that refuses the connection still reads as refused, not as the egress policy', async () => {
    const closed = await counter('127.0.0.1');
    await closed.close();
    const { status, step } = await webRun('closed', closed.url, [{ action: 'navigate', target: '/' }]);
    assert.equal(status, 'unverified');
    assert.equal(step.diagnosis.category, 'environment');
    assert.match(step.reason, /connection was refused/);
  });

  it('a redirect within the allowed site is followed', async () => {
    assert.equal((await webRun('redirecting', null, home('/local'))).status, 'passing');
    assert.ok(allowed.hits.includes('GET /local') && allowed.hits.includes('GET /'));
  });

  /** Triggers an API Run of `steps` against `baseUrl` and returns its state and evidence. */
  async function apiRun(slug: string, baseUrl: string, steps: unknown[]) {
    await call(t.app, t.org.apiKey, 'environment.upsert', {
      idempotencyKey: key(),
      slug,
      targets: { api: { baseUrl } },
    });
    const plan = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: slug,
      platforms: ['api'],
      config: { fuzz: false },
      steps,
    });
    const run = await rest(t.app, t.org.apiKey, 'POST', '/api/trigger', {
      testPlanId: plan.body.testPlanId,
      environmentSlug: slug,
    });
    const runId = run.body.runId as string;
    const { state } = await followRun(t.app, t.org.apiKey, runId);
    const evidence = (await call(t.app, t.org.apiKey, 'run.evidence', { runId })).body;
    return { runId, state, evidence };
  }

  // The specification keeps runner internals out of External Evidence: no setting of the runner host.
  const internals = /EGRESS_ALLOW|EGRESS_PUBLIC|APPIUM|Appium|undici|ECONN|127\.0\.0\.2/;

  it('an API Run against an address outside the policy sends nothing, and says so in the customer’s words', async () => {
    const { runId, state, evidence } = await apiRun('outside-api', refused.url, [
      { action: 'request', target: 'GET /health' },
    ]);
    assert.equal(state.status, 'unverified');
    assert.equal(evidence.steps[0].diagnosis.category, 'environment');
    assert.match(evidence.steps[0].reason, /^Not sent: .*egress policy.* refuses this address/);
    assert.match(evidence.steps[0].diagnosis.suggestedAction, /address the runner may reach/);
    const shown = JSON.stringify([state, evidence, (await call(t.app, t.org.apiKey, 'run.get', { runId })).body]);
    assert.doesNotMatch(shown, internals);
    // The operator's detail (which rule refused which address) is in the runner's log.
    const logged = workerLog.lines.filter((line) => line.includes(runId)).join('\n');
    assert.match(logged, /127\.0\.0\.2 .*EGRESS_ALLOW/);
    assert.deepEqual(refused.hits, []);
  });

  it('an API step answered by a redirect to an address outside the policy observes the 3xx and never requests it', async () => {
    const { state, evidence } = await apiRun('redirect-api', allowed.url, [
      { action: 'request', target: 'GET /hop', config: { expectStatus: [302] } },
    ]);
    assert.equal(state.status, 'passing', JSON.stringify(evidence.steps[0]));
    assert.equal(evidence.steps[0].observed.status, 302);
    assert.ok(allowed.hits.includes('GET /hop'));
    assert.deepEqual(refused.hits, [], 'the redirect target was never requested');
  });
});
