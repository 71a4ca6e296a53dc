import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { call, environment, key, newCase, triggerPlanOf } from '../helpers/app';
import { assertAccessible, assertOnlyOrigin, sharedChromium, signedIn } from '../helpers/console';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { startShop } from '../helpers/shop-site';
import { rest } from '../helpers/rest';
import { followRun, useRunStack } from '../helpers/runs';
import { registerWebhook, settledDeliveries } from '../helpers/webhooks';

/** The widths issue 76 names: a phone, a tablet, a laptop, a desktop. */
const WIDTHS = [375, 768, 1280, 1920];

/**
 * Every table of the page against its scroll frame: a header cell that ends outside the frame's
 * visible box is cut off unless the frame scrolls sideways; the frame never reaches past the
 * page's content column; the first column is in view, also once the frame is scrolled to its end.
 */
async function cutOffColumns(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const main = document.querySelector('main')!;
    const column = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      const name = table.querySelector('caption')?.textContent ?? table.getAttribute('aria-label') ?? 'a table';
      let frame = table.parentElement!;
      while (frame !== main && !['auto', 'scroll'].includes(getComputedStyle(frame).overflowX))
        frame = frame.parentElement!;
      const scrolls =
        frame.scrollWidth > frame.clientWidth && ['auto', 'scroll'].includes(getComputedStyle(frame).overflowX);
      const box = frame.getBoundingClientRect();
      if (box.right > Math.min(column, window.innerWidth) + 1)
        problems.push(`${name}: its frame ends at ${box.right} px, past the content column (${column} px)`);
      const heads = Array.from(table.querySelectorAll('thead th'));
      for (const th of heads) {
        const r = th.getBoundingClientRect();
        if (!scrolls && r.right > box.left + frame.clientWidth + 1)
          problems.push(
            `${name}: column "${th.textContent}" is cut off (ends ${r.right}, frame shows to ${box.right})`,
          );
      }
      const first = heads[0];
      if (!first) continue;
      // In view as read, then (a frame that scrolls) with the frame scrolled to its end: sticky.
      for (const end of scrolls ? [false, true] : [false]) {
        frame.scrollLeft = end ? frame.scrollWidth : 0;
        const r = first.getBoundingClientRect();
        if (!(r.left >= box.left - 1 && r.left < box.left + frame.clientWidth && r.width > 0))
          problems.push(`${name}: its first column is out of view${end ? ' once scrolled (not sticky)' : ''}`);
      }
      frame.scrollLeft = 0;
    }
    return problems;
  });
}

