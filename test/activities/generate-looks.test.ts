import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../activities/engines/web/browser';
import { lookAndWrite } from '../../activities/generate/look';
import { proveCases } from '../../activities/generate/prove';
import { providerGenerator } from '../../activities/generate';
import { startFakeProvider } from '../helpers/ai-provider';
import { egressPolicy } from '../../core/egress';
import { startDjangoAdmin, type DjangoAdmin } from '../helpers/django-admin';
import { startGenerationSite, type GenerationSite } from '../helpers/generation-site';

const EMAIL = 'ada@example.test';
const PASSWORD = 'Tea-Kettle-Whistle-93';

/**
 * Issue 78 points 1–3 on the embedded default (no provider): prompts written the way people
 * write them (no quoted labels, no paths) against a real application in real Chromium. Each
 * proposed case was tried through the runner before it is proposed as ready.
 */
describe('plan generation that looks at the application (embedded default)', function () {
  this.timeout(120_000);
  let browser: Browser;
  let site: GenerationSite;
  before(async () => {
    browser = await launchBrowser();
    site = await startGenerationSite(EMAIL, PASSWORD);
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  const values: Record<string, string> = { USER_EMAIL: EMAIL, PASSWORD };
  const generate = (prompt: string, variables = Object.keys(values)) =>
    lookAndWrite({
      browser,
      // The runner's egress policy, allowing only the loopback site.
      egress: egressPolicy('127.0.0.1', { requireHttps: false, allowPublic: false }),
      baseUrl: site.baseUrl,
      prompt,
      variables,
      resolveValue: async (name) => values[name],
      maxPages: 8,
      timeMs: 30_000,
    });

  const ready = (r: Awaited<ReturnType<typeof generate>>) => r.cases.filter((c) => c.proposal === 'ready');

  it('signs in with the names the page really has, sees the orders, and proves a wrong password is refused', async () => {
    const result = await generate(
      'Check that a customer can sign in and see their orders, and that a wrong password is refused',
    );
    assert.equal(result.reason, undefined, JSON.stringify(result.cases, null, 1));
    const [signIn, refusal] = result.cases;
    assert.equal(signIn.proposal, 'ready', JSON.stringify(signIn));
    assert.deepEqual(signIn.steps, [
      { action: 'navigate', target: '/account/login' },
      { action: 'fill', target: 'Email address', value: '{{env.USER_EMAIL}}' },
      { action: 'fill', target: 'Password', value: '{{env.PASSWORD}}' },
      { action: 'click', target: 'Log in' },
      { action: 'click', target: 'My orders' },
    ]);
    assert.ok(signIn.checks.includes('Order history'), JSON.stringify(signIn.checks));
    assert.equal(refusal.proposal, 'ready', JSON.stringify(refusal));
    assert.deepEqual(refusal.checks, ['That email and password do not match.']);
    assert.ok(signIn.screenshots.length >= 5);
    // No secret in anything the generation returns.
    assert.ok(!JSON.stringify(result).includes(PASSWORD));
  });

  const everyday: Array<[string, RegExp]> = [
    ['Log in to my account', /Log in/],
    ['make sure someone can search for a teapot', /Search products/],
    ['A shopper should be able to add a teapot to the cart', /Add Teapot to cart/],
    ['Open the about us page and check it loads', /About us/],
    ['customers can sign in', /Log in/],
    ['Find the tea cup', /Search products/],
    ['Check that the home page mentions tea', /"navigate","target":"\/"/],
    ['Go to the products and look for cups', /Search products/],
    ['Users should be able to view their order history after logging in', /My orders/],
  ];
  for (const [prompt, names] of everyday) {
    it(`proves a case for "${prompt}"`, async () => {
      const result = await generate(prompt);
      const proven = ready(result);
      assert.ok(proven.length >= 1, JSON.stringify(result.cases, null, 1) + result.reason);
      assert.match(JSON.stringify(proven[0].steps), names);
      assert.equal(proven[0].failedStep, undefined);
    });
  }

  it('says what is missing when the Environment has no password variable, and proposes a draft', async () => {
    const result = await generate('customers can sign in', ['USER_EMAIL']);
    assert.equal(ready(result).length, 0);
    assert.match(result.reason ?? '', /the Environment has no variable for the password of "Password"; add one/);
  });

  it('gives a provider the prompt and the explored pages (names, never values), and proves its steps', async () => {
    const provider = await startFakeProvider();
    try {
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
      const generator = providerGenerator({
        kind: 'openai',
        baseUrl: provider.baseUrl,
        model: 'test-model',
        timeoutMs: 5000,
        maxRetries: 0,
      });
      const result = await lookAndWrite({
        browser,
        baseUrl: site.baseUrl,
        prompt: 'customers can sign in',
        variables: Object.keys(values),
        resolveValue: async (name) => values[name],
        generator,
      });
      assert.equal(result.cases[0].proposal, 'ready', JSON.stringify(result.cases));
      const sent = JSON.parse(provider.seen[0].body.messages[1].content);
      const names = sent.pages.flatMap((p: { controls: Array<{ name: string }> }) => p.controls.map((c) => c.name));
      assert.ok(names.includes('Email address') && names.includes('Log in'), names.join());
      assert.deepEqual(sent.environmentVariables, ['USER_EMAIL', 'PASSWORD']);
      const everything = JSON.stringify(provider.seen);
      assert.ok(
        !everything.includes(PASSWORD) && !everything.includes(EMAIL),
        'no Environment value reaches the provider',
      );
    } finally {
      await provider.close();
    }
  });

  it("proposes a case that does not pass when tried as a draft, with the failing step, the runner's reason and its suggestion", async () => {
    const [tried] = await proveCases(
      [
        {
          title: 'Open the orders',
          steps: [
            { action: 'navigate', target: '/' },
            { action: 'click', target: 'Orders', expect: { text: 'Order history' } },
          ],
        },
      ],
      { browser, baseUrl: site.baseUrl, resolveValue: async () => '', stepTimeoutMs: 1500 },
    );
    assert.equal(tried.proposal, 'draft');
    assert.equal(tried.passedSteps, 1);
    assert.equal(tried.failedStep?.index, 1);
    assert.ok(tried.failedStep?.reason, 'the runner says why');
    assert.ok(tried.failedStep?.suggestion, 'and what to do');
    assert.match(tried.missing ?? '', /^step 2 did not pass when tried: /);
    assert.equal(tried.screenshots.length >= 1, true);
  });

  it('gives a reason a person can act on for a page that does not exist, never a bare failure', async () => {
    const result = await generate('Check the gift card balance page works');
    assert.equal(ready(result).length, 0);
    assert.match(result.reason ?? '', /explored \d+ page\(s\).*name the page/);
  });

  it('stays inside the egress policy: an application it may not reach is a reason, not a crash', async () => {
    const result = await lookAndWrite({
      browser,
      egress: egressPolicy('10.9.9.9', { requireHttps: false, allowPublic: false }),
      baseUrl: site.baseUrl,
      prompt: 'customers can sign in',
      variables: [],
      resolveValue: async () => '',
    });
    assert.equal(result.cases.length, 0);
    assert.match(result.reason ?? '', /could not be opened; check the Environment's web target, or ask the operator/);
  });
});

/** The same on a real application nobody here wrote: Django's stock admin (test/apps/django_admin). */
describe('plan generation that looks at the Django admin (embedded default)', function () {
  this.timeout(240_000);
  const ADMIN_PASSWORD = 'Quiet-Harbour-Lamp-58';
  let browser: Browser;
  let admin: DjangoAdmin;
  before(async () => {
    admin = await startDjangoAdmin('ada', ADMIN_PASSWORD, ['Mercury']);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await admin?.close();
  });

  const values: Record<string, string> = { ADMIN_USERNAME: 'ada', ADMIN_PASSWORD };
  const generate = (prompt: string) =>
    lookAndWrite({
      browser,
      egress: egressPolicy('127.0.0.0/8', { requireHttps: false, allowPublic: false }),
      baseUrl: admin.baseUrl,
      prompt,
      variables: Object.keys(values),
      resolveValue: async (name) => values[name],
    });

  it('finds the sign-in page nobody named, signs in, opens the projects, and proves a wrong password is refused', async () => {
    const result = await generate('An admin can log in and see the projects, and a wrong password is refused');
    assert.equal(result.reason, undefined, JSON.stringify(result.cases, null, 1));
    const [signIn, refusal] = result.cases;
    assert.equal(signIn.proposal, 'ready', JSON.stringify(signIn));
    assert.deepEqual(signIn.steps.slice(0, 4), [
      { action: 'navigate', target: '/admin/login/' },
      // Django's labels end with a colon: the accessible names the page really has.
      { action: 'fill', target: 'Username:', value: '{{env.ADMIN_USERNAME}}' },
      { action: 'fill', target: 'Password:', value: '{{env.ADMIN_PASSWORD}}' },
      { action: 'click', target: 'Log in' },
    ]);
    assert.match(JSON.stringify(signIn.steps[4]), /Projects/);
    assert.equal(refusal.proposal, 'ready', JSON.stringify(refusal));
    assert.match(refusal.checks[0], /correct username and password/);
    assert.ok(!JSON.stringify(result).includes(ADMIN_PASSWORD));
  });
});
