import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { ContextPool, launchBrowser } from '../../activities/engines/web/browser';
import { Redactor } from '../../activities/engines/shared/redactor';
import type { WebRunResult } from '../../activities/engines/shared/result';
import { runWebSteps } from '../../activities/engines/web/web';
import { egressPolicy } from '../../core/egress';
import type { Step } from '../../core/steps';
import { startDjangoAdmin, type DjangoAdmin } from '../helpers/django-admin';

const PASSWORD = 'Adm1n-Passphrase-7c41e0';

const navigate = (target: string, text?: string): Step => ({
  action: 'navigate',
  target,
  ...(text && { expect: { text } }),
});
const type = (target: string, text: string): Step => ({ action: 'fill', target, valueSpec: { kind: 'literal', text } });
const click = (target: string, text?: string): Step => ({ action: 'click', target, ...(text && { expect: { text } }) });
const signIn = (password = 'ADMIN_PASSWORD'): Step[] => [
  navigate('/admin/login/'),
  type('Username', 'ada'),
  { action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: password } },
  click('Log in', 'Site administration'),
];

/**
 * The runner against a real application nobody here wrote (issue 51, item 5): Django's stock admin,
 * installed from PyPI and started on loopback (test/apps/django_admin). Each flow's verdict is the one a
 * person gives: the working flows pass, the broken ones fail, and the admin's password, an Environment
 * value, is in no result.
 */
describe('the web runner on a real application (Django admin)', function () {
  this.timeout(240_000);
  let admin: DjangoAdmin;
  let browser: Browser;
  let pool: ContextPool;
  const results: WebRunResult[] = [];

  before(async () => {
    admin = await startDjangoAdmin('ada', PASSWORD, ['Mercury']);
    browser = await launchBrowser(process.env.CHROMIUM_PATH);
    pool = new ContextPool(async () => browser, egressPolicy('127.0.0.0/8', { requireHttps: false }));
  });
  after(async () => {
    await pool?.close();
    await browser?.close();
    await admin?.close();
  });

  const run = async (steps: Step[], values: Record<string, string> = { ADMIN_PASSWORD: PASSWORD }) => {
    const result = await runWebSteps({
      baseUrl: admin.baseUrl,
      steps,
      browser,
      contexts: pool,
      redactor: new Redactor(),
      resolveValue: async (name) => {
        const value = values[name];
        if (value === undefined) throw new Error(`no value ${name}`);
        return value;
      },
    });
    results.push(result);
    return result;
  };
  const reasons = (result: WebRunResult) =>
    result.steps.map((s) => `${s.index} ${s.status}: ${s.reason} ${s.internalError ?? ''}`).join('\n');
  const expectOutcome = (result: WebRunResult, outcome: WebRunResult['outcome']) =>
    assert.equal(result.outcome, outcome, reasons(result));

  it('signs in with the Environment secret (CSRF and a session)', async () => {
    expectOutcome(await run(signIn()), 'passed');
  });

  it('broken: a wrong password is refused by the application → failed', async () => {
    const result = await run(signIn(), { ADMIN_PASSWORD: 'not-the-password' });
    expectOutcome(result, 'failed');
    assert.equal(result.steps[3].diagnosis?.category, 'application');
  });

  it('adds a project: a validation error, then fixed; the date widget, a select and a checkbox', async () => {
    const result = await run([
      ...signIn(),
      navigate('/admin/projects/project/add/'),
      click('Save', 'Please correct the errors below'),
      type('Name', 'Apollo'),
      click('Today'),
      type('Status', 'Running'),
      click('Featured'),
      click('Save', 'The project "Apollo" was added successfully'),
    ]);
    expectOutcome(result, 'passed');
  });

  it('broken: the form left invalid never says it was added → failed', async () => {
    const result = await run([
      ...signIn(),
      navigate('/admin/projects/project/add/'),
      type('Name', 'Apollo'), // taken: the admin answers with a form error
      click('Today'),
      click('Save', 'was added successfully'),
    ]);
    expectOutcome(result, 'failed');
  });

  it('broken: saving fails on the server (an answer of 500) → failed', async () => {
    const result = await run([
      ...signIn(),
      navigate('/admin/projects/project/add/'),
      type('Name', 'Explode'),
      click('Today'),
      click('Save'),
    ]);
    expectOutcome(result, 'failed');
    assert.match(result.steps.at(-1)?.reason ?? '', /HTTP 500/);
  });

  it('searches by the field labelled with a magnifier image', async () => {
    const result = await run([
      ...signIn(),
      navigate('/admin/projects/project/'),
      type('Search', 'Apollo'),
      click('Search', '1 result (2 total)'),
    ]);
    expectOutcome(result, 'passed');
  });

  it('broken: a search for what is not there → failed', async () => {
    const result = await run([
      ...signIn(),
      navigate('/admin/projects/project/'),
      type('Search', 'Gemini'),
      click('Search', 'Gemini'),
    ]);
    expectOutcome(result, 'failed');
  });

  it('deletes with the confirmation "Yes, I\'m sure" (the page says I’m), then logs out', async () => {
    const result = await run([
      ...signIn(),
      navigate('/admin/projects/project/'),
      click('Apollo'),
      click('Delete'),
      click("Yes, I'm sure", 'was deleted successfully'),
      click('Log out', 'Log in again'),
    ]);
    expectOutcome(result, 'passed');
  });

  it('the Environment secret is in no result, reason or fact', () => {
    assert.ok(results.length >= 8);
    const everything = JSON.stringify(results.map((r) => r.steps.map(({ screenshot: _, ...step }) => step)));
    assert.ok(!everything.includes(PASSWORD));
  });
});
