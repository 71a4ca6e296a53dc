import assert from 'node:assert/strict';
import { call, newCase, useApp } from '../helpers/app';
import { assertAccessibleAt, assertOnlyOrigin, sharedChromium, signedIn } from '../helpers/console';

/** Issue 77 point 4: a Test Case's own accessibility check, seen and changed on its console page. */
describe("console: a Test Case's accessibility setting on its page", function () {
  this.timeout(120_000);
  const t = useApp();

  it('shows the setting, saves a new one through the API, and follows the plan again', async () => {
    const testCase = await newCase(t, { name: 'Checkout' });
    const browser = await sharedChromium();
    const { context, page, requests } = await signedIn(browser, t.app.url, t.org.apiKey);
    try {
      await page.goto(`${t.app.url}/console/test-cases/${testCase.id}`);
      await page.getByRole('heading', { name: 'Accessibility check', level: 2 }).waitFor();
      const said = page.getByTestId('case-accessibility');
      assert.match(await said.innerText(), /None of its own: the plan's setting applies/);

      const select = page.getByLabel("This case's check");
      await select.selectOption('report');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      await page.getByText(/^Report: axe-core checks each page/).waitFor();
      const saved = await call(t.app, t.org.apiKey, 'test_case.get', { testCaseId: testCase.id });
      assert.deepEqual(saved.body.settings, { accessibility: { mode: 'report' } }, 'the page saved it');
      await assertAccessibleAt(page, "a Test Case's page with its accessibility setting");

      await select.selectOption('plan');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(/^None of its own/).waitFor();
      const cleared = await call(t.app, t.org.apiKey, 'test_case.get', { testCaseId: testCase.id });
      assert.equal(cleared.body.settings, undefined, '"Follow the plan" removes the setting');
      assertOnlyOrigin(requests, t.app.url);
    } finally {
      await context.close();
    }
  });
});
