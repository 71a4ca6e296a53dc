import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { call, environment, runNewCase } from '../helpers/app';
import { assertAccessible, launchChromium, openConsole, signInWithKey } from '../helpers/console';
import { startOrdersSite, STOCK_MS, type OrdersSite } from '../helpers/orders-site';
import { followRun, useRunStack } from '../helpers/runs';

/**
 * Issue 77, point 3: what the page did during a step is evidence a customer may see: the errors it
 * logged and threw, and its failed or slow requests (method, origin and path, status, duration;
 * never the query, headers or body); the diagnosis names them, and the Run's page shows them.
 */
describe("console (issue 77): a step's console errors and failed requests", function () {
  this.timeout(240_000);
  const s = useRunStack('facts-password');
  let site: OrdersSite;
  let browser: Browser;
  let runId: string;
  before(async () => {
    site = await startOrdersSite();
    browser = await launchChromium();
    await environment(s, 'shop', { targets: { web: { baseUrl: site.url } } });
    runId = await runNewCase(
      s,
      {
        name: 'Place an order',
        steps: [
          { action: 'navigate', target: '/' },
          { action: 'click', target: 'Place order', expect: { text: 'Order placed' } },
        ],
      },
      { environmentSlug: 'shop' },
    );
    assert.equal((await followRun(s.app, s.org.apiKey, runId)).state.status, 'failed');
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  it('gives the console error, the uncaught error and the 500 as facts, and a diagnosis naming them', async () => {
    const evidence = (await call(s.app, s.org.apiKey, 'run.evidence', { runId })).body;
    const [open, click] = evidence.steps;
    assert.equal(open.observed.requests, undefined, 'a step whose requests went well has no request facts');
    assert.equal(open.observed.consoleErrors, undefined);
    assert.deepEqual(click.observed.consoleErrors, ['Order failed with status 500']);
    assert.deepEqual(click.observed.pageErrors, ['orders: unexpected answer']);
    const orders = click.observed.requests.find((r: { url: string }) => r.url.endsWith('/api/orders'));
    assert.deepEqual(
      { ...orders, durationMs: 0 },
      {
        method: 'POST',
        url: `${site.url}/api/orders`,
        status: 500,
        durationMs: 0,
      },
    );
    assert.equal(typeof orders.durationMs, 'number');
    const stock = click.observed.requests.find((r: { url: string }) => r.url.endsWith('/api/stock'));
    assert.equal(stock?.status, 200, 'a slow request is a fact too');
    assert.ok(stock.durationMs >= STOCK_MS - 100, `${stock.durationMs} ms`);
    const text = JSON.stringify(evidence);
    assert.ok(!text.includes('SPRING-77') && !text.includes('coupon'), 'never the query');
    assert.ok(!text.includes('database unavailable') && !text.includes('"item"'), 'never a body');

    assert.match(click.reason, /The click's POST request to \/api\/orders answered 500\./);
    assert.match(evidence.diagnosis.reason, /request to \/api\/orders answered 500/);
    assert.match(evidence.diagnosis.reason, /Order failed with status 500/);
  });

  it("shows them on the step in the Run's page", async () => {
    const { page, context } = await openConsole(browser);
    try {
      await signInWithKey(page, s.app.url, s.org.apiKey);
      await page.goto(`${s.app.url}/console/runs/${runId}`);
      const facts = page.getByRole('region', { name: 'What the page did in step 2' });
      await facts.waitFor();
      const shown = await facts.innerText();
      assert.match(shown, new RegExp(`POST ${site.url}/api/orders answered 500 in \\d+ ms`));
      assert.match(shown, /Console error: Order failed with status 500/);
      assert.match(shown, /Uncaught error: orders: unexpected answer/);
      assert.match(shown, /\/api\/stock answered 200, slowly/);
      assert.equal(await page.getByRole('region', { name: 'What the page did in step 1' }).count(), 0);
      await assertAccessible(page, "a failed Run's step with page facts");
    } finally {
      await context.close();
    }
  });
});
