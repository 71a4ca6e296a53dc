import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { call, environment, key, newCase, triggerPlanOf } from '../helpers/app';
import { launchChromium, openConsole, signInWithKey } from '../helpers/console';
import { startReceiver } from '../helpers/receiver';
import { rest } from '../helpers/rest';
import { followRun, useRunStack } from '../helpers/runs';
import { startShop } from '../helpers/shop-site';
import { registerWebhook, settledDeliveries } from '../helpers/webhooks';

/**
 * Screenshots of the console's main views for docs/console.md, taken against the real stack:
 * `npm test -- test/screenshots/console.screens.ts` (not part of the suite: it writes docs/console/).
 */
const out = (name: string) => resolve(__dirname, '..', '..', 'docs', 'console', `${name}.png`);

describe('console screenshots for docs/console.md', function () {
  this.timeout(300_000);
  const s = useRunStack('screenshots-password');
  let browser: Browser;
  after(() => browser?.close());

  it('takes the main views', async () => {
    browser = await launchChromium();
    const shop = await startShop();
    const receiver = await startReceiver();
    try {
      await environment(s, 'shop', { targets: { web: { baseUrl: shop.url } } });
      const runPlan = async (testPlanId: string) => {
        const t = await call(s.app, s.org.apiKey, 'run.trigger', {
          idempotencyKey: key(),
          testPlanId,
          environmentSlug: 'shop',
          branch: 'main',
          deployment: { commitSha: '3f9a1c7e2b' },
        });
        await followRun(s.app, s.org.apiKey, t.body.runIds[0]);
        return t.body.runIds[0] as string;
      };
      // A visual change on the shop's Pay page.
      const plan = await rest(s.app, s.org.apiKey, 'POST', '/api/plans', {
        name: 'Checkout looks right',
        steps: [
          { action: 'navigate', target: '/' },
          { action: 'click', target: 'Continue' },
        ],
        config: { visual: { mode: 'fail', threshold: 0.001 } },
      });
      shop.shift = 0;
      await runPlan(plan.body.testPlanId);
      shop.shift = 40;
      const changed = await runPlan(plan.body.testPlanId);
      // A plan group with a pass and a failure, a webhook endpoint that refuses, a schedule.
      const hook = await registerWebhook(s, receiver, '/hooks/qa');
      receiver.answer('/hooks/qa', { status: 503, body: 'maintenance' }, { status: 503 }, { status: 503 });
      const login = await newCase(s, { name: 'Sign in with password' });
      const missing = await newCase(s, {
        name: 'Checkout with saved card',
        steps: [{ action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'CARD_TOKEN' } }],
      });
      const group = await triggerPlanOf(s, [login.id, missing.id], 'local', 'Release smoke');
      for (const runId of group.body.runIds) await followRun(s.app, s.org.apiKey, runId);
      await settledDeliveries(s, hook.id, 1, 90_000).catch(() => undefined);
      const groupState = await rest(s.app, s.org.apiKey, 'GET', `/api/plan-groups/${group.body.planGroupRunId}`);
      const schedule = await rest(s.app, s.org.apiKey, 'POST', '/api/schedules', {
        name: 'Nightly release smoke',
        testPlanId: groupState.body.testPlanId,
        environmentSlug: 'local',
        cron: '0 2 * * *',
      });
      assert.ok(schedule.status < 300, JSON.stringify(schedule.body));

      const { page, context } = await openConsole(browser);
      const shot = async (name: string, go: (p: Page) => Promise<void>) => {
        await go(page);
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await page.screenshot({ path: out(name), fullPage: true });
      };
      await shot('sign-in', async (p) => {
        await p.goto(`${s.app.url}/console`);
        await p.getByLabel('Organization API key').waitFor();
      });
      await signInWithKey(page, s.app.url, s.org.apiKey);
      await shot('runs', async (p) => {
        await p.locator('tbody tr').first().waitFor();
      });
      await shot('run-visual', async (p) => {
        await p.goto(`${s.app.url}/console/runs/${changed}`);
        await p.getByRole('img', { name: 'Step 2 changed area' }).waitFor();
      });
      await shot('plan-group', async (p) => {
        await p.goto(`${s.app.url}/console/plan-groups/${group.body.planGroupRunId}`);
        await p.getByRole('table', { name: 'Members' }).waitFor();
      });
      await shot('test-case', async (p) => {
        await p.goto(`${s.app.url}/console/test-cases/${login.id}`);
        await p.getByRole('heading', { name: 'Sign in with password' }).waitFor();
      });
      await shot('insights', async (p) => {
        await p.goto(`${s.app.url}/console/insights`);
        await p.getByRole('img', { name: /Slowest steps/ }).waitFor();
      });
      await shot('webhooks', async (p) => {
        await p.goto(`${s.app.url}/console/webhooks`);
        await p.locator('tr[data-delivery-id]').first().waitFor();
      });
      await shot('schedules', async (p) => {
        await p.goto(`${s.app.url}/console/schedules`);
        await p.getByRole('heading', { name: 'Nightly release smoke' }).waitFor();
      });
      await context.close();
    } finally {
      await shop.close();
      await receiver.close();
    }
  });
});
