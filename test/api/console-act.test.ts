import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { call, environment, key, newCase } from '../helpers/app';
import { assertAccessible, assertAccessibleAt, assertOnlyOrigin, sharedChromium, signedIn } from '../helpers/console';
import { rest } from '../helpers/rest';
import { followRun, useRunStack } from '../helpers/runs';
import { startShop } from '../helpers/shop-site';

/** Steps whose second screenshot shows the shop's Pay button: moving it is a visual change. */
const TO_PAY = [
  { action: 'navigate', target: '/' },
  { action: 'click', target: 'Continue' },
];

describe("console (issue 76, points 3 and 8): run from the console, review a group's visual changes", function () {
  this.timeout(300_000);
  const s = useRunStack('console-act-password');
  let browser: Browser;
  let shop: Awaited<ReturnType<typeof startShop>>;
  before(async () => {
    browser = await sharedChromium();
    shop = await startShop();
    await environment(s, 'shop', { name: 'Shop staging', targets: { web: { baseUrl: shop.url } } });
  });
  after(async () => {
    await shop?.close();
  });

  it('runs a Test Plan from the console after a preview; a double click queues one group, as a script with one key', async () => {
    const a = await newCase(s, { name: 'Pay as a guest', steps: TO_PAY });
    const b = await newCase(s, { name: 'Pay signed in', steps: TO_PAY });
    const plan = await call(s.app, s.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Checkout plan',
      testCaseIds: [a.id, b.id],
    });
    const { page, requests, context } = await signedIn(browser, s.app.url, s.org.apiKey);
    const triggers: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/run.trigger')) triggers.push(r.postData() ?? '');
    });
    await page.getByRole('link', { name: 'Run a test' }).click();
    await page.getByLabel('a Test Plan').check();
    await page.getByRole('combobox', { name: /^Test Plan/ }).selectOption({ label: 'Checkout plan' });
    await page.getByRole('combobox', { name: /^Environment/ }).selectOption('shop');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'What this queues' });
    await preview.getByText('2 Runs of Test Plan Checkout plan against Shop staging, one per member').waitFor();
    assert.deepEqual(
      await preview.getByRole('list', { name: 'Members to run' }).getByRole('listitem').allTextContents(),
      ['Pay as a guest', 'Pay signed in'],
    );
    assert.equal(triggers.length, 0, 'nothing is queued before the confirmation');
    await assertAccessible(page, 'Run a test, previewed');
    await page.screenshot({ path: 'docs/console/run-a-test.png', fullPage: true });
    await preview.getByRole('button', { name: 'Queue 2 Runs' }).dblclick();
    await page.getByRole('status').getByRole('link', { name: 'the plan group' }).waitFor();

    // Every request the clicks sent carried one key: the API made one group.
    const keys = new Set(triggers.map((t) => JSON.parse(t).idempotencyKey));
    assert.equal(keys.size, 1, JSON.stringify(triggers));
    const groups = await rest(s.app, s.org.apiKey, 'GET', `/api/plan-groups?testPlanId=${plan.body.id}`);
    assert.equal(groups.body.length, 1, JSON.stringify(groups.body));
    // The same call a script makes, with the same key, is the same group (not a new one).
    const sent = JSON.parse(triggers[0]);
    const script = await call(s.app, s.org.apiKey, 'run.trigger', sent);
    assert.equal(script.body.planGroupRunId, groups.body[0].planGroupRunId);
    const runs = await call(s.app, s.org.apiKey, 'run.list', { testCaseId: a.id });
    assert.equal(runs.body.items.length, 1, JSON.stringify(runs.body));

    await page.getByRole('status').getByRole('link', { name: 'the plan group' }).click();
    await page.getByRole('heading', { name: 'Plan group Checkout plan' }).waitFor();
    await page.getByText(/2 members: 2 passed/).waitFor({ timeout: 120_000 });
    assertOnlyOrigin(requests, s.app.url);
    await context.close();
  });

  it('reviews every visual change of a plan group by keyboard, announced, then accepts all, with overlay and slide', async () => {
    const cases = [
      await newCase(s, { name: 'Pay by card', steps: TO_PAY }),
      await newCase(s, { name: 'Pay by invoice', steps: TO_PAY }),
    ];
    const plan = await call(s.app, s.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Pay plan',
      testCaseIds: cases.map((c) => c.id),
    });
    const runPlan = async () => {
      const t = await call(s.app, s.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testPlanId: plan.body.id,
        environmentSlug: 'shop',
      });
      for (const runId of t.body.runIds) await followRun(s.app, s.org.apiKey, runId);
      return t.body as { runIds: string[]; planGroupRunId: string };
    };
    shop.shift = 0;
    await runPlan();
    shop.shift = 40;
    const changed = await runPlan();
    shop.shift = 0;

    const { page, requests, context } = await signedIn(browser, s.app.url, s.org.apiKey);
    await page.goto(`${s.app.url}/console/plan-groups/${changed.planGroupRunId}`);
    await page.getByRole('link', { name: 'Review visual changes' }).click();
    await page.getByRole('heading', { name: 'Visual review: Pay plan' }).waitFor({ timeout: 20_000 });
    await page.getByText('2 changed steps in 2 Runs, 2 not accepted yet').waitFor();
    const title = page.getByRole('heading', { level: 2, name: /^Change \d of 2/ });
    assert.match((await title.textContent()) ?? '', /^Change 1 of 2: Pay by card, step 2/);
    await assertAccessible(page, 'visual review of a plan group');

    const region = page.getByRole('region', { name: /^Change 1 of 2/ });
    await region.focus();
    await page.keyboard.press('n');
    await page.getByRole('status').getByText('Change 2 of 2: Pay by invoice, step 2').waitFor();
    await page.keyboard.press('p');
    await page.getByRole('status').getByText('Change 1 of 2: Pay by card, step 2').waitFor();
    // The diff view: overlay (opacity) and slide (a cut), each on a range input.
    await page.getByLabel('Overlay').check();
    await page.getByLabel('Opacity of after').fill('30');
    await page.getByRole('img', { name: 'Step 2 after, at 30% opacity' }).waitFor();
    await page.getByLabel('Slide').check();
    await page.getByLabel('Position of the cut').fill('70');
    await page.getByRole('img', { name: 'Step 2 after, from 70% across' }).waitFor();
    await assertAccessible(page, 'visual review, slide');
    await page.screenshot({ path: 'docs/console/group-review.png', fullPage: true });
    await region.focus();
    await page.keyboard.press('a');
    await page.getByRole('status').getByText('Accepted Pay by card. Change 2 of 2: Pay by invoice, step 2').waitFor();
    const first = await call(s.app, s.org.apiKey, 'run.get', { runId: changed.runIds[0] });
    assert.ok(first.body.visualAcceptance, 'a from the keyboard accepted the first Run');
    const second = await call(s.app, s.org.apiKey, 'run.get', { runId: changed.runIds[1] });
    assert.equal(second.body.visualAcceptance, undefined, 'the second is not accepted yet');

    await page.getByRole('button', { name: 'Accept all (1)' }).click();
    await page.getByText('2 changed steps in 2 Runs, 0 not accepted yet').waitFor();
    for (const runId of changed.runIds) {
      const state = await call(s.app, s.org.apiKey, 'run.get', { runId });
      assert.ok(state.body.visualAcceptance, `${runId} accepted`);
    }
    // Each accept is in the audit trail: who, what, from where.
    const audit = await rest(s.app, s.org.apiKey, 'GET', '/api/audit?limit=100');
    const accepts = audit.body.items.filter((l: { action: string }) => l.action === 'runs.visual_accept');
    assert.deepEqual(accepts.map((l: { target: string }) => l.target).sort(), [...changed.runIds].sort());
    assert.ok(
      accepts.every(
        (l: { channel: string; actor: { id: string } }) =>
          l.channel === 'console' && l.actor.id === s.org.apiKey.slice(4, 20),
      ),
    );
    await assertAccessibleAt(page, 'visual review', [375]);
    assertOnlyOrigin(requests, s.app.url);
    await context.close();
  });
});
