import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { key, useApp, type TestOrg } from '../helpers/app';
import { assertAccessible, assertOnlyOrigin, sharedChromium, signedIn } from '../helpers/console';
import { rest } from '../helpers/rest';
import { insertRun } from '../helpers/run-rows';
import { seedFindWorld } from '../helpers/find-runs';
import { issueApiKey } from '../../domain/organizations';

const screenshots = path.resolve(__dirname, '../../docs/console');

/**
 * Issue 76, points 1 and 2 in a real browser: Runs, cases, plans and keys by name with their ids
 * copyable; every filter in the address (a link is a shareable view), the total of a filter, free
 * text, paging, the CSV export, saved views per member; never another organization's Runs.
 */
describe('console: finding Runs by name (issue 76)', function () {
  this.timeout(120_000);
  const t = useApp();
  let browser: Browser;
  let other: TestOrg;
  let second: { apiKey: string };
  const ids: Record<string, string> = {};
  let checkout: string;
  let theirCase: string;

  before(async () => {
    browser = await sharedChromium();
    const db = t.app.deps.db.manager;
    const orgId = t.org.orgId;
    const world = await seedFindWorld(t);
    const { login, at } = world;
    ({ checkout, other, theirCase } = world);
    ids.theirs = world.theirRun;
    ids.passed = await insertRun(db, { orgId, createdAt: at(5), testCaseId: checkout, environmentSlug: 'staging' });
    ids.failed = await insertRun(db, {
      orgId,
      createdAt: at(4),
      status: 'failed',
      testCaseId: checkout,
      environmentSlug: 'staging',
      branch: 'feature/pay',
      trigger: { deployment: { commitSha: 'bbbb2222cccc3333' } },
    });
    ids.canceled = await insertRun(db, {
      orgId,
      createdAt: at(3),
      status: 'canceled',
      testCaseId: login,
      environmentSlug: 'prod',
    });
    ids.unverified = await insertRun(db, {
      orgId,
      createdAt: at(2),
      status: 'unverified',
      testCaseId: login,
      environmentSlug: 'staging',
      trigger: { source: 'mcp' },
    });
    ids.invalid = await insertRun(db, {
      orgId,
      createdAt: at(1),
      status: 'invalid',
      testCaseId: checkout,
      environmentSlug: 'prod',
    });
    // 60 older passing Runs of one case on prod: more than a page (50).
    for (let i = 0; i < 60; i++)
      await insertRun(db, { orgId, createdAt: at(10) - i * 60_000, testCaseId: login, environmentSlug: 'prod' });
    second = await issueApiKey(db, orgId, Date.now(), { name: 'second member' });
  });

  const rowOf = (page: Page, runId: string) => page.locator(`tr[data-run-id="${runId}"]`);
  const shownRuns = (page: Page) =>
    page.locator('tbody tr[data-run-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-run-id')));

  it('filters by name from the form, keeps every filter in the address, and counts the matches', async () => {
    const { page, requests, context } = await signedIn(browser, t.app.url, t.org.apiKey, 1440);
    const filters = page.getByRole('form', { name: 'Filter Runs' });
    await filters.getByRole('combobox', { name: 'Test Case' }).selectOption({ label: 'Checkout works' });
    await filters.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'staging' });
    await filters.getByRole('combobox', { name: 'Verdict' }).selectOption('failed');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('1 Run matches').waitFor();
    const url = new URL(page.url());
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      testCaseId: checkout,
      environmentSlug: 'staging',
      verdict: 'failed',
    });
    assert.deepEqual(await shownRuns(page), [ids.failed]);
    // Named by its Test Case, linked to the Run; the id beside it to copy, not the label.
    const row = rowOf(page, ids.failed);
    await row.getByRole('link', { name: 'Checkout works', exact: true }).waitFor();
    assert.equal(await row.getByRole('link', { name: ids.failed }).count(), 0, 'the id is not a label');
    await row.getByRole('button', { name: `Copy the Run id ${ids.failed}` }).waitFor();
    await row.getByText('bbbb2222', { exact: true }).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'runs-find.png'), fullPage: true });
    await assertAccessible(page, 'the Runs list filtered');

    // Reloaded, the same filters and the same Runs: the address is the whole view.
    await page.reload();
    await page.getByText('1 Run matches').waitFor();
    assert.equal(await filters.getByRole('combobox', { name: 'Verdict' }).inputValue(), 'failed');
    assert.deepEqual(await shownRuns(page), [ids.failed]);

    // The link shared with another member of the organization shows them the same Runs.
    const shared = await signedIn(browser, t.app.url, second.apiKey, 375);
    await shared.page.goto(url.toString());
    await shared.page.getByText('1 Run matches').waitFor();
    assert.deepEqual(await shownRuns(shared.page), [ids.failed]);
    await assertAccessible(shared.page, 'the Runs list filtered, at 375 px');
    assertOnlyOrigin(shared.requests, t.app.url);
    await shared.context.close();
    assertOnlyOrigin(requests, t.app.url);
    await context.close();
  });

  it('counts a verdict as the specification maps statuses, searches names, and pages with the total', async () => {
    const { page, requests, context } = await signedIn(browser, t.app.url, t.org.apiKey, 1440);
    // The specification's table: canceled and invalid Runs have the verdict unverified.
    await page.goto(`${t.app.url}/console/runs?verdict=unverified`);
    await page.getByText('3 Runs match').waitFor();
    assert.deepEqual((await shownRuns(page)).sort(), [ids.canceled, ids.unverified, ids.invalid].sort());

    await page.goto(`${t.app.url}/console/runs`);
    await page.getByRole('searchbox', { name: 'Search names' }).fill('checkout');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('3 Runs match').waitFor();
    assert.equal(new URL(page.url()).searchParams.get('q'), 'checkout');
    assert.deepEqual((await shownRuns(page)).sort(), [ids.passed, ids.failed, ids.invalid].sort());
    await page.goto(`${t.app.url}/console/runs?q=${encodeURIComponent('Staging EU')}`);
    await page.getByText('3 Runs match').waitFor();

    // 61 Runs on prod in all (the 60 older ones, the invalid one, the canceled one): two pages of 50.
    await page.goto(`${t.app.url}/console/runs?environmentSlug=prod`);
    await page.getByText('62 Runs match').waitFor();
    assert.equal((await shownRuns(page)).length, 50);
    await page.getByRole('link', { name: 'Older Runs' }).click();
    await page.waitForURL((u) => u.searchParams.has('cursor'));
    await page.getByText('62 Runs match').waitFor();
    await page.locator('tbody tr[data-run-id]').first().waitFor();
    assert.equal((await shownRuns(page)).length, 12);
    assert.equal(new URL(page.url()).searchParams.get('environmentSlug'), 'prod');
    await assertAccessible(page, 'a later page of Runs');
    assertOnlyOrigin(requests, t.app.url);
    await context.close();
  });

  it('exports the filtered list as CSV from the page, with names, verdicts, durations and links', async () => {
    const { page, requests, context } = await signedIn(browser, t.app.url, t.org.apiKey, 1440);
    await page.goto(`${t.app.url}/console/runs?testCaseId=${checkout}&environmentSlug=staging`);
    await page.getByText('2 Runs match').waitFor();
    const link = page.getByRole('link', { name: 'Export CSV' });
    assert.equal(
      await link.getAttribute('href'),
      `/api/runs.csv?testCaseId=${checkout}&environmentSlug=staging`,
      'the same filters as the page',
    );
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    assert.equal(
      lines[0],
      'Run,Link,Status,Verdict,Test Case,Test Plan,Environment,Source,Branch,Commit,Created (UTC),Duration (ms)',
    );
    assert.deepEqual(
      lines.slice(1).map((l) => l.split(',').slice(0, 5)),
      [ids.failed, ids.passed].map((id, i) => [
        id,
        `${t.app.url}/console/runs/${id}`,
        i === 0 ? 'failed' : 'passing',
        i === 0 ? 'failed' : 'passed',
        'Checkout works',
      ]),
    );
    assertOnlyOrigin(requests, t.app.url);
    await context.close();
  });

  it('keeps saved views per member: saved and opened by one, never seen by another member or organization', async () => {
    const { page, requests, context } = await signedIn(browser, t.app.url, t.org.apiKey, 1440);
    await page.goto(`${t.app.url}/console/runs?verdict=failed&environmentSlug=staging`);
    await page.getByText('1 Run matches').waitFor();
    await page.getByRole('textbox', { name: 'View name' }).fill('Failing on staging');
    await page.getByRole('button', { name: 'Save view' }).click();
    const saved = page.getByRole('region', { name: 'Saved views' }).getByRole('link', { name: 'Failing on staging' });
    await saved.waitFor();
    await page.goto(`${t.app.url}/console/runs`);
    await saved.click();
    await page.getByText('1 Run matches').waitFor();
    assert.deepEqual(await shownRuns(page), [ids.failed]);
    await assertAccessible(page, 'the Runs list with a saved view');

    for (const apiKey of [second.apiKey, other.apiKey]) {
      const someoneElse = await signedIn(browser, t.app.url, apiKey, 1440);
      await someoneElse.page.getByText('None yet: set filters, then save them under a name.').waitFor();
      assert.equal(await someoneElse.page.getByRole('link', { name: 'Failing on staging' }).count(), 0);
      await someoneElse.context.close();
    }
    await page.getByRole('button', { name: 'Delete the view Failing on staging' }).click();
    await page.getByText('None yet: set filters, then save them under a name.').waitFor();
    assertOnlyOrigin(requests, t.app.url);
    await context.close();
  });

  it("never lists another organization's Runs, even with their ids in the address", async () => {
    const { page, requests, context } = await signedIn(browser, t.app.url, t.org.apiKey, 1440);
    for (const query of [`testCaseId=${theirCase}`, `q=${ids.theirs}`, `q=checkout&verdict=failed`]) {
      await page.goto(`${t.app.url}/console/runs?${query}`);
      await page.getByText(query.startsWith('q=checkout') ? '1 Run matches' : '0 Runs match').waitFor();
      assert.equal(await rowOf(page, ids.theirs).count(), 0, query);
      assert.equal(await page.getByText(ids.theirs).count(), 0, query);
    }
    await page.goto(`${t.app.url}/console/runs?testCaseId=${theirCase}`);
    await page.getByText('No Runs match.').waitFor();
    await assertAccessible(page, 'the Runs list of an unknown case');
    assertOnlyOrigin(requests, t.app.url);
    await context.close();
  });

  it('names who did something: the signed-in key, and the key that quarantined a case', async () => {
    const named = await issueApiKey(t.app.deps.db.manager, t.org.orgId, Date.now(), { name: 'CI pipeline' });
    const quarantined = await rest(
      t.app,
      named.apiKey,
      'POST',
      `/api/test-cases/${checkout}/quarantine`,
      { reason: 'flaky on staging' },
      { 'Idempotency-Key': key() },
    );
    assert.equal(quarantined.status, 200, JSON.stringify(quarantined.body));
    const { page, requests, context } = await signedIn(browser, t.app.url, second.apiKey, 375);
    await page.getByText('key second member ·').waitFor();
    await page.goto(`${t.app.url}/console/test-cases/${checkout}`);
    await page.getByRole('heading', { name: 'Checkout works', level: 1 }).waitFor();
    await page.getByText(/by key CI pipeline: flaky on staging/).waitFor();
    assert.equal(await page.getByText(named.keyId).count(), 0, 'the key by its name, not its id');
    await page.getByRole('button', { name: `Copy the Test Case id ${checkout}` }).waitFor();
    await assertAccessible(page, 'a Test Case quarantined by a named key, at 375 px');

    await page.goto(`${t.app.url}/console/runs/${ids.failed}`);
    await page.getByRole('heading', { name: 'Run of Checkout works', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Checkout works', exact: true }).waitFor();
    await page.getByRole('button', { name: `Copy the Run id ${ids.failed}` }).waitFor();
    await assertAccessible(page, 'a Run named by its case, at 375 px');
    assertOnlyOrigin(requests, t.app.url);
    await context.close();
  });
});
