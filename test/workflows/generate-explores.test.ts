import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { call, createOrg, environment, key, startApp, useApp, type TestApp, type TestOrg } from '../helpers/app';
import { startGenerationSite, type GenerationSite } from '../helpers/generation-site';
import { startDjangoAdmin, type DjangoAdmin } from '../helpers/django-admin';
import { recordHistory } from '../helpers/histories';
import { rest } from '../helpers/rest';
import { purgeGenerationShots } from '../../activities/retention';
import { assertAccessible, assertOnlyOrigin, sharedChromium, signedIn } from '../helpers/console';
import { followRun } from '../helpers/runs';
import { privateQueues, startWorkers, useWorkers } from '../helpers/temporal';
import { startFakeProvider, type FakeProvider } from '../helpers/ai-provider';

const EMAIL = 'grace@example.test';
const PASSWORD = 'Copper-Lantern-Rain-71';

/**
 * Issue 78 wired end to end: POST /api/generate with a prompt and an Environment, through the
 * real API, Temporal, the web runner's Chromium and the values channel. The generation explores
 * the Environment's application, writes cases from what it saw and tries each; GET
 * /api/generate/{testPlanId} lists them. Prompts are written the way people write them (no
 * quoted labels, no paths); a proven case, saved by a person, passes when run.
 */
