import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';
import { call, environment, key, newCase, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';
import { followRun } from '../helpers/runs';
import { privateQueues, useWorkers } from '../helpers/temporal';

/**
 * A shop of three pages. The start page has a clock (new text on every load) in a fixed box; the
 * pay page's button sits `shift` px from the left; the thanks page never changes. Only the pay
 * page moves when `shift` does, so only the step that lands there can change.
 */
async function startShop() {
  let shift = 0;
  let loads = 0;
  const page = (body: string) =>
    `<!doctype html><html><head><title>Shop</title><style>body{margin:0;font:16px sans-serif}` +
    `.clock{position:absolute;left:900px;top:10px;width:300px;height:40px;font:bold 28px monospace}` +
    `.pay{position:absolute;top:120px;width:160px;height:48px;background:#1a73e8;color:#fff;border:0;font-size:18px}</style>` +
    `</head><body>${body}</body></html>`;
  const server: Server = createServer((req, res) => {
    const route = new URL(req.url ?? '/', 'http://x').pathname;
    if (route === '/favicon.ico') return void res.writeHead(404).end();
    res.setHeader('Content-Type', 'text/html');
    if (route === '/pay')
      return void res.end(
        page(
          `<h1>Pay</h1><button class="pay" style="left:${40 + shift}px" onclick="location.href='/thanks'">Pay now</button>`,
        ),
      );
    if (route === '/thanks') return void res.end(page('<h1>Thanks for your order</h1>'));
    if (route === '/slow') return void setTimeout(() => res.end(page('<h1>Slow</h1>')), 3000);
    loads++;
    res.end(page(`<h1>Shop</h1><div class="clock">${loads}:${Date.now() % 100000}</div><a href="/pay">Continue</a>`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set shift(px: number) {
      shift = px;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The clock's box on the start page, as a step's ignore region (CSS pixels). */
const CLOCK = { x: 890, y: 0, width: 390, height: 60 };

const steps = (ignoreClock: boolean, expect = true) => [
  { action: 'navigate', target: '/', ...(ignoreClock ? { ignore: [CLOCK] } : {}) },
  { action: 'click', target: 'Continue', ...(expect ? { expect: { text: 'Pay' } } : {}) },
  { action: 'click', target: 'Pay now', ...(expect ? { expect: { text: 'Thanks for your order' } } : {}) },
];

describe('visual changes: each step compared with the baseline Run', function () {
  this.timeout(300_000);
  const t = useApp(() => ({ ...privateQueues(), EGRESS_ALLOW: '127.0.0.1,::1,localhost' }));
  useWorkers(t, { runnerPlatforms: ['web', 'api'] });
  let shop: Awaited<ReturnType<typeof startShop>>;

  before(async () => {
    shop = await startShop();
    t.onClose(() => shop.close());
    await environment(t, 'shop', { targets: { web: { baseUrl: shop.url } } });
  });

  const trigger = async (fields: Record<string, unknown>) => {
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      environmentSlug: 'shop',
      ...fields,
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const runId = triggered.body.runIds[0] as string;
    const state = (await followRun(t.app, t.org.apiKey, runId)).state;
    const evidence = await call(t.app, t.org.apiKey, 'run.evidence', { runId });
    assert.equal(evidence.status, 200, JSON.stringify(evidence.body));
    return { runId, status: state.status as string, steps: evidence.body.steps as any[] };
  };

  /** A Run of the case against explicit targets (no Environment), followed to its end: its id. */
  const runExplicit = async (testCaseId: string) => {
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId,
      targets: { web: { baseUrl: shop.url } },
    });
    const runId = triggered.body.runIds[0] as string;
    await followRun(t.app, t.org.apiKey, runId);
    return runId;
  };

  const fetchPng = async (link: { url: string }) => {
    const res = await fetch(link.url);
    assert.equal(res.status, 200, `${link.url} answered ${res.status}`);
    return PNG.sync.read(Buffer.from(await res.arrayBuffer()));
  };

  it('report mode (the default): a button moved 40 px is a change on its step only, with before, after and diff; the verdict stays', async () => {
    shop.shift = 0;
    const testCaseId = (await newCase(t, { name: 'Pay', steps: steps(true) })).id;
    const first = await trigger({ testCaseId });
    assert.equal(first.status, 'passing');
    assert.ok(
      first.steps.every((s) => s.visual === undefined),
      'the first Run has no baseline: nothing compared',
    );

    const same = await trigger({ testCaseId });
    assert.equal(same.status, 'passing');
    assert.deepEqual(
      same.steps.map((s) => [s.visual?.changedRatio, s.visual?.changed, s.visual?.baselineRunId]),
      [
        [0, false, first.runId],
        [0, false, first.runId],
        [0, false, first.runId],
      ],
      'the clock changed on the start page, inside its ignored region: nothing counts',
    );

    shop.shift = 40;
    const moved = await trigger({ testCaseId });
    assert.equal(moved.status, 'passing', 'report mode never changes a verdict');
    const [start, pay, thanks] = moved.steps;
    assert.equal(start.visual.changed, false);
    assert.equal(thanks.visual.changed, false);
    assert.equal(pay.status, 'passed');
    assert.equal(pay.visual.changed, true);
    assert.equal(pay.visual.mode, 'report');
    assert.equal(pay.visual.baselineRunId, same.runId, 'the last passing Run is the baseline');
    // The 160×48 button's 40 px strips on both sides differ at the least, over 1280×800 pixels.
    assert.ok(pay.visual.changedRatio >= (2 * 40 * 48) / (1280 * 800), `ratio ${pay.visual.changedRatio}`);
    assert.ok(pay.visual.changedRatio > pay.visual.threshold);
    const [before, after, diff] = await Promise.all(
      [pay.visual.before, pay.visual.after, pay.visual.diff].map(fetchPng),
    );
    for (const png of [before, after, diff]) assert.deepEqual([png.width, png.height], [1280, 800]);
    assert.deepEqual(
      pay.visual.after.url.split('?')[0],
      pay.media[0].url.split('?')[0],
      "after is the step's own screenshot",
    );

    // The report page shows the three images for the changed step.
    const run = await call(t.app, t.org.apiKey, 'run.get', { runId: moved.runId });
    const html = await (await fetch(run.body.reportUrl)).text();
    assert.match(html, /Visual change/);
    assert.match(html, /Before \(baseline\)/);
    assert.match(html, /Diff \(changed pixels in red\)/);

    // Without the ignore region the clock is a change of the start page.
    const noIgnore = (await newCase(t, { name: 'Pay, clock compared', steps: steps(false) })).id;
    await trigger({ testCaseId: noIgnore });
    const clocked = await trigger({ testCaseId: noIgnore });
    assert.ok(clocked.steps[0].visual.changedRatio > 0, 'the clock differs when its region is compared');
  });

  it('fail mode: the changed step alone fails; accepting the Run makes its screenshots the baseline', async () => {
    shop.shift = 0;
    const plan = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: 'Pay strictly',
      steps: steps(true, false), // resource-style steps have no expect
      config: { visual: { mode: 'fail', threshold: 0.001 } },
    });
    assert.equal(plan.status, 201, JSON.stringify(plan.body));
    const testPlanId = plan.body.testPlanId;
    assert.equal((await trigger({ testPlanId })).status, 'passing');

    shop.shift = 40;
    const failed = await trigger({ testPlanId });
    assert.equal(failed.status, 'failed');
    assert.deepEqual(
      failed.steps.map((s) => s.status),
      ['passed', 'failed', 'passed'],
      'only the changed step fails; the Run goes on',
    );
    const pay = failed.steps[1];
    assert.match(
      pay.reason,
      /The screenshot changed: \d+\.\d\d % of its pixels differ from the baseline .*above the plan's threshold of 0\.10 %/,
    );
    assert.equal(pay.diagnosis.category, 'application');
    assert.match(pay.diagnosis.suggestedAction, /visual\/accept/);
    assert.equal(pay.visual.mode, 'fail');

    // Until accepted, every Run compares with the last passing one and fails the same way.
    const again = await trigger({ testPlanId });
    assert.equal(again.status, 'failed');

    const accepted = await rest(t.app, t.org.apiKey, 'POST', `/api/runs/${failed.runId}/visual/accept`, {});
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal(accepted.body.runId, failed.runId);
    assert.equal(accepted.body.subjectId, testPlanId);
    assert.equal(accepted.body.environmentSlug, 'shop');
    assert.equal(accepted.body.screenshots, 3);

    const cleared = await trigger({ testPlanId });
    assert.equal(cleared.status, 'passing');
    assert.deepEqual(
      cleared.steps.map((s) => [s.status, s.visual.changed, s.visual.baselineRunId]),
      [
        ['passed', false, failed.runId],
        ['passed', false, failed.runId],
        ['passed', false, failed.runId],
      ],
    );
  });

  it('compares nothing when the plan turns it off, or for Runs with explicit targets (no "same environment")', async () => {
    shop.shift = 0;
    const plan = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: 'Pay, not compared',
      steps: steps(true, false),
      config: { visual: { mode: 'off' } },
    });
    const testPlanId = plan.body.testPlanId;
    await trigger({ testPlanId });
    const second = await trigger({ testPlanId });
    assert.equal(second.status, 'passing');
    assert.ok(
      second.steps.every((s) => s.visual === undefined),
      JSON.stringify(second.steps[0]),
    );

    const testCaseId = (await newCase(t, { name: 'Explicit twice', steps: steps(true) })).id;
    await runExplicit(testCaseId);
    const evidence = await call(t.app, t.org.apiKey, 'run.evidence', { runId: await runExplicit(testCaseId) });
    assert.ok((evidence.body.steps as any[]).every((s) => s.visual === undefined));
  });

  it('accepting refuses what has no baseline to give, and a Run of another organization is not found', async () => {
    const refused = async (runId: string, pattern: RegExp) => {
      const reply = await rest(t.app, t.org.apiKey, 'POST', `/api/runs/${runId}/visual/accept`, {});
      assert.equal(reply.status, 422, JSON.stringify(reply.body));
      assert.equal(reply.body.code, 'FAILED_PRECONDITION');
      assert.match(reply.body.error, pattern);
    };
    const testCaseId = (await newCase(t, { name: 'Explicit', steps: steps(true) })).id;
    await refused(await runExplicit(testCaseId), /explicit targets/);

    // Not ended yet: the start page answers after 3 s.
    const slow = (await newCase(t, { name: 'Slow', steps: [{ action: 'navigate', target: '/slow' }] })).id;
    const running = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: slow,
      environmentSlug: 'shop',
    });
    await refused(running.body.runIds[0], /once it has ended/);
    await followRun(t.app, t.org.apiKey, running.body.runIds[0]);

    // Screenshots removed by retention.
    const ended = await trigger({ testCaseId: slow });
    await t.app.deps.db.manager.query('UPDATE runs SET media_expired_at = ? WHERE id = ?', [Date.now(), ended.runId]);
    await refused(ended.runId, /expired under the retention policy/);

    // An API Run has no screenshots to compare.
    const api = (
      await newCase(t, { name: 'API only', platforms: ['api'], steps: [{ action: 'request', target: 'GET /thanks' }] })
    ).id;
    const apiRun = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: api,
      targets: { api: { baseUrl: shop.url } },
    });
    assert.equal(apiRun.status, 200, JSON.stringify(apiRun.body));
    await followRun(t.app, t.org.apiKey, apiRun.body.runIds[0]);
    await refused(apiRun.body.runIds[0], /not a web Run/);

    const missing = await rest(
      t.app,
      t.org.apiKey,
      'POST',
      '/api/runs/run_00000000000000000000000000/visual/accept',
      {},
    );
    assert.equal(missing.status, 404);
  });
});