describe('console (issue 76): rerun any Run, accepted changes, step verdicts, action results, tables', function () {
  this.timeout(300_000);
  const s = useRunStack('console-state-password');
  let browser: Browser;
  let shop: Awaited<ReturnType<typeof startShop>>;
  let receiver: Receiver;
  before(async () => {
    browser = await sharedChromium();
    shop = await startShop();
    receiver = await startReceiver();
    await environment(s, 'shop', { targets: { web: { baseUrl: shop.url } } });
  });
  after(async () => {
    await shop?.close();
    await receiver?.close();
  });

  /** Opens the Run's page, presses Rerun, and answers the new Run's id once it shows passing. */
  const rerunFromPage = async (page: Page, runId: string) => {
    await page.goto(`${s.app.url}/console/runs/${runId}`);
    await page.getByRole('button', { name: 'Rerun' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/console/runs/') && !url.pathname.endsWith(runId));
    const rerunId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await page.getByRole('button', { name: `Copy the Run id ${rerunId}` }).waitFor();
    // The Run it re-runs, linked by what it is, its id copyable.
    await page.getByRole('link', { name: 'an earlier Run' }).waitFor();
    await page.getByRole('button', { name: `Copy the earlier Run id ${runId}` }).waitFor();
    await page.locator('p', { hasText: 'Status' }).getByText('passing', { exact: true }).waitFor({ timeout: 90_000 });
    return rerunId;
  };

  it("reruns a plan's own steps (a plan group member) and a Run of explicit targets, from their pages", async () => {
    const plan = await rest(s.app, s.org.apiKey, 'POST', '/api/plans', {
      name: 'Own steps',
      steps: [{ action: 'navigate', target: '/' }],
    });
    assert.equal(plan.status, 201, JSON.stringify(plan.body));
    const member = await call(s.app, s.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testPlanId: plan.body.testPlanId,
      environmentSlug: 'shop',
      branch: 'release-8',
    });
    assert.equal(member.status, 200, JSON.stringify(member.body));
    const memberRunId: string = member.body.runIds[0];
    const testCase = await newCase(s, { name: 'Explicit targets' });
    const explicit = await call(s.app, s.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      targets: { web: { baseUrl: shop.url } },
    });
    const explicitRunId: string = explicit.body.runIds[0];
    for (const runId of [memberRunId, explicitRunId]) await followRun(s.app, s.org.apiKey, runId);

    const { page, requests, context } = await signedIn(browser, s.app.url, s.org.apiKey);
    const again = await rerunFromPage(page, memberRunId);
    await assertAccessible(page, 'a rerun of a plan group member');
    const rerun = await rest(s.app, s.org.apiKey, 'GET', `/api/runs/${again}`);
    assert.equal(rerun.body.testPlanId, plan.body.testPlanId);
    assert.equal(rerun.body.trigger.environmentSlug, 'shop');
    assert.equal(rerun.body.trigger.branch, 'release-8');
    assert.equal(rerun.body.trigger.rerunOf, memberRunId);

    const explicitAgain = await rerunFromPage(page, explicitRunId);
    const second = await rest(s.app, s.org.apiKey, 'GET', `/api/runs/${explicitAgain}`);
    assert.equal(second.body.testCaseId, testCase.id);
    assert.ok(!second.body.trigger.environmentSlug, JSON.stringify(second.body.trigger));
    assert.equal(second.body.trigger.rerunOf, explicitRunId);
    assertOnlyOrigin(requests, s.app.url);
    await context.close();
  });

  it('shows who accepted a visual change and when, offers Accept no more, and speaks of console actions', async () => {
    const plan = await rest(s.app, s.org.apiKey, 'POST', '/api/plans', {
      name: 'Pay looks the same',
      steps: [
        { action: 'navigate', target: '/' },
        { action: 'click', target: 'Continue' },
      ],
      config: { visual: { mode: 'fail', threshold: 0.001 } },
    });
    const run = async () => {
      const t = await call(s.app, s.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testPlanId: plan.body.testPlanId,
        environmentSlug: 'shop',
      });
      await followRun(s.app, s.org.apiKey, t.body.runIds[0]);
      return t.body.runIds[0] as string;
    };
    shop.shift = 0;
    await run();
    shop.shift = 40;
    const changed = await run();
    shop.shift = 0;

    const { page, requests, context } = await signedIn(browser, s.app.url, s.org.apiKey);
    await page.goto(`${s.app.url}/console/runs/${changed}`);
    await page
      .getByRole('figure')
      .filter({ hasText: /% of the screen changed/ })
      .waitFor({ timeout: 15_000 });
    await page.getByText("Accept the change on the Run's page").waitFor();
    assert.equal(await page.getByText(/\/api\//).count(), 0, 'no route is shown to a person');
    await page.getByRole('button', { name: 'Accept visual change' }).click();
    await page.getByText(/^Accepted by key first key at /).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Accept visual change' }).count(), 0);
    await assertAccessible(page, 'a Run whose visual change was accepted');

    const state = await call(s.app, s.org.apiKey, 'run.get', { runId: changed });
    assert.equal(typeof state.body.visualAcceptance?.by, 'string', JSON.stringify(state.body));
    assert.ok(state.body.visualAcceptance.at > Date.now() - 120_000, JSON.stringify(state.body));
    const document = await rest(s.app, s.org.apiKey, 'GET', `/api/runs/${changed}`);
    const { byName, ...accepted } = document.body.visualAcceptance;
    assert.deepEqual(accepted, state.body.visualAcceptance);
    assert.equal(byName, 'key first key', 'the key by its name');
    // Read again from the start, the page still says so.
    await page.reload();
    await page.getByText(/^Accepted by key first key at /).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Accept visual change' }).count(), 0);
    // A script reading the evidence sees the API call too, with the Run's id in it.
    const evidence = await call(s.app, s.org.apiKey, 'run.evidence', { runId: changed });
    const advice: string = evidence.body.steps[1].diagnosis.suggestedAction;
    assert.ok(advice.includes(`POST /api/runs/${changed}/visual/accept`), advice);
    assertOnlyOrigin(requests, s.app.url);
    await context.close();
  });

  it('badges a step by its verdict: a step that proved nothing is unverified, not failed', async () => {
    // A click with no target and nothing focused ends unverified (interface.md, "Steps without a target").
    const testCase = await newCase(s, {
      name: 'Clicks nothing',
      steps: [{ action: 'navigate', target: '/' }, { action: 'click' }],
    });
    const triggered = await call(s.app, s.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      environmentSlug: 'shop',
    });
    const runId: string = triggered.body.runIds[0];
    const ended = await followRun(s.app, s.org.apiKey, runId);
    assert.equal(ended.state.verdict, 'unverified', JSON.stringify(ended.state));

    const { page, context } = await signedIn(browser, s.app.url, s.org.apiKey);
    await page.goto(`${s.app.url}/console/runs/${runId}`);
    const steps = page.getByRole('list', { name: 'Steps' });
    await steps.getByRole('heading', { name: /2\. click/ }).waitFor();
    const badges = await steps.locator('.step-title .badge').allTextContents();
    assert.deepEqual(badges, ['passed', 'unverified']);
    await assertAccessible(page, 'a Run with an unverified step');
    await context.close();
  });

  it('says what an action made of a schedule ("Paused", "Active"), not a log line', async () => {
    const testCase = await newCase(s);
    const plan = await call(s.app, s.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Hourly',
      testCaseIds: [testCase.id],
    });
    const schedule = await rest(s.app, s.org.apiKey, 'POST', '/api/schedules', {
      name: 'Hourly smoke',
      testPlanId: plan.body.id,
      environmentSlug: 'local',
      every: '1h',
    });
    assert.equal(schedule.status, 201, JSON.stringify(schedule.body));
    const { page, context } = await signedIn(browser, s.app.url, s.org.apiKey);
    await page.goto(`${s.app.url}/console/schedules`);
    const card = page.locator(`li[data-schedule-id="${schedule.body.id}"]`);
    await card.getByRole('button', { name: 'Pause' }).click();
    await card.getByRole('button', { name: 'Resume' }).waitFor();
    await card.getByRole('status').getByText('Paused', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Resume' }).click();
    await card.getByRole('button', { name: 'Pause' }).waitFor();
    await card.getByRole('status').getByText('Active', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Run now' }).click();
    await card.getByRole('status').getByText('Queued', { exact: true }).waitFor();
    const said = await page.getByRole('status').allTextContents();
    assert.ok(!said.some((t) => /: done$/.test(t)), JSON.stringify(said));
    await assertAccessible(page, 'Schedules after Pause and Resume');
    await context.close();
  });

  it("a plan group's page shows when each member started and why, and an early stop (fail fast)", async () => {
    // Still on its slow page (3 s) when the other fails at once.
    const slow = await newCase(s, { name: 'Order slow', steps: [{ action: 'navigate', target: '/slow' }] });
    const fails = await newCase(s, {
      name: 'Order fails',
      steps: [{ action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'NO_SUCH_VALUE' } }],
    });
    const plan = await call(s.app, s.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: `Order ${key()}`,
      testCaseIds: [slow.id, fails.id],
    });
    const group = await call(s.app, s.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testPlanId: plan.body.id,
      environmentSlug: 'local',
      failFast: {},
    });
    assert.equal(group.status, 200, JSON.stringify(group.body));
    for (const runId of group.body.runIds) await followRun(s.app, s.org.apiKey, runId);
    const { page, context } = await signedIn(browser, s.app.url, s.org.apiKey, 1280);
    await page.goto(`${s.app.url}/console/plan-groups/${group.body.planGroupRunId}`);
    const members = page.getByRole('table', { name: 'Members' });
    await members.getByRole('columnheader', { name: 'Started' }).waitFor();
    // Neither case ran here before: each is placed by its step count, in words.
    const failing = members.getByRole('row').filter({ hasText: 'Order fails' });
    await failing.getByText(/^#\d/).waitFor();
    await failing.getByText(/no Run here yet: 1 step/).waitFor();
    const stopped = await page.getByTestId('stopped').textContent();
    assert.match(stopped ?? '', /Stopped early \(fail fast\)/);
    await assertAccessible(page, 'a plan group stopped by fail fast');
    await context.close();
  });

  it('cuts off no column of any table at 375, 768, 1280 or 1920 px; the first column stays in view', async () => {
    const hook = await registerWebhook(s, receiver, '/state-hook');
    const good = await newCase(s, { name: 'Table passes' });
    const bad = await newCase(s, {
      name: 'Table fails',
      steps: [{ action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'NO_SUCH_VALUE' } }],
    });
    const group = await triggerPlanOf(s, [good.id, bad.id], 'local', `Tables ${key()}`);
    assert.equal(group.status, 200, JSON.stringify(group.body));
    const ci = await call(s.app, s.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: good.id,
      environmentSlug: 'local',
      branch: 'feature/a-rather-long-branch-name-for-the-table',
      deployment: { commitSha: 'abc1234def5678' },
    });
    for (const runId of [...group.body.runIds, ...ci.body.runIds]) await followRun(s.app, s.org.apiKey, runId);
    await settledDeliveries(s, hook.id);

    const views: Array<[string, string, (p: Page) => Promise<unknown>]> = [
      ['Runs', '/console/runs', (p) => p.locator('tbody tr').first().waitFor()],
      [
        'a plan group',
        `/console/plan-groups/${group.body.planGroupRunId}`,
        (p) => p.getByRole('table', { name: 'Members' }).locator('tbody tr').first().waitFor(),
      ],
      [
        'Test Cases',
        '/console/test-cases',
        // Its table lists flaky cases only (none here, maybe): what is drawn once its reads are in.
        async (p) => {
          await p.getByRole('heading', { name: 'Flakiest cases' }).waitFor();
          await p.waitForLoadState('networkidle');
        },
      ],
      ['a Test Case', `/console/test-cases/${good.id}`, (p) => p.locator('tbody tr').first().waitFor()],
      [
        'Insights',
        '/console/insights',
        async (p) => {
          await p.getByRole('img', { name: /Slowest steps/ }).waitFor();
          for (const more of await p.getByText('The numbers as a table').all()) await more.click();
        },
      ],
      ['Webhooks', '/console/webhooks', (p) => p.locator('tr[data-delivery-id]').first().waitFor()],
    ];
    const problems: string[] = [];
    for (const width of WIDTHS) {
      const { page, context } = await signedIn(browser, s.app.url, s.org.apiKey, width);
      for (const [name, path, ready] of views) {
        await page.goto(`${s.app.url}${path}`);
        await ready(page);
        problems.push(...(await cutOffColumns(page)).map((p) => `${width} px, ${name}: ${p}`));
        // The page never scrolls sideways (an absolutely placed element can widen it from inside a
        // frame that scrolls): the measure, with the elements that reach past the page's edge named.
        const past = await page.evaluate(() => ({
          by: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          what: Array.from(document.body.querySelectorAll('*'))
            .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .map((e) => `${e.tagName.toLowerCase()}.${e.className}`)
            .slice(-3),
        }));
        if (past.by > 0)
          problems.push(`${width} px, ${name}: the page scrolls sideways by ${past.by} px (${past.what.join('; ')})`);
      }
      await page.goto(`${s.app.url}/console/runs`);
      await page.locator('tbody tr').first().waitFor();
      await assertAccessible(page, `the Runs list at ${width} px`);
      await context.close();
    }
    assert.deepEqual(problems, []);
  });
});