describe('plan generation given an Environment (real stack, embedded default)', function () {
  this.timeout(240_000);
  let app: TestApp;
  let org: TestOrg;
  let site: GenerationSite;
  let workers: { stop(): Promise<void> };
  before(async () => {
    app = await startApp(privateQueues());
    site = await startGenerationSite(EMAIL, PASSWORD);
    workers = await startWorkers(app);
    org = await createOrg(app.deps);
    await environment({ app, org }, 'shop', {
      targets: { web: { baseUrl: site.baseUrl } },
      runtimeValues: { USER_EMAIL: EMAIL, PASSWORD },
    });
  });
  after(async () => {
    await workers?.stop();
    await site?.close();
    await app?.close();
  });

  const generate = (prompt: string, fields: Record<string, unknown> = {}) =>
    rest(app, org.apiKey, 'POST', '/api/generate', { name: prompt.slice(0, 60), prompt, ...fields });

  /** Polls the generation until it is no longer generating, as a client does. */
  async function follow(testPlanId: string, label: string) {
    const deadline = Date.now() + 150_000;
    for (;;) {
      const got = await rest(app, org.apiKey, 'GET', `/api/generate/${testPlanId}`);
      assert.equal(got.status, 200, JSON.stringify(got.body));
      if (got.body.status !== 'generating') {
        await recordHistory(app, `generate-${testPlanId}`, `planGenerationWorkflow-explored-${label}`);
        return got.body;
      }
      if (Date.now() > deadline) throw new Error(`generation ${testPlanId} still generating`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  /** What a person does to keep a proposed case: create it, put it in a plan, run it. */
  async function saveAndRun(name: string, testCaseSteps: unknown[]) {
    const created = await call(app, org.apiKey, 'test_case.create', {
      idempotencyKey: key(),
      name,
      platforms: ['web'],
      steps: testCaseSteps,
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const triggered = await call(app, org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: created.body.id,
      environmentSlug: 'shop',
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    return (await followRun(app, org.apiKey, triggered.body.runIds[0])).state;
  }

  it('explores, proves a sign-in and a refusal, saves nothing, and the saved case passes when run', async () => {
    const started = await generate(
      'Check that a customer can sign in and see their orders, and that a wrong password is refused',
      { environmentSlug: 'shop' },
    );
    assert.equal(started.status, 202, JSON.stringify(started.body));
    assert.equal(started.body.status, 'generating');
    const g = await follow(started.body.testPlanId, 'ready');
    assert.equal(g.status, 'ready', JSON.stringify(g));
    assert.equal(g.environmentSlug, 'shop');
    assert.ok(g.exploration.pages.length >= 1);
    assert.deepEqual(g.exploration.budget, { maxPages: 8, timeMs: 30_000 });
    const [signIn, refusal] = g.cases;
    assert.equal(signIn.proposal, 'ready', JSON.stringify(signIn));
    assert.equal(refusal.proposal, 'ready', JSON.stringify(refusal));
    assert.equal(g.providerTokens, undefined, 'no provider, no tokens');
    assert.deepEqual(signIn.steps.slice(0, 4), [
      { action: 'navigate', target: '/account/login' },
      { action: 'fill', target: 'Email address', value: '{{env.USER_EMAIL}}' },
      { action: 'fill', target: 'Password', value: '{{env.PASSWORD}}' },
      { action: 'click', target: 'Log in' },
    ]);
    assert.equal(signIn.passedSteps, signIn.steps.length);
    assert.ok(signIn.screenshots.length >= signIn.steps.length, 'a screenshot of each step tried');
    const shot = await fetch(signIn.screenshots[0].url);
    assert.equal(shot.status, 200);
    assert.equal(shot.headers.get('content-type'), 'image/png');

    // Nothing saved: the plan has no steps and no members until a person accepts a case.
    const plan = (await rest(app, org.apiKey, 'GET', '/api/plans')).body.find(
      (p: { _id: string }) => p._id === started.body.testPlanId,
    );
    assert.deepEqual([plan.status, plan.steps, plan.memberCount], ['ready', [], 0]);
    // No value in the reply, nor in the workflow's history.
    assert.ok(!JSON.stringify(g).includes(PASSWORD) && !JSON.stringify(g).includes(EMAIL));
    const history = await (
      await app.deps.temporal()
    ).workflow
      .getHandle(`generate-${started.body.testPlanId}`)
      .fetchHistory();
    assert.ok(!JSON.stringify(history).includes(PASSWORD), 'no secret in the workflow history');

    assert.equal((await saveAndRun('Sign in and see orders', signIn.testCaseSteps)).status, 'passing');
    assert.equal((await saveAndRun('A wrong password is refused', refusal.testCaseSteps)).status, 'passing');
  });

  it("retention removes a generation's screenshots after the organization's media lifetime, and only then", async () => {
    const started = await generate('Open the about us page', { environmentSlug: 'shop' });
    const g = await follow(started.body.testPlanId, 'ready');
    const keys = g.cases.flatMap((c: { screenshots: unknown[] }) => c.screenshots);
    assert.ok(keys.length > 0);
    const stored = (
      await app.deps.db.query('SELECT proposal FROM plan_generations WHERE plan_id = ?', [g.testPlanId])
    )[0];
    const storageKeys: string[] = JSON.parse(stored.proposal).cases.flatMap(
      (c: { screenshots: string[] }) => c.screenshots,
    );
    const deps = { db: app.deps.db, storage: app.deps.storage };
    await purgeGenerationShots(deps, Date.now(), 1000);
    for (const k of storageKeys) assert.ok(await app.deps.storage.exists(k), 'kept within the 30 days');
    // 31 days old: past the default mediaDays (30).
    await app.deps.db.query('UPDATE plan_generations SET created_at = created_at - ? WHERE plan_id = ?', [
      31 * 24 * 3600 * 1000,
      g.testPlanId,
    ]);
    await purgeGenerationShots(deps, Date.now(), 1000);
    for (const k of storageKeys) assert.equal(await app.deps.storage.exists(k), false, `${k} removed`);
    const after = (await rest(app, org.apiKey, 'GET', `/api/generate/${g.testPlanId}`)).body;
    assert.deepEqual(
      after.cases.map((c: { screenshots: unknown[] }) => c.screenshots),
      g.cases.map(() => []),
    );
    assert.deepEqual(
      after.cases.map((c: { proposal: string }) => c.proposal),
      g.cases.map((c: { proposal: string }) => c.proposal),
    );
  });

  const everyday = [
    'make sure someone can search for a teapot',
    'A shopper should be able to add a teapot to the cart',
    'Open the about us page and check it loads',
  ];
  for (const prompt of everyday)
    it(`proves a case for "${prompt}" that passes when run`, async () => {
      const g = await follow((await generate(prompt, { environmentSlug: 'shop' })).body.testPlanId, 'ready');
      const proven = g.cases.filter((c: { proposal: string }) => c.proposal === 'ready');
      assert.ok(proven.length >= 1, JSON.stringify(g, null, 1));
      assert.equal((await saveAndRun(prompt, proven[0].testCaseSteps)).status, 'passing');
    });

  let giftCard = '';
  it('ends a prompt about a page that does not exist with a reason a person can act on', async () => {
    giftCard = (await generate('Check the gift card balance page works', { environmentSlug: 'shop' })).body.testPlanId;
    const g = await follow(giftCard, 'failed');
    assert.equal(g.status, 'failed');
    assert.match(g.failureReason, /explored \d+ page\(s\).*name the page/);
    assert.equal(g.reason, g.failureReason);
    assert.equal(
      g.cases.some((c: { proposal: string }) => c.proposal === 'ready'),
      false,
    );
  });

  it('refuses what it cannot explore with a 4xx in the envelope, and hides another organization’s generation', async () => {
    const unknown = await generate('customers can sign in', { environmentSlug: 'nowhere' });
    assert.equal(unknown.status, 404, JSON.stringify(unknown.body));
    await environment({ app, org }, 'api-only', { targets: { api: { baseUrl: 'http://127.0.0.1:9' } } });
    const noWeb = await generate('customers can sign in', { environmentSlug: 'api-only' });
    assert.equal(noWeb.status, 422, JSON.stringify(noWeb.body));
    const withDiff = await rest(app, org.apiKey, 'POST', '/api/generate', {
      name: 'd',
      diff: '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n',
      environmentSlug: 'shop',
    });
    assert.equal(withDiff.status, 400, JSON.stringify(withDiff.body));
    const apiOnly = await generate('customers can sign in', { environmentSlug: 'shop', platforms: ['api'] });
    assert.equal(apiOnly.status, 400, JSON.stringify(apiOnly.body));

    const mine = await generate('Open the about us page', { environmentSlug: 'shop' });
    const other = await createOrg(app.deps);
    const peek = await rest(app, other.apiKey, 'GET', `/api/generate/${mine.body.testPlanId}`);
    assert.equal(peek.status, 404);
    const borrow = await rest(app, other.apiKey, 'POST', '/api/generate', {
      name: 'x',
      prompt: 'customers can sign in',
      environmentSlug: 'shop',
    });
    assert.equal(borrow.status, 404, 'another organization’s Environment is not found');
    await follow(mine.body.testPlanId, 'ready');
  });

  /** qa from its sources, as a person runs it: the service's address and key in its environment. */
  const qa = (args: string[]) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['-r', 'tsx', path.resolve(__dirname, '../../cli/src/qa.ts'), ...args],
        { env: { ...process.env, CI: 'true', QA_API_URL: app.url, QA_API_KEY: org.apiKey, QA_RETRY_BACKOFF_MS: '50' } },
        (_e, stdout, stderr) => resolve({ code: child.exitCode, out: stdout + stderr }),
      );
    });

  it('qa shows the proposed cases, and the reason when nothing was proposed', async () => {
    const made = await qa(['generate', 'Find the tea cup', '--env', 'shop', '--wait']);
    assert.equal(made.code, 0, made.out);
    assert.match(made.out, /: ready \(Environment shop\)/);
    assert.match(made.out, /explored \d+ page\(s\): \//);
    assert.match(made.out, /\n {2}ready {2}.+\(\d+\/\d+ steps passed when tried\)/);
    const failed = await qa(['generation', giftCard]);
    assert.equal(failed.code, 1, failed.out);
    assert.match(failed.out, /failed/);
    assert.match(failed.out, /why: .*name the page/);
    const usage = await qa(['generate', 'Find the tea cup']);
    assert.equal(usage.code, 2);
    assert.match(usage.out, /give --env <slug>/);
  });

  it('the console starts a generation, shows the proposed cases with their try results, and accepts or drops each', async () => {
    const { page, requests, context } = await signedIn(await sharedChromium(), app.url, org.apiKey);
    try {
      await page.goto(`${app.url}/console/generate`);
      await page
        .getByLabel('What to test')
        .fill('Check that a customer can sign in and that a wrong password is refused');
      await page.getByLabel('Environment').selectOption('shop');
      await assertAccessible(page, 'the plan generation form');
      await page.getByRole('button', { name: 'Generate' }).click();
      await page.getByRole('heading', { name: 'Proposed cases' }).waitFor({ timeout: 150_000 });
      const cases = page.getByRole('list', { name: 'Proposed cases' }).getByRole('listitem');
      const signIn = page.getByRole('listitem', { name: /^Ready: Sign in/ });
      await signIn.waitFor();
      await signIn.getByText(/\d+ of \d+ step\(s\) passed when tried/).waitFor();
      await signIn.getByText('Screenshot of step 1').click();
      const shot = signIn.getByRole('img', { name: /The page after step 1 of Sign in/ });
      assert.ok((await shot.evaluate((i: HTMLImageElement) => i.decode().then(() => i.naturalWidth))) > 0);
      await page.getByRole('heading', { name: 'What it explored' }).waitFor();
      await assertAccessible(page, 'a plan generation with its proposed cases');
      await page.screenshot({ path: '/tmp/console-generate.png', fullPage: true });
      // Usable on a phone: accessible, and the page does not scroll sideways.
      await page.setViewportSize({ width: 375, height: 800 });
      await assertAccessible(page, 'a plan generation at 375 px');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `scrolls sideways by ${overflow} px`);
      await page.screenshot({ path: '/tmp/console-generate-375.png', fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });

      await signIn.getByLabel('Name').fill('Customer signs in (generated)');
      await signIn.getByRole('button', { name: 'Accept' }).click();
      await signIn.getByRole('link', { name: 'Customer signs in (generated)' }).waitFor();
      const refusal = page.getByRole('listitem', { name: /A wrong password is refused/ });
      await refusal.getByRole('button', { name: 'Drop' }).click();
      await cases.getByText(/dropped\./).waitFor();
      const listed = await call(app, org.apiKey, 'test_case.list', { query: 'generated', limit: 10 });
      assert.deepEqual(
        listed.body.items.map((c: { name: string }) => c.name),
        ['Customer signs in (generated)'],
      );
      assertOnlyOrigin(requests, new URL(app.url).origin);

      // A generation that proposes nothing shows its reason.
      await page.goto(`${app.url}/console/generate/${giftCard}`);
      await page
        .getByRole('alert')
        .filter({ hasText: /name the page/ })
        .waitFor();
      await assertAccessible(page, 'a plan generation that proposed nothing');
    } finally {
      await context.close();
    }
  });

  describe('on the real Django admin (test/apps/django_admin)', () => {
    const ADMIN_PASSWORD = 'Amber-Signal-Harbour-44';
    let admin: DjangoAdmin;
    before(async () => {
      admin = await startDjangoAdmin('ada', ADMIN_PASSWORD, ['Mercury']);
      await environment({ app, org }, 'admin', {
        targets: { web: { baseUrl: admin.baseUrl } },
        runtimeValues: { ADMIN_USERNAME: 'ada', ADMIN_PASSWORD },
      });
    });
    after(() => admin?.close());

    it('finds the sign-in page nobody named, proves the cases, and the saved ones pass when run', async () => {
      const started = await generate('An admin can log in and see the projects, and a wrong password is refused', {
        environmentSlug: 'admin',
      });
      const g = await follow(started.body.testPlanId, 'ready');
      assert.equal(g.status, 'ready', JSON.stringify(g, null, 1));
      assert.equal(g.cases.length, 2, JSON.stringify(g, null, 1));
      const [signIn, refusal] = g.cases;
      assert.equal(signIn.proposal, 'ready', JSON.stringify(signIn));
      assert.equal(refusal.proposal, 'ready', JSON.stringify(refusal));
      assert.ok(!JSON.stringify(g).includes(ADMIN_PASSWORD));
      const save = async (name: string, testCaseSteps: unknown[]) => {
        const created = await call(app, org.apiKey, 'test_case.create', {
          idempotencyKey: key(),
          name,
          platforms: ['web'],
          steps: testCaseSteps,
        });
        const triggered = await call(app, org.apiKey, 'run.trigger', {
          idempotencyKey: key(),
          testCaseId: created.body.id,
          environmentSlug: 'admin',
        });
        return (await followRun(app, org.apiKey, triggered.body.runIds[0])).state.status;
      };
      assert.equal(await save('Admin sees the projects', signIn.testCaseSteps), 'passing');
      assert.equal(await save('Admin wrong password', refusal.testCaseSteps), 'passing');
    });
  });
});

/** Polls GET /api/generate/{testPlanId} until the generation has ended. */
async function ended(app: TestApp, apiKey: string, testPlanId: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const got = await rest(app, apiKey, 'GET', `/api/generate/${testPlanId}`);
    if (got.body.status !== 'generating') return got.body;
    if (Date.now() > deadline) throw new Error(`generation ${testPlanId} still generating`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('plan generation given an Environment, with no web runner', function () {
  this.timeout(60_000);
  const t = useApp(() => ({ ...privateQueues(), WEB_SCHEDULE_TO_START_MS: '1000' }));
  useWorkers(t, { runnerPlatforms: [] });

  it('ends failed saying which runner queue nobody serves, never with an empty reason', async () => {
    await environment(t, 'site', {
      targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
      runtimeValues: { PASSWORD: 'x-Value-1' },
    });
    const started = await rest(t.app, t.org.apiKey, 'POST', '/api/generate', {
      name: 'nobody explores',
      prompt: 'customers can sign in',
      environmentSlug: 'site',
    });
    const g = await ended(t.app, t.org.apiKey, started.body.testPlanId);
    assert.equal(g.status, 'failed');
    assert.match(
      g.failureReason,
      /^no web runner took the generation within 1 s; start a web runner that serves the task queue runner-\w+-web-values, then generate again$/,
    );
  });
});

describe('plan generation given an Environment, with a provider (real stack)', function () {
  this.timeout(120_000);
  let provider: FakeProvider;
  let site: GenerationSite;
  before(async () => {
    provider = await startFakeProvider();
    site = await startGenerationSite(EMAIL, PASSWORD);
  });
  after(async () => {
    await provider?.close();
    await site?.close();
  });
  const t = useApp(() => ({
    ...privateQueues(),
    AI_BASE_URL: provider.baseUrl,
    AI_MODEL: 'test-model',
    AI_MAX_ATTEMPTS: '1',
    AI_MAX_RETRIES: '0',
  }));
  useWorkers(t);

  before(() =>
    environment(t, 'shop', {
      targets: { web: { baseUrl: site.baseUrl } },
      runtimeValues: { USER_EMAIL: EMAIL, PASSWORD },
    }),
  );

  it('gives the model the explored pages, never a value, and proves its steps', async () => {
    provider.reply = () => ({
      kind: 'answer',
      content: {
        steps: [
          { action: 'navigate', target: '/account/login', value: null },
          { action: 'fill', target: 'Email address', value: '{{env.USER_EMAIL}}' },
          { action: 'fill', target: 'Password', value: '{{env.PASSWORD}}' },
          { action: 'click', target: 'Log in', value: null },
        ],
      },
      usage: { prompt_tokens: 700, completion_tokens: 60 },
    });
    const started = await rest(t.app, t.org.apiKey, 'POST', '/api/generate', {
      name: 'with a model',
      prompt: 'customers can sign in',
      environmentSlug: 'shop',
    });
    const g = await ended(t.app, t.org.apiKey, started.body.testPlanId);
    assert.equal(g.status, 'ready', JSON.stringify(g, null, 1));
    assert.equal(g.cases[0].proposal, 'ready');
    assert.equal(provider.seen.length, 1);
    assert.deepEqual(g.providerTokens, { prompt: 700, completion: 60 }, 'the tokens the provider reported');
    const sent = JSON.stringify(provider.seen);
    assert.match(sent, /Email address/, 'the names the pages really have');
    assert.ok(!sent.includes(PASSWORD) && !sent.includes(EMAIL), 'no Environment value reaches the provider');
  });

  it("refuses the model's malformed step with a reason and saves nothing", async () => {
    provider.reply = () => ({
      kind: 'answer',
      content: { steps: [{ action: 'teleport', target: '/account', value: null }] },
    });
    const started = await rest(t.app, t.org.apiKey, 'POST', '/api/generate', {
      name: 'malformed',
      prompt: 'customers can sign in',
      environmentSlug: 'shop',
    });
    const g = await ended(t.app, t.org.apiKey, started.body.testPlanId);
    assert.equal(g.status, 'failed');
    assert.match(g.failureReason, /step 1 \(action\) does not match the step schema.*nothing was saved/);
    assert.deepEqual(g.cases, []);
    const plan = (await rest(t.app, t.org.apiKey, 'GET', '/api/plans')).body.find(
      (p: { _id: string }) => p._id === started.body.testPlanId,
    );
    assert.deepEqual(plan.steps, []);
  });
});
