import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser } from 'playwright-core';
import { call, createOrg, environment, key, newCase, triggerPlanOf } from '../helpers/app';
import { assertAccessible, assertOnlyOrigin, sharedChromium, signedIn } from '../helpers/console';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { startShop } from '../helpers/shop-site';
import { rest } from '../helpers/rest';
import { followRun, useRunStack } from '../helpers/runs';
import { registerWebhook, settledDeliveries } from '../helpers/webhooks';

describe('console (issue 52): visual review, webhook redelivery, Run sources, plan groups, insights', function () {
  this.timeout(240_000);
  const s = useRunStack('console-review-password');
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

  const runPlan = async (testPlanId: string) => {
    const triggered = await call(s.app, s.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testPlanId,
      environmentSlug: 'shop',
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const runId: string = triggered.body.runIds[0];
    return { runId, status: (await followRun(s.app, s.org.apiKey, runId)).state.status as string };
  };

  it('shows before, after and diff side by side; Accept makes the next Run of the plan pass', async () => {
    const plan = await rest(s.app, s.org.apiKey, 'POST', '/api/plans', {
      name: 'Pay strictly',
      steps: [
        { action: 'navigate', target: '/' },
        { action: 'click', target: 'Continue' },
      ],
      config: { visual: { mode: 'fail', threshold: 0.001 } },
    });
    assert.equal(plan.status, 201, JSON.stringify(plan.body));
    const testPlanId: string = plan.body.testPlanId;
    shop.shift = 0;
    assert.equal((await runPlan(testPlanId)).status, 'passing', 'the baseline Run');
    shop.shift = 40;
    const changed = await runPlan(testPlanId);
    assert.equal(changed.status, 'failed', 'fail mode: the moved button fails its step');

    const { page, requests, context } = await signedIn(browser, s.app.url, s.org.apiKey);
    await page.goto(`${s.app.url}/console/runs/${changed.runId}`);
    const figure = page.getByRole('figure').filter({ hasText: /% of the screen changed/ });
    await figure.waitFor({ timeout: 15_000 });
    for (const name of ['Step 2 before', 'Step 2 after', 'Step 2 changed area']) {
      const img = figure.getByRole('img', { name });
      // Lazy images load once in view; decode() settles when loaded, and rejects for a broken one.
      await img.scrollIntoViewIfNeeded();
      const width = await img.evaluate((i: HTMLImageElement) => i.decode().then(() => i.naturalWidth));
      assert.ok(width > 0, `${name} drawn from the API's signed media link`);
    }
    await assertAccessible(page, 'a Run with a visual change');
    await page.getByRole('button', { name: 'Accept visual change' }).click();
    await page.getByText(/^Accepted by key first key at /).waitFor();

    // The next Run of the plan compares with the accepted screenshots: it passes, seen in the console.
    const next = await call(s.app, s.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testPlanId,
      environmentSlug: 'shop',
    });
    const nextRunId: string = next.body.runIds[0];
    await page.goto(`${s.app.url}/console/runs/${nextRunId}`);
    await page.getByRole('button', { name: `Copy the Run id ${nextRunId}` }).waitFor();
    await page.locator('p', { hasText: 'Status' }).getByText('passing', { exact: true }).waitFor({ timeout: 90_000 });
    await page.getByText('no change').first().waitFor();
    assertOnlyOrigin(requests, s.app.url);
    await context.close();
  });

  it('shows a failing endpoint with its answer, and redelivers the delivery', async () => {
    const hook = await registerWebhook(s, receiver, '/console-hook');
    receiver.answer('/console-hook', { status: 400, body: 'no such order' });
    // A case whose step needs a runtime value the Environment lacks ends at once, failed: run.completed.
    const testCase = await newCase(s, {
      name: `hook-${key()}`,
      steps: [{ action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'NO_SUCH_VALUE' } }],
    });
    const triggered = await call(s.app, s.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      environmentSlug: 'shop',
    });
    await followRun(s.app, s.org.apiKey, triggered.body.runIds[0]);
    const [delivery] = await settledDeliveries(s, hook.id);
    assert.equal(delivery.status, 'failed');

    const { page, requests, context } = await signedIn(browser, s.app.url, s.org.apiKey);
    await page.goto(`${s.app.url}/console/webhooks`);
    const card = page.locator(`section[data-webhook-id="${hook.id}"]`);
    await card.getByText('failing: 1 deliveries in a row').waitFor();
    const row = card.locator(`tr[data-delivery-id="${delivery.id}"]`);
    await row.getByText('400').waitFor();
    await row.getByText('no such order').waitFor();
    await assertAccessible(page, 'Webhooks with a failing endpoint');
    await row.getByRole('button', { name: 'Redeliver' }).click();
    await row.getByRole('status').getByText('Redelivered', { exact: true }).waitFor();

    const received = await receiver.waitFor('/console-hook', 2);
    assert.equal(received.length, 2, 'the redelivery reached the endpoint once');
    const [after] = await settledDeliveries(s, hook.id);
    assert.equal(after.status, 'delivered', JSON.stringify(after));
    await page.reload();
    await card.getByText('not failing').waitFor();
    assertOnlyOrigin(requests, s.app.url);
    await context.close();
  });

  it('lists each Run with its source (CI, schedule, manual, MCP), branch and commit, and duration', async () => {
    const testCase = await newCase(s, { name: 'Sources' });
    const trigger = async (fields: Record<string, unknown>) => {
      const reply = await call(s.app, s.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        environmentSlug: 'local',
        ...fields,
      });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      return reply.body.runIds[0] as string;
    };
    const ci = await trigger({ branch: 'feature/pay', deployment: { commitSha: 'abc1234def5678' } });
    const manual = await trigger({});
    const mcp = new Client({ name: 'console-test', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${s.app.url}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${s.org.apiKey}` } },
      }),
    );
    const byMcp = await mcp.callTool({
      name: 'run_trigger',
      arguments: { idempotencyKey: key(), testCaseId: testCase.id, environmentSlug: 'local' },
    });
    await mcp.close();
    const mcpRun = (byMcp.structuredContent as { runIds: string[] }).runIds[0];
    const plan = await call(s.app, s.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Scheduled sources',
      testCaseIds: [testCase.id],
    });
    const schedule = await rest(s.app, s.org.apiKey, 'POST', '/api/schedules', {
      name: 'Sources hourly',
      testPlanId: plan.body.id,
      environmentSlug: 'local',
      every: '1h',
    });
    assert.equal(schedule.status, 201, JSON.stringify(schedule.body));
    const fired = await rest(s.app, s.org.apiKey, 'POST', `/api/schedules/${schedule.body.id}/trigger`, undefined, {
      'Idempotency-Key': key(),
    });
    assert.equal(fired.status, 202, JSON.stringify(fired.body));
    for (const runId of [ci, manual, mcpRun]) await followRun(s.app, s.org.apiKey, runId);

    // The scheduled fire queues its group in a workflow: wait for its Run to be listed.
    const until = Date.now() + 30_000;
    let items: any[] = [];
    for (;;) {
      items = (await call(s.app, s.org.apiKey, 'run.list', { testCaseId: testCase.id, limit: 10 })).body.items;
      if (items.length >= 4 || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const byId = new Map(items.map((r) => [r.runId, r]));
    const scheduled = items.find((r) => r.testPlanId === plan.body.id);
    assert.ok(scheduled, JSON.stringify(items));
    assert.deepEqual(
      [ci, manual, mcpRun, scheduled.runId].map((id) => byId.get(id)?.source),
      ['ci', 'manual', 'mcp', 'schedule'],
    );
    const ciRun = byId.get(ci);
    assert.deepEqual([ciRun.branch, ciRun.commitSha], ['feature/pay', 'abc1234def5678']);
    assert.ok(!('commitSha' in byId.get(manual)), 'no commit: the field is absent, as every absent field is');
    assert.ok(ciRun.startedAt >= ciRun.createdAt && ciRun.finishedAt >= ciRun.startedAt, JSON.stringify(ciRun));
    assert.equal(ciRun.durationMs, ciRun.finishedAt - ciRun.startedAt);

    const { page, requests, context } = await signedIn(browser, s.app.url, s.org.apiKey);
    await page.goto(`${s.app.url}/console/runs?testCaseId=${testCase.id}`);
    const row = (runId: string) => page.locator(`tr[data-run-id="${runId}"]`);
    await row(ci).getByRole('cell', { name: 'CI', exact: true }).waitFor();
    await row(ci).getByText('feature/pay').waitFor();
    await row(ci).getByText('abc1234d', { exact: true }).waitFor();
    await row(manual).getByRole('cell', { name: 'API', exact: true }).waitFor();
    await row(mcpRun).getByRole('cell', { name: 'MCP', exact: true }).waitFor();
    await row(scheduled.runId).getByRole('cell', { name: 'schedule', exact: true }).waitFor();
    await assertAccessible(page, 'the Runs list with sources');
    assertOnlyOrigin(requests, s.app.url);
    await context.close();
  });

  it('shows a plan group with its members and counts, and reruns the ones that did not pass', async () => {
    const good = await newCase(s, { name: 'Signs in' });
    const bad = await newCase(s, {
      name: 'Needs a missing value',
      steps: [{ action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'NO_SUCH_VALUE' } }],
    });
    const planName = `Release ${key()}`;
    const triggered = await triggerPlanOf(s, [good.id, bad.id], 'local', planName);
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const groupId: string = triggered.body.planGroupRunId;
    for (const runId of triggered.body.runIds) await followRun(s.app, s.org.apiKey, runId);

    const { page, requests, context } = await signedIn(browser, s.app.url, s.org.apiKey);
    await page.getByRole('link', { name: 'Plan groups' }).click();
    await page.getByRole('combobox', { name: 'Test Plan' }).selectOption({ label: planName });
    await page.getByRole('button', { name: 'Show groups' }).click();
    const card = page.locator(`li[data-plan-group-id="${groupId}"]`);
    await card.getByText('2 members: 1 passed, 1 failed, 0 inconclusive, 0 running').waitFor();
    await assertAccessible(page, 'Plan groups of a plan');
    await card.getByRole('link', { name: planName }).click();
    await page.getByRole('heading', { name: `Plan group ${planName}` }).waitFor();
    const members = page.getByRole('table', { name: 'Members' });
    await members.getByRole('row').filter({ hasText: 'Signs in' }).getByText('passing').waitFor();
    await members.getByRole('row').filter({ hasText: 'Needs a missing value' }).getByText('failed').waitFor();
    await assertAccessible(page, 'a plan group');

    await page.getByRole('button', { name: 'Rerun the 1 that did not pass' }).click();
    await page.getByRole('link', { name: 'an earlier group' }).first().waitFor();
    assert.equal(
      await page.getByRole('link', { name: 'an earlier group' }).first().getAttribute('href'),
      `/console/plan-groups/${groupId}`,
    );
    const rerunId = new URL(page.url()).pathname.split('/').pop()!;
    assert.notEqual(rerunId, groupId);
    const rerun = await rest(s.app, s.org.apiKey, 'GET', `/api/plan-groups/${rerunId}`);
    assert.equal(rerun.status, 200, JSON.stringify(rerun.body));
    assert.equal(rerun.body.rerunOf, groupId);
    assert.deepEqual(
      rerun.body.members
        .map((m: { name: string; status: string }) => [m.name, m.status === 'passed_in_original'])
        .sort(),
      [
        ['Needs a missing value', false],
        ['Signs in', true],
      ],
      'the passing member is carried, the failed one runs again',
    );
    // The page follows the new group until its Run ends.
    // The verdict's badge, not the Started column's reason ("failed last time on this Environment").
    const verdict = members
      .getByRole('row')
      .filter({ hasText: 'Needs a missing value' })
      .getByText('failed', { exact: true });
    await verdict.waitFor({
      timeout: 60_000,
    });
    assertOnlyOrigin(requests, s.app.url);
    await context.close();
  });

  it('Insights: pass rate per plan and Environment over time, flakiest cases, slowest steps, as charts', async () => {
    const good = await newCase(s, { name: 'Insight passes' });
    const bad = await newCase(s, {
      name: 'Insight fails',
      steps: [{ action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'NO_SUCH_VALUE' } }],
    });
    const planName = `Insights ${key()}`;
    const triggered = await triggerPlanOf(s, [good.id, bad.id], 'local', planName);
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    for (const runId of triggered.body.runIds) await followRun(s.app, s.org.apiKey, runId);
    const group = await rest(s.app, s.org.apiKey, 'GET', `/api/plan-groups/${triggered.body.planGroupRunId}`);
    const testPlanId: string = group.body.testPlanId;

    const rates = await rest(s.app, s.org.apiKey, 'GET', '/api/insights/pass-rate?days=7');
    assert.equal(rates.status, 200, JSON.stringify(rates.body));
    const mine = rates.body.series.filter((x: { testPlanId: string }) => x.testPlanId === testPlanId);
    const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    assert.deepEqual(mine, [
      {
        testPlanId,
        planName,
        environmentSlug: 'local',
        runs: 2,
        passRate: 0.5,
        points: [{ day: today, runs: 2, passes: 1, passRate: 0.5 }],
      },
    ]);
    const slow = await rest(s.app, s.org.apiKey, 'GET', '/api/insights/slow-steps?days=7&limit=50');
    assert.equal(slow.status, 200, JSON.stringify(slow.body));
    const means = slow.body.items.map((i: { avgMs: number }) => i.avgMs);
    assert.deepEqual(
      means,
      [...means].sort((a, b) => b - a),
      'slowest first',
    );
    const steps = slow.body.items.filter((i: { testCaseId?: string }) => i.testCaseId === good.id);
    assert.ok(steps.length > 0, JSON.stringify(slow.body));
    for (const step of steps) {
      assert.equal(step.name, 'Insight passes');
      assert.ok(step.maxMs >= step.avgMs && step.avgMs >= 0 && step.runs >= 1, JSON.stringify(step));
    }
    // Bounded, and nobody else's.
    for (const bad of ['/api/insights/pass-rate?days=91', '/api/insights/slow-steps?limit=51'])
      assert.equal((await rest(s.app, s.org.apiKey, 'GET', bad)).status, 400, bad);
    const other = await createOrg(s.app.deps);
    assert.deepEqual((await rest(s.app, other.apiKey, 'GET', '/api/insights/pass-rate')).body.series, []);
    assert.deepEqual((await rest(s.app, other.apiKey, 'GET', '/api/insights/slow-steps')).body.items, []);

    const { page, requests, context } = await signedIn(browser, s.app.url, s.org.apiKey);
    await page.getByRole('link', { name: 'Insights' }).click();
    const chart = page.getByRole('img', { name: /Pass rate per day of each plan and Environment/ });
    await chart.waitFor();
    await page.getByRole('img', { name: /Slowest steps by mean duration/ }).waitFor();
    // Chart.js drew on the canvas: some of its pixels are not blank.
    const inked = await chart.evaluate((c: HTMLCanvasElement) => {
      const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
      return n;
    });
    assert.ok(inked > 500, `the pass-rate chart has ${inked} drawn pixels`);
    await page.getByText('The numbers as a table').first().click();
    await page.locator(`tr[data-plan-id="${testPlanId}"]`).getByText('50%').waitFor();
    await assertAccessible(page, 'Insights');
    assertOnlyOrigin(requests, s.app.url);
    await context.close();
  });

  // Last: its Run's run.completed event may still be on its way when the test ends, and a webhook
  // registered after it (the redelivery test's) would receive it too.
  it('reruns a Run from its page: the same Test Case, Environment, branch and commit, opened live', async () => {
    const testCaseId = (await newCase(s, { name: 'Shop home', steps: [{ action: 'navigate', target: '/' }] }))
      .id as string;
    const first = await call(s.app, s.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId,
      environmentSlug: 'shop',
      branch: 'release-7',
      deployment: { commitSha: 'c0ffee1' },
    });
    const runId: string = first.body.runIds[0];
    await followRun(s.app, s.org.apiKey, runId);

    const { page, requests, context } = await signedIn(browser, s.app.url, s.org.apiKey);
    await page.goto(`${s.app.url}/console/runs/${runId}`);
    await page.getByRole('button', { name: 'Rerun' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/console/runs/') && !url.pathname.endsWith(runId));
    const rerunId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await page.getByRole('button', { name: `Copy the Run id ${rerunId}` }).waitFor();
    await page.locator('p', { hasText: 'Status' }).getByText('passing', { exact: true }).waitFor({ timeout: 90_000 });
    await assertAccessible(page, 'a rerun Run');

    const rerun = await rest(s.app, s.org.apiKey, 'GET', `/api/runs/${rerunId}`);
    assert.equal(rerun.body.testCaseId, testCaseId);
    assert.equal(rerun.body.trigger.environmentSlug, 'shop');
    assert.equal(rerun.body.trigger.branch, 'release-7');
    assert.equal(rerun.body.trigger.deployment.commitSha, 'c0ffee1');
    assertOnlyOrigin(requests, s.app.url);
    await context.close();
  });
});
