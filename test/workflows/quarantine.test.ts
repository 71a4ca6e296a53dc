import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseJunit } from 'junit2json';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnTypeScript } from '../../scripts/lib/node-children';
import { call, environment, key, newCase, useApp } from '../helpers/app';
import { lateButton } from '../helpers/late-button';
import { rest } from '../helpers/rest';
import { followRun } from '../helpers/runs';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { registerWebhook, verifyWebhook } from '../helpers/webhooks';
import { privateQueues, useWorkers } from '../helpers/temporal';

/**
 * The checkout page in three moods: `pass` (the button is there), `flaky` (the button appears
 * seconds into the click step looking for it, lateButton: the click recovers, a flaky pass, as in
 * the outcome table) and `fail` (the page says it is out of order: the click's expectation is
 * disproven).
 */
async function startCheckout() {
  let mode: 'pass' | 'flaky' | 'fail' = 'pass';
  const page = (body: string) => `<!doctype html><html><head><title>Shop</title></head><body>${body}</body></html>`;
  const server: Server = createServer((req, res) => {
    const route = new URL(req.url ?? '/', 'http://x').pathname;
    if (route === '/favicon.ico') return void res.writeHead(404).end();
    res.setHeader('Content-Type', 'text/html');
    if (route === '/home') return void res.end(page('<h1>Home</h1>'));
    if (mode === 'fail') return void res.end(page('<h1>Out of order</h1><button>Go</button>'));
    if (mode === 'flaky') return void res.end(page(`<h1>All good</h1>${lateButton('Go')}`));
    res.end(page('<h1>All good</h1><button>Go</button>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set mode(next: typeof mode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const EXIT = { passed: 0, failed: 1 };

describe('quarantine: flaky cases by policy and by hand', function () {
  this.timeout(300_000);
  const t = useApp(() => ({
    ...privateQueues(),
    EGRESS_ALLOW: '127.0.0.1,::1,localhost',
    WEBHOOK_RETRY_SCHEDULE: '0,1,1',
  }));
  useWorkers(t, { runnerPlatforms: ['web'] });
  let site: Awaited<ReturnType<typeof startCheckout>>;
  let receiver: Receiver;
  let hookSecret = '';
  let checkoutId = '';
  let homeId = '';
  let testPlanId = '';

  before(async () => {
    site = await startCheckout();
    t.onClose(() => site.close());
    receiver = await startReceiver();
    t.onClose(() => receiver.close());
    hookSecret = (await registerWebhook(t, receiver, '/q', ['test_case.quarantined', 'test_case.released'])).secret;
    await environment(t, 'shop', { targets: { web: { baseUrl: site.url } } });
    checkoutId = (
      await newCase(t, {
        name: 'Checkout',
        steps: [
          { action: 'navigate', target: '/' },
          { action: 'click', target: 'Go', expect: { text: 'All good' } },
        ],
      })
    ).id;
    homeId = (await newCase(t, { name: 'Home', steps: [{ action: 'navigate', target: '/home' }] })).id;
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Shop',
      testCaseIds: [checkoutId, homeId],
    });
    testPlanId = plan.body.id;
  });

  const runCase = async (testCaseId: string) => {
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId,
      environmentSlug: 'shop',
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    return (await followRun(t.app, t.org.apiKey, triggered.body.runIds[0])).state;
  };
  const quarantineOf = async (testCaseId: string) =>
    (await rest(t.app, t.org.apiKey, 'GET', `/api/test-cases/${testCaseId}/health`)).body.quarantine;
  // In the order they happened: each delivery is a workflow of its own, so a loaded host may deliver them out of order.
  const events = () =>
    receiver.received
      .filter((r) => r.path === '/q')
      .map((r) => verifyWebhook(hookSecret, r))
      .sort((a, b) => a.timestamp.localeCompare(b.timestamp));

  it('the policy quarantines a case after 3 flaky passes; its failure then gates nothing; clean passes release it', async () => {
    const policy = await rest(t.app, t.org.apiKey, 'PUT', '/api/quarantine-policy', {
      enabled: true,
      flakyPasses: 3,
      window: 20,
      releaseAfterCleanPasses: 2,
    });
    assert.equal(policy.status, 200, JSON.stringify(policy.body));

    site.mode = 'flaky';
    const flaky = await Promise.all([runCase(checkoutId), runCase(checkoutId), runCase(checkoutId)]);
    assert.deepEqual(
      flaky.map((s) => [s.status, s.flaky]),
      [
        ['passing', true],
        ['passing', true],
        ['passing', true],
      ],
    );
    const [quarantined] = await receiver.waitFor('/q', 1);
    const q = verifyWebhook(hookSecret, quarantined);
    assert.equal(q.type, 'test_case.quarantined');
    assert.equal(q.data.testCaseId, checkoutId);
    assert.equal(q.data.source, 'policy');
    assert.match(q.data.reason, /3 flaky passes within the last 20 Runs/);
    const state = await quarantineOf(checkoutId);
    assert.equal(state.quarantined, true);
    assert.equal(state.source, 'policy');

    // Now it fails: the plan group and qa pass, the case reported as quarantined.
    site.mode = 'fail';
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-quarantine-'));
    const junit = path.join(dir, 'junit.xml');
    const qa = spawnTypeScript('cli/src/qa.ts', {
      args: ['run', '--plan', testPlanId, '--env', 'shop', '--wait', '--junit', junit],
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { QA_API_URL: t.app.url, QA_API_KEY: t.org.apiKey, CI: 'true', GITHUB_ACTIONS: '', GITLAB_CI: '' },
    });
    let out = '';
    qa.stdout!.on('data', (c) => (out += c));
    qa.stderr!.on('data', (c) => (out += c));
    const code = await new Promise<number | null>((resolve) => qa.on('close', resolve));
    assert.equal(code, EXIT.passed, out);
    assert.match(out, /Quarantined: Checkout \(flake rate \d+%\): quarantine policy/, out);
    const suite = (await parseJunit(fs.readFileSync(junit, 'utf8'))) as any;
    const checkout = suite.testcase.find((c: { name: string }) => c.name === 'Checkout');
    assert.ok(checkout.skipped, JSON.stringify(checkout));
    assert.match(JSON.stringify(checkout.skipped), /quarantined: quarantine policy/);
    assert.equal(suite.failures, 0);
    const groupId = /plan-groups\/(pgr_[0-9a-z]+)/.exec(out)?.[1];
    assert.ok(groupId, out);
    const group = (await rest(t.app, t.org.apiKey, 'GET', `/api/plan-groups/${groupId}`)).body;
    const member = group.members.find((m: { testCaseId?: string }) => m.testCaseId === checkoutId);
    assert.equal(member.status, 'failed', `the Run keeps its real verdict: ${JSON.stringify(member)}`);
    assert.equal(member.quarantined, true);
    assert.equal(group.summary.quarantined, 1);
    assert.equal(group.summary.failed, 1);
    // The group's report page: passing, the quarantined member marked.
    const page = await (await fetch(group.reportUrl)).text();
    assert.match(
      page,
      /class="banner [a-z]+" role="status">Passed: 1 passed, 1 failed, 0 inconclusive \(1 quarantined, not counted\)/,
    );
    assert.match(page, /Quarantined: does not count/);
    const run = await call(t.app, t.org.apiKey, 'run.get', { runId: member.runId });
    assert.equal(run.body.quarantined, true);

    // Two clean passes in a row release it.
    site.mode = 'pass';
    for (let i = 0; i < 2; i++) assert.equal((await runCase(checkoutId)).status, 'passing');
    await receiver.waitFor('/q', 2);
    const released = events()[1];
    assert.equal(released.type, 'test_case.released');
    assert.equal(released.data.testCaseId, checkoutId);
    assert.equal((await quarantineOf(checkoutId)).quarantined, false);
    // Released: its next failure gates again.
    site.mode = 'fail';
    assert.equal((await runCase(checkoutId)).status, 'failed');
    assert.equal((await quarantineOf(checkoutId)).quarantined, false, 'a failure is not a flaky pass');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('by hand: a reason, who and when; quarantining twice keeps the first; the policy never releases it', async () => {
    const before = events().length;
    const put = await rest(t.app, t.org.apiKey, 'POST', `/api/test-cases/${homeId}/quarantine`, {
      reason: 'the home page is being redesigned',
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal(put.body.quarantined, true);
    assert.equal(put.body.source, 'manual');
    assert.equal(put.body.reason, 'the home page is being redesigned');
    assert.equal(put.body.by, t.org.keyId, 'the API key that did it');
    assert.equal(typeof put.body.since, 'number');
    const again = await rest(t.app, t.org.apiKey, 'POST', `/api/test-cases/${homeId}/quarantine`, { reason: 'other' });
    assert.equal(again.body.reason, 'the home page is being redesigned');
    for (let i = 0; i < 2; i++) assert.equal((await runCase(homeId)).status, 'passing');
    assert.equal((await quarantineOf(homeId)).quarantined, true, 'clean passes release only what the policy made');
    const released = await rest(t.app, t.org.apiKey, 'DELETE', `/api/test-cases/${homeId}/quarantine`);
    assert.equal(released.status, 200);
    assert.equal(released.body.quarantined, false);
    await receiver.waitFor('/q', before + 2);
    assert.deepEqual(
      events()
        .slice(before)
        .map((e) => [e.type, e.data.testCaseId, e.data.source]),
      [
        ['test_case.quarantined', homeId, 'manual'],
        ['test_case.released', homeId, 'manual'],
      ],
    );
    // Releasing a case that is not in quarantine changes nothing and announces nothing.
    const noop = await rest(t.app, t.org.apiKey, 'DELETE', `/api/test-cases/${homeId}/quarantine`);
    assert.equal(noop.status, 200);
    assert.equal(noop.body.quarantined, false);
    await rest(t.app, t.org.apiKey, 'POST', `/api/test-cases/${homeId}/quarantine`, { reason: 'again' });
    await receiver.waitFor('/q', before + 3);
    await new Promise((r) => setTimeout(r, 1_000));
    assert.deepEqual(
      events()
        .slice(before)
        .map((e) => e.type)
        .sort(),
      ['test_case.quarantined', 'test_case.quarantined', 'test_case.released'],
    );
    const bad = await rest(t.app, t.org.apiKey, 'POST', `/api/test-cases/${homeId}/quarantine`, { reason: '' });
    assert.equal(bad.status, 400);
  });
});
