import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, environment, key, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';
import { followRun } from '../helpers/runs';
import { privateQueues, useWorkers } from '../helpers/temporal';
import { assertAccessible, launchChromium, openConsole, signInWithKey } from '../helpers/console';

/** A shop whose Buy button may lose its name (an icon without a label after a release). */
async function startShop() {
  let named = true;
  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><title>Shop</title></head><body><main><h1>Shop</h1>${body}</main></body></html>`;
  const server: Server = createServer((req, res) => {
    const route = new URL(req.url ?? '/', 'http://x').pathname;
    if (route === '/favicon.ico') return void res.writeHead(404).end();
    res.setHeader('Content-Type', 'text/html');
    if (route === '/thanks') return void res.end(page('<p>Thanks</p>'));
    const label = named ? 'Buy now' : '<svg width="10" height="10"></svg>';
    res.end(page(`<p>One teapot</p><button onclick="location.href='/thanks'">${label}</button>`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set named(value: boolean) {
      named = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const steps = [
  { action: 'navigate', target: '/' },
  { action: 'navigate', target: '/thanks' },
];

describe('accessibility checks (issue 77 point 4): new violations against the last passing Run', function () {
  this.timeout(300_000);
  const t = useApp(() => ({ ...privateQueues(), EGRESS_ALLOW: '127.0.0.1,::1,localhost' }));
  useWorkers(t, { runnerPlatforms: ['web', 'api'] });
  let shop: Awaited<ReturnType<typeof startShop>>;

  before(async () => {
    shop = await startShop();
    t.onClose(() => shop.close());
    await environment(t, 'shop', { targets: { web: { baseUrl: shop.url } } });
  });

  const plan = async (mode: string) => {
    const created = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: `Buy (${mode})`,
      steps,
      config: { accessibility: { mode } },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.testPlanId as string;
  };
  const trigger = async (testPlanId: string, options: Record<string, unknown> = {}) => {
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      environmentSlug: 'shop',
      testPlanId,
      ...options,
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const runId = triggered.body.runIds[0] as string;
    const state = (await followRun(t.app, t.org.apiKey, runId)).state;
    const evidence = await call(t.app, t.org.apiKey, 'run.evidence', { runId });
    assert.equal(evidence.status, 200, JSON.stringify(evidence.body));
    return { runId, status: state.status as string, steps: evidence.body.steps as any[], summary: state.accessibility };
  };
  const added = (run: { steps: any[] }) =>
    run.steps.flatMap((s) =>
      (s.observed.accessibility?.findings ?? [])
        .filter((f: any) => f.new)
        .map((f: any) => [s.observed.accessibility.path, f.rule, f.impact, f.controls]),
    );

  it('an unchanged page reports none; a button that loses its name is new, and fail mode fails its step', async () => {
    shop.named = true;
    const testPlanId = await plan('fail');
    const first = await trigger(testPlanId);
    assert.equal(first.status, 'passing');
    assert.deepEqual(
      first.steps.map((s) => s.observed.accessibility?.path),
      ['/', '/thanks'],
      'each page checked once, as evidence',
    );

    const same = await trigger(testPlanId);
    assert.equal(same.status, 'passing');
    assert.deepEqual(added(same), [], 'an unchanged page reports no new violation');
    assert.equal(same.steps[0].observed.accessibility.baselineRunId, first.runId);
    // The Run-level summary (run.get): pages checked, violations by impact; new ones only with a baseline.
    assert.equal(first.summary.mode, 'fail');
    assert.equal(first.summary.pages, 2);
    assert.equal(first.summary.newViolations, undefined, 'the first Run has nothing to compare with');
    assert.equal(same.summary.baselineRunId, first.runId);
    assert.deepEqual(same.summary.newViolations, { critical: 0, serious: 0, moderate: 0, minor: 0 });

    shop.named = false;
    const regressed = await trigger(testPlanId);
    assert.deepEqual(added(regressed), [['/', 'button-name', 'critical', ['button (no name)']]]);
    assert.equal(regressed.status, 'failed');
    assert.deepEqual(
      regressed.steps.map((s) => s.status),
      ['failed', 'passed'],
    );
    assert.equal(regressed.steps[0].diagnosis.category, 'application');
    assert.doesNotMatch(JSON.stringify(regressed.steps), /<button|<svg|onclick/, 'never HTML');
    assert.equal(regressed.summary.pages, 2);
    assert.equal(regressed.summary.violations.critical, same.summary.violations.critical + 1);
    assert.deepEqual(regressed.summary.newViolations, { critical: 1, serious: 0, moderate: 0, minor: 0 });

    // The Run's page shows the new finding on the step that reached the page.
    const browser = await launchChromium();
    try {
      const { page } = await openConsole(browser);
      await signInWithKey(page, t.app.url, t.org.apiKey);
      await page.goto(`${t.app.url}/console/runs/${regressed.runId}`);
      const region = page.getByRole('region', { name: 'Accessibility of the page of step 1' });
      await region.waitFor();
      assert.match(await region.innerText(), /New: button-name \(critical\), 1 element: button \(no name\)/);
      assert.match(await region.innerText(), new RegExp(`compared with Run ${same.runId}`));
      assert.match(
        await page.getByTestId('accessibility-summary').innerText(),
        /2 pages checked, violations .*1 critical.*; new since the last passing Run: 1 critical\./,
      );
      // The network log beside the trace (both organization API keys only).
      const har = page.getByRole('link', { name: 'Download network log (HAR)' });
      assert.equal(await har.getAttribute('href'), `/api/runs/${regressed.runId}/har`);
      await assertAccessible(page, "a Run's page with accessibility findings");
    } finally {
      await browser.close();
    }
  });

  it('report mode records the new violation and keeps the verdict; off checks nothing', async () => {
    shop.named = true;
    const testPlanId = await plan('report');
    assert.equal((await trigger(testPlanId)).status, 'passing');
    shop.named = false;
    const regressed = await trigger(testPlanId);
    assert.equal(regressed.status, 'passing');
    assert.deepEqual(added(regressed), [['/', 'button-name', 'critical', ['button (no name)']]]);

    const offPlan = await plan('off');
    const off = await trigger(offPlan);
    assert.ok(off.steps.every((s) => s.observed.accessibility === undefined));
    assert.equal(off.summary, undefined, 'a Run that checks nothing has no summary');

    // The trigger's own setting overrides the plan's.
    const asked = await trigger(offPlan, { accessibility: { mode: 'report' } });
    assert.equal(asked.status, 'passing');
    assert.deepEqual(
      asked.steps.map((s) => s.observed.accessibility?.path),
      ['/', '/thanks'],
    );
    assert.equal(asked.summary.mode, 'report');
    assert.ok(asked.summary.violations.critical >= 1, JSON.stringify(asked.summary));
  });
});
