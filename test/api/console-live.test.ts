import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { call, environment, key, newCase } from '../helpers/app';
import { assertAccessible, assertOnlyOrigin, sharedChromium, signedIn } from '../helpers/console';
import { followRun, useRunStack } from '../helpers/runs';
import { startSite, type TestSite } from '../helpers/site';

/** How long the site's /slow page takes to answer: steps 2 and 3 run at least this long. */
const SLOW_MS = 5000;

/**
 * Issue 76, point 7: a Run's page while the Run runs. A finished step's result and screenshot are
 * on the page before the Run ends, the running step shows its elapsed time counting up, and the page
 * follows with run.get's long-poll: no reload, and no request per second.
 */
describe('console (issue 76): a Run while it runs', function () {
  this.timeout(240_000);
  const s = useRunStack('live-password');
  let browser: Browser;
  let slow: TestSite;
  before(async () => {
    browser = await sharedChromium();
    slow = await startSite('live-password', { slowMs: SLOW_MS });
    await environment(s, 'slow', { targets: { web: { baseUrl: slow.url } } });
  });
  after(async () => {
    await slow?.close();
  });

  it("shows each finished step's screenshot at once and the running step's time, one request per change", async () => {
    const testCase = await newCase(s, {
      name: 'Waits for a slow page',
      steps: [
        { action: 'navigate', target: '/' },
        { action: 'navigate', target: '/slow' },
        { action: 'navigate', target: '/slow' },
      ],
    });
    const { page, context, requests } = await signedIn(browser, s.app.url, s.org.apiKey, 1440);
    const reads: Array<{ at: number; url: string }> = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/run\.(get|evidence)$/.test(r.url())) reads.push({ at: Date.now(), url: r.url() });
    });
    let loads = 0;
    page.on('load', () => loads++);
    const triggered = await call(s.app, s.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      environmentSlug: 'slow',
    });
    const runId: string = triggered.body.runIds[0];
    await page.goto(`${s.app.url}/console/runs/${runId}`);
    const steps = page.getByRole('list', { name: 'Steps' }).locator(':scope > li');

    // Step 1's screenshot is there, drawn, while step 2 runs: the Run has not ended.
    const first = steps.nth(0).getByRole('img', { name: 'Screenshot after step 1' });
    await first.waitFor({ timeout: 90_000 });
    await first.scrollIntoViewIfNeeded();
    assert.ok(await first.evaluate((i: HTMLImageElement) => i.decode().then(() => i.naturalWidth > 0)));
    const running = steps.nth(1).locator('.elapsed');
    await running.waitFor({ timeout: 30_000 });
    const state = await call(s.app, s.org.apiKey, 'run.get', { runId });
    assert.equal(state.body.status, 'running', 'the screenshot came before the Run ended');
    assert.equal(state.body.steps[1].status, 'running');
    assert.equal(typeof state.body.steps[1].startedAt, 'number', 'run.get says when the running step began');
    assert.equal(await steps.nth(1).getAttribute('data-step-status'), 'running');
    assert.equal(await steps.nth(1).locator('.badge').textContent(), 'running');

    // Its time counts up in the page, and meanwhile the page asks nothing (one parked long-poll).
    const seconds = async () => Number((await running.textContent())?.match(/running for (\d+) s/)?.[1]);
    const before = await seconds();
    const quietFrom = Date.now();
    await page.waitForTimeout(3000); // the interval of time the test watches, not a wait for an event
    const after = await seconds();
    const quietTo = Date.now();
    assert.ok(after >= before + 2, `elapsed ${before} s then ${after} s`);
    const during = reads.filter((r) => r.at >= quietFrom && r.at <= quietTo);
    assert.ok(during.length <= 1, `reads while nothing changed: ${JSON.stringify(during)}`);
    await assertAccessible(page, 'a Run while it runs');
    await page.screenshot({ path: resolve(__dirname, '..', '..', 'docs', 'console', 'run-live.png'), fullPage: true });

    // Step 2's screenshot comes as step 2 ends, while step 3 runs (not with the end of the Run).
    const second = steps.nth(1).getByRole('img', { name: 'Screenshot after step 2' });
    await second.waitFor({ timeout: 30_000 });
    const then = await call(s.app, s.org.apiKey, 'run.get', { runId });
    assert.equal(then.body.status, 'running', 'the second screenshot came before the Run ended');
    assert.equal(then.body.steps[2].status, 'running');

    // The Run ends on the page without a reload, every step with its screenshot.
    await page.locator('p', { hasText: 'Status' }).getByText('passing', { exact: true }).waitFor({ timeout: 60_000 });
    for (const i of [0, 1, 2])
      await steps
        .nth(i)
        .getByRole('img', { name: `Screenshot after step ${i + 1}` })
        .waitFor();
    assert.equal(loads, 1, 'one page load: the page followed the Run itself');
    const { state: ended, seen } = await followRun(s.app, s.org.apiKey, runId);
    assert.equal(ended.status, 'passing');
    // One run.get per change (the cursor grew, or a 20 s wait expired), one evidence read per finished step.
    const gets = reads.filter((r) => r.url.endsWith('run.get')).length;
    const evidence = reads.filter((r) => r.url.endsWith('run.evidence')).length;
    const elapsedS = (reads.at(-1)!.at - reads[0].at) / 1000;
    assert.ok(gets <= 2 * 3 + 4 + Math.ceil(elapsedS / 20), `${gets} run.get reads over ${elapsedS} s`);
    assert.ok(gets < elapsedS, `${gets} run.get reads over ${elapsedS} s: fewer than one a second`);
    assert.ok(evidence <= 3 + 2, `${evidence} run.evidence reads for 3 steps`);
    assert.ok(seen.length > 0);
    assertOnlyOrigin(requests, s.app.url);
    await context.close();
  });
});
