import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { call, createOrg, environment, key, newCase } from '../helpers/app';
import {
  assertAccessible,
  assertOnlyOrigin,
  openConsole,
  sharedChromium,
  signedIn,
  signInWithKey,
} from '../helpers/console';
import { rest } from '../helpers/rest';
import { followRun, useRunStack } from '../helpers/runs';

/** The Environment's runtime value: it must never reach the page or any request the browser makes. */
const PASSWORD = 'pw-author-7Qz9-never-shown';

/** Step `n` (1-based) of the editor: a fieldset named by its legend. */
const stepGroup = (page: Page, n: number): Locator => page.getByRole('group', { name: `Step ${n}`, exact: true });

/** Sets one step's action and target (the target's label follows the action). */
async function writeStep(page: Page, n: number, action: string, targetLabel: string, target: string) {
  const step = stepGroup(page, n);
  await step.getByLabel('Action').selectOption(action);
  await step.getByLabel(targetLabel).fill(target);
}

/** A try's step `n` in the results list. */
const tryStep = (page: Page, n: number) => page.getByRole('listitem', { name: `Step ${n} of the try` });

describe('console (issue 76, point 4): author a Test Case step by step, try it, version it, plan it', function () {
  this.timeout(600_000);
  const s = useRunStack(PASSWORD);
  let browser: Browser;
  before(async () => {
    browser = await sharedChromium();
  });

  it('writes a case with an Environment value picked by name, tries it, takes a suggestion, saves, edits, and a Run names its version', async () => {
    const { page, requests, context } = await openConsole(browser, 1440);
    // Every request body the browser sends, to look for the Environment's value in it.
    const bodies: string[] = [];
    page.on('request', (r) => bodies.push(r.postData() ?? ''));
    await signInWithKey(page, s.app.url, s.org.apiKey);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Author' }).click();
    await page.getByRole('link', { name: 'New Test Case' }).click();
    await page.getByRole('heading', { name: 'New Test Case', level: 1 }).waitFor();

    await page.getByLabel('Name', { exact: true }).fill('Sign in with the stored password');
    await writeStep(page, 1, 'navigate', 'Path (e.g. /login)', '/login');
    await page.getByRole('button', { name: 'Add a step' }).click();
    await writeStep(page, 2, 'fill', 'Field label', 'Email');
    await stepGroup(page, 2).getByLabel('Text', { exact: true }).fill('qa@example.com');
    await page.getByRole('button', { name: 'Add a step' }).click();
    await writeStep(page, 3, 'fill', 'Field label', 'Password');
    // First a literal typed where a secret belongs: the API refuses it, beside that field.
    await stepGroup(page, 3).getByLabel('Text', { exact: true }).fill('typed-by-mistake');
    await page.getByRole('button', { name: 'Add a step' }).click();
    // The control is named "Sign in" on the site: the runner will not find "Log in".
    await writeStep(page, 4, 'click', 'Control name', 'Log in');
    await stepGroup(page, 4).getByLabel('Expect text (optional)').fill('Welcome');

    await page.getByRole('button', { name: 'Try', exact: true }).click();
    await stepGroup(page, 3).getByText('looks like a credential').waitFor();
    assert.equal(await stepGroup(page, 3).getByLabel('Text', { exact: true }).getAttribute('aria-invalid'), 'true');

    // The value comes from the Environment, chosen by name: the names offered are the Environment's.
    await stepGroup(page, 3).getByLabel('Value from').selectOption('environment');
    const names = stepGroup(page, 3).getByLabel('Environment value name');
    assert.deepEqual(await names.locator('option').allTextContents(), ['Choose a name…', 'PASSWORD']);
    await names.selectOption('PASSWORD');
    await page.getByRole('button', { name: 'Try', exact: true }).click();

    // Steps appear as they finish: step 1's screenshot is there while step 4 still looks for its control.
    await page.getByRole('img', { name: 'Screenshot after step 1' }).waitFor({ timeout: 60_000 });
    assert.match((await tryStep(page, 4).locator('.badge').textContent()) ?? '', /^(pending|running)$/);
    const suggestion = page.getByRole('button', { name: "Use “Sign in” as step 4's target" });
    await suggestion.waitFor({ timeout: 60_000 });
    // Offered, never applied by itself: the draft still says "Log in" until the person clicks.
    assert.equal(await stepGroup(page, 4).getByLabel('Control name').inputValue(), 'Log in');
    await assertAccessible(page, 'a draft tried, with a suggestion');
    await page.screenshot({ path: 'docs/console/author-try.png', fullPage: true });
    await suggestion.click();
    assert.equal(await stepGroup(page, 4).getByLabel('Control name').inputValue(), 'Sign in');

    await page.getByRole('button', { name: 'Try', exact: true }).click();
    await tryStep(page, 4).getByText('passed').waitFor({ timeout: 90_000 });
    for (const n of [1, 2, 3, 4]) await page.getByRole('img', { name: `Screenshot after step ${n}` }).waitFor();
    assert.equal(s.site.passwords.at(-1), PASSWORD, 'the try signed in with the Environment value');

    // A try is a Run of no Test Case, marked as a try, in no health or insight.
    const tryRunId = (await page.getByRole('link', { name: /^run_/ }).first().textContent()) ?? '';
    const tried = await rest(s.app, s.org.apiKey, 'GET', `/api/runs/${tryRunId}`);
    assert.equal(tried.body.trigger.try, true);
    assert.equal(tried.body.testCaseId, undefined);
    const slow = await rest(s.app, s.org.apiKey, 'GET', '/api/insights/slow-steps');
    assert.equal(slow.status, 200, JSON.stringify(slow.body));
    assert.deepEqual(slow.body.items, [], 'a try counts in no insight (the suite has run nothing else yet)');

    await page.getByRole('button', { name: 'Create Test Case' }).click();
    await page.waitForURL(/\/console\/author\/tc_/);
    const testCaseId = new URL(page.url()).pathname.split('/').at(-1)!;
    const versions = page.getByRole('region', { name: 'Versions' });
    await versions.getByRole('cell', { name: 'created with 4 step(s)' }).waitFor();
    await versions.getByRole('cell', { name: `key ${s.org.keyId}` }).waitFor();
    const saved = await call(s.app, s.org.apiKey, 'test_case.get', { testCaseId });
    assert.deepEqual(saved.body.steps[2].valueSpec, { kind: 'environment', variable: 'PASSWORD' });
    assert.equal(saved.body.steps[3].target, 'Sign in');

    // Editing a saved case: the API asks for confirmation, then keeps the old version beside the new one.
    await stepGroup(page, 2).getByLabel('Text', { exact: true }).fill('qa2@example.com');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saving replaces the 4 saved step(s) with these 4.').waitFor();
    await page.getByRole('button', { name: 'Confirm and save' }).click();
    await page.getByText('Saved as a new version').waitFor();
    await versions.getByRole('cell', { name: 'step 2: value "qa@example.com" → "qa2@example.com"' }).waitFor();
    const history = await rest(s.app, s.org.apiKey, 'GET', `/api/test-cases/${testCaseId}/versions`);
    assert.equal(history.body.current, 2);
    assert.deepEqual(
      history.body.items.map((v: { version: number; changedBy: { subject: string } }) => [
        v.version,
        v.changedBy.subject,
      ]),
      [
        [2, s.org.keyId],
        [1, s.org.keyId],
      ],
    );
    await assertAccessible(page, 'a saved case with its versions');
    await page.screenshot({ path: 'docs/console/author-case.png', fullPage: true });

    // A Run of the case names the version it ran.
    const queued = await call(s.app, s.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId,
      environmentSlug: 'local',
    });
    const runId: string = queued.body.runIds[0];
    await followRun(s.app, s.org.apiKey, runId);
    await page.goto(`${s.app.url}/console/runs/${runId}`);
    await page.getByText('Ran version 2 of its Test Case.').waitFor();
    await page.getByRole('link', { name: 'version 2' }).waitFor();

    const html = await page.content();
    assert.equal(html.includes(PASSWORD), false);
    assert.equal(
      [...requests, ...bodies].some((r) => r.includes(PASSWORD)),
      false,
      'the Environment value in a request the browser made',
    );
    assertOnlyOrigin(requests, s.app.url);
    await context.close();
  });

  it('builds a Test Plan from cases in the order they are picked', async () => {
    const first = await newCase(s, { name: 'Plan member A' });
    const second = await newCase(s, { name: 'Plan member B' });
    for (const width of [375, 1440]) {
      const { page, requests, context } = await signedIn(browser, s.app.url, s.org.apiKey, width);
      await page.goto(`${s.app.url}/console/author/plan`);
      await page.getByLabel('Name', { exact: true }).fill(`Nightly ${width}`);
      await page.getByLabel('Plan member B').check();
      await page.getByLabel('Plan member A').check();
      await page.getByRole('button', { name: 'Create Test Plan' }).click();
      await page.getByText('Created with 2 case(s)').waitFor();
      await assertAccessible(page, `the plan builder at ${width} px`);
      if (width === 1440) await page.screenshot({ path: 'docs/console/author-plan.png', fullPage: true });
      const link = await page.getByRole('link', { name: `Nightly ${width}` }).getAttribute('href');
      const testPlanId = new URL(link!, s.app.url).searchParams.get('testPlanId');
      const plan = await call(s.app, s.org.apiKey, 'test_plan.get', { testPlanId });
      assert.deepEqual(
        plan.body.members.map((m: { testCaseId: string }) => m.testCaseId),
        [second.id, first.id],
      );
      // What the form does not edit (ignored regions, settings) is saved as it was.
      const clock = [{ x: 0, y: 0, width: 80, height: 20 }];
      const kept = await newCase(s, {
        name: `Kept ${width}`,
        steps: [{ action: 'click', target: 'Go', ignore: clock, config: { authProfile: 'admin' } }],
      });
      await page.goto(`${s.app.url}/console/author/${kept.id}`);
      await stepGroup(page, 1).getByLabel('Control name').fill('Go on');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('button', { name: 'Confirm and save' }).click();
      await page.getByText('Saved as a new version').waitFor();
      const resaved = await call(s.app, s.org.apiKey, 'test_case.get', { testCaseId: kept.id });
      assert.deepEqual(resaved.body.steps, [
        { action: 'click', target: 'Go on', ignore: clock, config: { authProfile: 'admin' } },
      ]);
      // A case with API steps is not offered for editing here: saving the web form would drop them.
      const api = await newCase(s, {
        name: `API ${width}`,
        platforms: ['api'],
        steps: [{ action: 'request', target: 'GET /health' }],
      });
      await page.goto(`${s.app.url}/console/author/${api.id}`);
      await page.getByText('This case has API request steps').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0);
      await page.goto(`${s.app.url}/console/author/new`);
      await page.getByRole('heading', { name: 'New Test Case' }).waitFor();
      await assertAccessible(page, `the case editor at ${width} px`);
      assertOnlyOrigin(requests, s.app.url);
      await context.close();
    }
  });

  it("never shows another organization's case, versions or Environment, by id in the URL included", async () => {
    const other = await createOrg(s.app.deps);
    await environment({ app: s.app, org: other }, 'their-env', { targets: { web: { baseUrl: s.site.url } } });
    const theirs = await newCase({ app: s.app, org: other }, { name: 'Their secret case' });
    const { page, context } = await signedIn(browser, s.app.url, s.org.apiKey);
    await page.goto(`${s.app.url}/console/author/${theirs.id}`);
    await page.getByRole('alert').getByText('Could not read the Test Case').waitFor();
    assert.equal((await page.content()).includes('Their secret case'), false);
    await page.goto(`${s.app.url}/console/author/new`);
    const slugs = await page
      .getByLabel('Environment (its value names, and where Try runs)')
      .locator('option')
      .allTextContents();
    assert.equal(
      slugs.some((o) => o.includes('their-env')),
      false,
    );
    await context.close();

    const versions = await rest(s.app, s.org.apiKey, 'GET', `/api/test-cases/${theirs.id}/versions`);
    assert.equal(versions.status, 404);
    assert.equal(versions.body.code, 'NOT_FOUND');
    const tryTheirs = await fetch(`${s.app.url}/api/runs/try`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${s.org.apiKey}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': key(),
      },
      body: JSON.stringify({ steps: [{ action: 'navigate', target: '/' }], environmentSlug: 'their-env' }),
    });
    assert.equal(tryTheirs.status, 404);
    assert.equal(((await tryTheirs.json()) as { code: string }).code, 'NOT_FOUND');
  });
});
