import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { call, createOrg, environment, key, newCase, type TestOrg } from '../helpers/app';
import { assertAccessible, assertAccessibleAt, assertOnlyOrigin, sharedChromium, signedIn } from '../helpers/console';
import { rest } from '../helpers/rest';
import { followRun, useRunStack } from '../helpers/runs';
import { startShop } from '../helpers/shop-site';

/** Where the console's screenshots for docs/console.md go. */
const shot = (name: string) => resolve(__dirname, '..', '..', 'docs', 'console', `${name}.png`);

/**
 * Issue 76, points 5 and 6: a Test Case's history (a strip of its last Runs per Environment colored
 * by verdict, pass and flake rate, duration trend, the step that fails most), two Runs compared side
 * by side from a Run's page, and Insights' failures grouped by cause, against real Runs.
 *
 * The case "Continue to pay" is navigate / then click Continue. The shop site has a Continue link
 * (passes); the `local` site's home has none, so the click cannot be resolved: the step fails
 * without proving a defect, a verdict of unverified (the specification's verdicts). A case filling a
 * missing Environment value fails closed before any step (the specification's States).
 */
describe('console (issue 76): history, compare, failures grouped by cause', function () {
  this.timeout(400_000);
  const s = useRunStack('history-password');
  let browser: Browser;
  let shop: Awaited<ReturnType<typeof startShop>>;
  let other: TestOrg;
  let caseId: string;
  let missingValueCaseId: string;
  let otherCaseId: string;
  let otherRunId: string;
  const passed: string[] = [];
  const unverified: string[] = [];
  let missingValueRunId: string;

  const runOf = async (org: { apiKey: string }, testCaseId: string, environmentSlug: string) => {
    const t = await call(s.app, org.apiKey, 'run.trigger', { idempotencyKey: key(), testCaseId, environmentSlug });
    assert.equal(t.status, 200, JSON.stringify(t.body));
    const runId: string = t.body.runIds[0];
    await followRun(s.app, org.apiKey, runId);
    return runId;
  };

  before(async () => {
    browser = await sharedChromium();
    shop = await startShop();
    await environment(s, 'shop', { targets: { web: { baseUrl: shop.url } } });
    const steps = [
      { action: 'navigate', target: '/' },
      { action: 'click', target: 'Continue' },
    ];
    caseId = (await newCase(s, { name: 'Continue to pay', steps })).id;
    missingValueCaseId = (
      await newCase(s, {
        name: 'Needs a missing value',
        steps: [{ action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'NO_SUCH_VALUE' } }],
      })
    ).id;
    // Oldest first: pass, fail, pass, fail.
    passed.push(await runOf(s.org, caseId, 'shop'));
    unverified.push(await runOf(s.org, caseId, 'local'));
    passed.push(await runOf(s.org, caseId, 'shop'));
    unverified.push(await runOf(s.org, caseId, 'local'));
    missingValueRunId = await runOf(s.org, missingValueCaseId, 'local');

    other = await createOrg(s.app.deps);
    otherCaseId = (await newCase({ app: s.app, org: other }, { name: 'Secret other case', steps })).id;
    // The other organization's Run fails the same way: the same click against a site without Continue.
    await environment({ app: s.app, org: other }, 'bare', { targets: { web: { baseUrl: s.site.url } } });
    otherRunId = await runOf(other, otherCaseId, 'bare');
  });
  after(async () => {
    await shop?.close();
  });

  it('the history endpoint: last Runs per Environment with verdicts, rates, and the step that fails most', async () => {
    const history = await rest(s.app, s.org.apiKey, 'GET', `/api/test-cases/${caseId}/history`);
    assert.equal(history.status, 200, JSON.stringify(history.body));
    const byEnv = new Map<string, any>(history.body.environments.map((e: any) => [e.environmentSlug, e]));
    assert.deepEqual(
      byEnv.get('shop').runs.map((r: any) => [r.runId, r.verdict]),
      [...passed].reverse().map((id) => [id, 'passed']),
    );
    assert.deepEqual(
      byEnv.get('local').runs.map((r: any) => [r.runId, r.verdict]),
      [...unverified].reverse().map((id) => [id, 'unverified']),
    );
    assert.equal(byEnv.get('shop').passRate, 1);
    assert.equal(byEnv.get('local').passRate, 0);
    assert.ok(
      byEnv.get('shop').runs.every((r: any) => r.durationMs > 0),
      JSON.stringify(byEnv.get('shop')),
    );
    assert.deepEqual(history.body.mostFailingStep, {
      stepIndex: 1,
      action: 'click',
      target: 'Continue',
      failures: 2,
      runs: 4,
    });
    const window = await rest(s.app, s.org.apiKey, 'GET', `/api/test-cases/${caseId}/history?window=1`);
    assert.deepEqual(
      window.body.environments.map((e: any) => e.runs.length),
      [1, 1],
    );
    const tooWide = await rest(s.app, s.org.apiKey, 'GET', `/api/test-cases/${caseId}/history?window=51`);
    assert.equal(tooWide.status, 400);
    assert.equal(tooWide.body.code ?? tooWide.body.error?.code, 'INVALID_ARGUMENT', JSON.stringify(tooWide.body));
    const theirs = await rest(s.app, s.org.apiKey, 'GET', `/api/test-cases/${otherCaseId}/history`);
    assert.equal(theirs.status, 404);
    assert.equal(theirs.body.code ?? theirs.body.error?.code, 'NOT_FOUND', JSON.stringify(theirs.body));
  });

  it('the failure-causes endpoint groups the same failing step and diagnosis, counts them, lists their Runs', async () => {
    const answer = await rest(s.app, s.org.apiKey, 'GET', '/api/insights/failure-causes?days=1');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const causes: any[] = answer.body.causes;
    const click = causes.find((c) => c.testCaseId === caseId);
    assert.ok(click, JSON.stringify(causes));
    assert.equal(click.runs, 2);
    assert.equal(click.stepIndex, 1);
    assert.equal(click.action, 'click');
    assert.equal(click.target, 'Continue');
    assert.deepEqual(
      click.recentRuns.map((r: any) => r.runId),
      [...unverified].reverse(),
    );
    assert.ok(click.firstSeenAt <= click.lastSeenAt);
    const missing = causes.find((c) => c.testCaseId === missingValueCaseId);
    assert.ok(missing, JSON.stringify(causes));
    assert.equal(missing.runs, 1);
    assert.equal(missing.stepIndex, undefined, 'failed before any step');
    assert.equal(missing.diagnosis.category, 'environment');
    assert.deepEqual(
      missing.recentRuns.map((r: any) => r.runId),
      [missingValueRunId],
    );
    assert.equal(causes.length, 2, 'one cause per failing step and diagnosis, nothing of another organization');
    assert.ok(!JSON.stringify(answer.body).includes(otherRunId));
    const theirs = await rest(s.app, other.apiKey, 'GET', '/api/insights/failure-causes');
    assert.deepEqual(
      theirs.body.causes.flatMap((c: any) => c.recentRuns.map((r: any) => r.runId)),
      [otherRunId],
    );
    for (const bad of ['days=0', 'days=91', 'limit=51', 'limit=x'])
      assert.equal((await rest(s.app, s.org.apiKey, 'GET', `/api/insights/failure-causes?${bad}`)).status, 400, bad);
  });

  it("a Test Case's page shows its last Runs per Environment as a strip colored by verdict, linking each Run", async () => {
    for (const width of [1440, 375]) {
      const { page, context, requests } = await signedIn(browser, s.app.url, s.org.apiKey, width);
      await page.goto(`${s.app.url}/console/test-cases/${caseId}`);
      const strip = (env: string) => page.locator(`tr[data-environment="${env}"] .strip a`);
      await strip('shop').first().waitFor();
      const chips = async (env: string) =>
        strip(env).evaluateAll((links) =>
          links.map((a) => [a.getAttribute('href'), a.className.split(' ').find((c: string) => c.startsWith('chip-'))]),
        );
      assert.deepEqual(
        await chips('shop'),
        passed.map((id) => [`/console/runs/${id}`, 'chip-passed']),
      );
      assert.deepEqual(
        await chips('local'),
        unverified.map((id) => [`/console/runs/${id}`, 'chip-unverified']),
      );
      const colors = await strip('shop')
        .first()
        .evaluate((a) => getComputedStyle(a).backgroundColor);
      const failColor = await strip('local')
        .first()
        .evaluate((a) => getComputedStyle(a).backgroundColor);
      assert.notEqual(colors, failColor, 'a pass and an unverified Run are told apart by color');
      const shopRow = page.locator('tr[data-environment="shop"]');
      await shopRow.getByRole('cell', { name: '100%' }).first().waitFor();
      await page.locator('tr[data-environment="local"]').getByRole('cell', { name: '0%' }).first().waitFor();
      await shopRow.getByRole('img', { name: /^Durations, oldest first: / }).waitFor();
      await page.getByText(/The step that fails most: step 2, click Continue — failed in 2 of 4 Runs/).waitFor();
      await assertAccessible(page, `a Test Case's history at ${width} px`);
      if (width === 1440) {
        await page.getByRole('heading', { name: 'History' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot('test-case-history'), fullPage: true });
        await strip('local').last().click();
        await page.waitForURL(`**/console/runs/${unverified[1]}`); // the Run's page, headed by its case's name
        await page.getByRole('heading', { name: /^Run of /, level: 1 }).waitFor();
      }
      assertOnlyOrigin(requests, s.app.url);
      await context.close();
    }
  });

  it('compares a Run with the last passing Run of its case, or any other, and finds the first step where they differ', async () => {
    const { page, context, requests } = await signedIn(browser, s.app.url, s.org.apiKey, 1440);
    await page.goto(`${s.app.url}/console/runs/${unverified[1]}`);
    await page.getByRole('link', { name: 'Compare with the last passing Run of this case' }).click();
    await page.waitForURL(/\/console\/compare\?/);
    const params = new URL(page.url()).searchParams;
    assert.deepEqual([params.get('a'), params.get('b')], [passed[1], unverified[1]]);
    await page.getByText(/^First difference: step 2\. click Continue/).waitFor();
    const rows = page.getByRole('table', { name: 'Steps side by side' }).locator('tbody tr');
    assert.deepEqual(await rows.evaluateAll((trs) => trs.map((tr) => tr.classList.contains('first-difference'))), [
      false,
      true,
    ]);
    const badges = async (i: number) => rows.nth(i).locator('td .badge').allTextContents();
    assert.deepEqual(await badges(0), ['passed', 'passed']);
    assert.deepEqual(await badges(1), ['passed', 'unverified']);
    // Both Runs' screenshots of the first step, drawn from their signed links.
    const shots = rows.nth(0).getByRole('img');
    assert.equal(await shots.count(), 2);
    for (const img of await shots.all())
      assert.ok(await img.evaluate((i: HTMLImageElement) => i.decode().then(() => i.naturalWidth > 0)));
    const sides = page.getByRole('table', { name: 'The two Runs' });
    await sides.getByRole('link', { name: 'Continue to pay' }).first().waitFor();
    await sides.locator('tr[data-side="A"]').getByText('shop', { exact: true }).waitFor();
    await sides.locator('tr[data-side="B"]').getByText('local', { exact: true }).waitFor();
    await assertAccessible(page, 'two Runs compared');
    await page.screenshot({ path: shot('compare'), fullPage: true });

    // Any other Run, picked on the Run's page.
    await page.goto(`${s.app.url}/console/runs/${unverified[1]}`);
    await page.getByLabel('Compare with another Run').fill(unverified[0]);
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.waitForURL(/\/console\/compare\?/);
    await page.getByText('No step differs: the same steps with the same outcomes.').waitFor();
    await assertAccessibleAt(page, 'two Runs compared', [375]);
    assertOnlyOrigin(requests, s.app.url);
    await context.close();
  });

  it('Insights groups failures by cause, with counts and the Runs behind each linked', async () => {
    const { page, context, requests } = await signedIn(browser, s.app.url, s.org.apiKey, 1440);
    await page.goto(`${s.app.url}/console/insights`);
    const table = page.getByRole('table', { name: 'Failures grouped by cause' });
    const click = table.locator(`tr[data-cause="${caseId}:1"]`);
    await click.waitFor();
    assert.equal(await click.locator('.cause-count').textContent(), '2');
    assert.deepEqual(
      await click.locator('.cause-runs a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
      [...unverified].reverse().map((id) => `/console/runs/${id}`),
    );
    await click.getByRole('link', { name: 'Continue to pay' }).waitFor();
    const missing = table.locator(`tr[data-cause="${missingValueCaseId}:run"]`);
    assert.equal(await missing.locator('.cause-count').textContent(), '1');
    await missing.getByText('before any step').waitFor();
    assert.equal(await table.locator('tbody tr').count(), 2);
    assert.equal(await page.getByText('Secret other case').count(), 0);
    await assertAccessible(page, 'Insights with failure causes');
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('failure-causes') });
    await click.locator('.cause-runs a').first().click();
    await page.waitForURL(`**/console/runs/${unverified[1]}`); // the Run's page, headed by its case's name
    await page.getByRole('heading', { name: /^Run of /, level: 1 }).waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${s.app.url}/console/insights`);
    await table.locator('tbody tr').first().waitFor();
    await assertAccessible(page, 'Insights with failure causes at 375 px');
    assertOnlyOrigin(requests, s.app.url);
    await context.close();
  });

  it("never shows another organization's Runs or cases, by id in the URL included", async () => {
    const { page, context } = await signedIn(browser, s.app.url, s.org.apiKey, 1280);
    await page.goto(`${s.app.url}/console/compare?a=${passed[0]}&b=${otherRunId}`);
    await page
      .getByRole('alert')
      .getByText(new RegExp(`Run B \\(${otherRunId}\\)`))
      .waitFor();
    await page
      .getByRole('alert')
      .getByText(/not found/i)
      .waitFor();
    assert.equal(await page.getByRole('table', { name: 'Steps side by side' }).count(), 0);
    assert.equal(await page.getByText('Secret other case').count(), 0);
    await page.goto(`${s.app.url}/console/test-cases/${otherCaseId}`);
    await page.getByRole('alert').waitFor();
    assert.equal(await page.getByText('Secret other case').count(), 0);
    await context.close();
  });
});
