import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, key, newCase, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';
import { followRun } from '../helpers/runs';
import { privateQueues, useWorkers } from '../helpers/temporal';

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
  useWorkers(t, { runnerPlatforms: ['web', 'api'], config: { EGRESS_PUBLIC: false, EGRESS_ALLOW: '127.0.0.1/32' } });
  let allowed: Awaited<ReturnType<typeof counter>>;
  let refused: Awaited<ReturnType<typeof counter>>;

  before(async () => {
    refused = await counter('127.0.0.2');
    allowed = await counter(
      '127.0.0.1',
      `<!doctype html><title>Home</title><h1>Home</h1><img alt="x" src="${refused.url}/pixel.png">`,
      {
        '/hop': () => `${refused.url}/landing`,
        // Cloud metadata: refused before connect, so no packet leaves loopback.
        '/metadata': () => 'http://169.254.169.254/latest/meta-data/',
        '/local': () => '/',
      },
    );
    t.onClose(() => allowed.close());
    t.onClose(() => refused.close());
  });

  it('a web Run against an address outside the policy ends unverified, diagnosis environment, naming the rule; nothing connects', async () => {
    await call(t.app, t.org.apiKey, 'environment.upsert', {
      idempotencyKey: key(),
      slug: 'outside',
      targets: { web: { baseUrl: refused.url } },
    });
    const testCase = await newCase(t, {
      name: 'Home',
      steps: [{ action: 'navigate', target: '/', expect: { text: 'Home' } }],
    });
    const runId = (
      await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        environmentSlug: 'outside',
      })
    ).body.runIds[0];
    const { state } = await followRun(t.app, t.org.apiKey, runId);
    assert.equal(state.status, 'unverified');
    const evidence = (await call(t.app, t.org.apiKey, 'run.evidence', { runId })).body;
    assert.equal(evidence.steps[0].diagnosis.category, 'environment');
    assert.match(evidence.steps[0].reason, /egress policy/);
    assert.match(evidence.steps[0].reason, /EGRESS_ALLOW/, 'the reason names the rule');
    assert.deepEqual(refused.hits, []);
  });

  it('a page on an allowed address loads, and its subresource outside the policy is never requested', async () => {
    await call(t.app, t.org.apiKey, 'environment.upsert', {
      idempotencyKey: key(),
      slug: 'inside',
      targets: { web: { baseUrl: allowed.url } },
    });
    const testCase = await newCase(t, {
      name: 'Home',
      steps: [{ action: 'navigate', target: '/', expect: { text: 'Home' } }],
    });
    const runId = (
      await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        environmentSlug: 'inside',
      })
    ).body.runIds[0];
    assert.equal((await followRun(t.app, t.org.apiKey, runId)).state.status, 'passing');
    assert.ok(allowed.hits.includes('GET /'));
    assert.deepEqual(refused.hits, []);
  });

  for (const [path, what] of [
    ['/hop', 'a loopback address the operator did not allow'],
    ['/metadata', 'the cloud metadata address 169.254.169.254'],
  ] as const) {
    it(`a redirect from an allowed page to ${what} is refused before connect: unverified, environment, naming the rule`, async () => {
      await call(t.app, t.org.apiKey, 'environment.upsert', {
        idempotencyKey: key(),
        slug: 'redirecting',
        targets: { web: { baseUrl: allowed.url } },
      });
      const testCase = await newCase(t, {
        name: 'Redirected',
        steps: [{ action: 'navigate', target: path, expect: { text: 'Home' } }],
      });
      const runId = (
        await call(t.app, t.org.apiKey, 'run.trigger', {
          idempotencyKey: key(),
          testCaseId: testCase.id,
          environmentSlug: 'redirecting',
        })
      ).body.runIds[0];
      const { state } = await followRun(t.app, t.org.apiKey, runId);
      assert.equal(state.status, 'unverified');
      const evidence = (await call(t.app, t.org.apiKey, 'run.evidence', { runId })).body;
      assert.equal(evidence.steps[0].diagnosis.category, 'environment');
      assert.match(evidence.steps[0].reason, /egress policy/);
      assert.match(evidence.steps[0].reason, /EGRESS_ALLOW/, 'the reason names the rule');
      assert.doesNotMatch(evidence.steps[0].reason, /127\.0\.0\.2|169\.254/, 'not the address');
      assert.ok(allowed.hits.includes(`GET ${path}`), 'the allowed page was asked');
      assert.deepEqual(refused.hits, []);
    });
  }

  it('an allowed address that refuses the connection still reads as refused, not as the egress policy', async () => {
    const closed = await counter('127.0.0.1');
    await closed.close();
    await call(t.app, t.org.apiKey, 'environment.upsert', {
      idempotencyKey: key(),
      slug: 'closed',
      targets: { web: { baseUrl: closed.url } },
    });
    const testCase = await newCase(t, { name: 'Closed', steps: [{ action: 'navigate', target: '/' }] });
    const runId = (
      await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        environmentSlug: 'closed',
      })
    ).body.runIds[0];
    assert.equal((await followRun(t.app, t.org.apiKey, runId)).state.status, 'unverified');
    const evidence = (await call(t.app, t.org.apiKey, 'run.evidence', { runId })).body;
    assert.equal(evidence.steps[0].diagnosis.category, 'environment');
    assert.match(evidence.steps[0].reason, /connection was refused/);
  });

  it('a redirect within the allowed site is followed', async () => {
    const testCase = await newCase(t, {
      name: 'Local redirect',
      steps: [{ action: 'navigate', target: '/local', expect: { text: 'Home' } }],
    });
    const runId = (
      await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        environmentSlug: 'redirecting',
      })
    ).body.runIds[0];
    assert.equal((await followRun(t.app, t.org.apiKey, runId)).state.status, 'passing');
    assert.ok(allowed.hits.includes('GET /local') && allowed.hits.includes('GET /'));
  });

  it('an API Run against an address outside the policy sends nothing', async () => {
    await call(t.app, t.org.apiKey, 'environment.upsert', {
      idempotencyKey: key(),
      slug: 'outside-api',
      targets: { api: { baseUrl: refused.url } },
    });
    const plan = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: 'Outside',
      platforms: ['api'],
      config: { fuzz: false },
      steps: [{ action: 'request', target: 'GET /health' }],
    });
    const run = await rest(t.app, t.org.apiKey, 'POST', '/api/trigger', {
      testPlanId: plan.body.testPlanId,
      environmentSlug: 'outside-api',
    });
    const { state } = await followRun(t.app, t.org.apiKey, run.body.runId);
    assert.equal(state.status, 'unverified');
    const evidence = (await call(t.app, t.org.apiKey, 'run.evidence', { runId: run.body.runId })).body;
    assert.equal(evidence.steps[0].diagnosis.category, 'environment');
    assert.match(evidence.steps[0].reason, /egress policy/);
    assert.deepEqual(refused.hits, []);
  });
});
