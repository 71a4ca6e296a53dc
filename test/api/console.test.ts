import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { call, createOrg, environment, key, newCase, startApp, type TestApp } from '../helpers/app';
import {
  assertAccessible,
  assertOnlyOrigin,
  openConsole,
  sharedChromium,
  signedIn,
  signedInAsMember,
  signInWithKey,
  useOidcConsoleApp,
} from '../helpers/console';
import { rest } from '../helpers/rest';
import { useRunStack } from '../helpers/runs';
import { apiKeyRepository } from '../../db/repositories/organizations';
import { orgMemberRepository } from '../../db/repositories/org-members';

const PASSWORD = 'console-site-password';
const signInHeading = 'Sign in to the QA console';

/** The session cookie of a browser context, as a Cookie header for requests made outside the browser. */
async function cookieHeader(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

describe('console at /console (issue 52)', function () {
  this.timeout(180_000);
  let browser: Browser;
  before(async () => {
    browser = await sharedChromium();
  });

  describe('signed in with an API key', () => {
    const s = useRunStack(PASSWORD);

    it('/ redirects to /console, which asks for an API key; the API refuses a request with no credential', async () => {
      const root = await fetch(`${s.app.url}/`, { redirect: 'manual' });
      assert.equal(root.status, 302);
      assert.equal(root.headers.get('location'), '/console');
      const bare = await call(s.app, null, 'run.list', {});
      assert.equal(bare.status, 401);
      assert.equal(bare.body.error.code, 'UNAUTHENTICATED');

      const { page, requests, context } = await openConsole(browser);
      await page.goto(`${s.app.url}/`);
      await page.getByRole('heading', { name: signInHeading }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/console');
      await assertAccessible(page, 'the sign-in page');
      assertOnlyOrigin(requests, s.app.url);
      await context.close();
    });

    it('sends the key to the sign-in endpoint only as Authorization: Bearer, never in a body or an address', async () => {
      // The specification's Authentication: the key is "never in a request body"; interface.md: the
      // console signs in "by an API key sent as Authorization: Bearer <key>".
      const { page, context } = await openConsole(browser);
      const sent: { method: string; url: string; authorization?: string; body: string | null; headers: string }[] = [];
      await page.route('**/*', async (route) => {
        const request = route.request();
        const headers = await request.allHeaders();
        sent.push({
          method: request.method(),
          url: request.url(),
          authorization: headers.authorization,
          body: request.postData(),
          headers: JSON.stringify(Object.entries(headers).filter(([name]) => name !== 'authorization')),
        });
        await route.fallback();
      });
      await signInWithKey(page, s.app.url, s.org.apiKey);
      const signIn = sent.filter((r) => new URL(r.url).pathname === '/api/console/session' && r.method === 'POST');
      assert.equal(signIn.length, 1, JSON.stringify(sent.map((r) => `${r.method} ${r.url}`)));
      assert.equal(signIn[0].authorization, `Bearer ${s.org.apiKey}`);
      assert.ok(!signIn[0].body, `the sign-in request has no body: ${signIn[0].body}`);
      for (const r of sent) {
        assert.ok(!r.url.includes(s.org.apiKey), `the key is in the address ${r.method} ${r.url}`);
        assert.ok(!(r.body ?? '').includes(s.org.apiKey), `the key is in the body of ${r.method} ${r.url}`);
        assert.ok(!r.headers.includes(s.org.apiKey), `the key is in another header of ${r.method} ${r.url}`);
        if (r !== signIn[0]) assert.equal(r.authorization, undefined, `${r.method} ${r.url} carries a credential`);
      }
      await context.close();
    });

    it('holds only an HttpOnly SameSite session cookie, and follows a new Run in the list from queued to passing', async () => {
      const { page, requests, context } = await signedIn(browser, s.app.url, s.org.apiKey);
      const cookies = await context.cookies();
      assert.deepEqual(
        cookies.map((c) => [c.name, c.httpOnly, c.sameSite]),
        [['qa_console', true, 'Strict']],
      );
      assert.ok(!cookies[0].value.includes(s.org.apiKey));
      const stored = await page.evaluate(() => [document.cookie, localStorage.length, sessionStorage.length]);
      assert.deepEqual(stored, ['', 0, 0], 'nothing a script can read holds the credential');

      const testCase = await newCase(s);
      const triggered = await call(s.app, s.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        environmentSlug: 'local',
      });
      const runId: string = triggered.body.runIds[0];
      const row = page.locator(`tr[data-run-id="${runId}"]`);
      // It appears without a reload, and turns passing in place.
      await row.waitFor({ timeout: 15_000 });
      await row.getByText('passing', { exact: true }).waitFor({ timeout: 90_000 });
      const documents = requests.filter((u) => new URL(u).pathname.startsWith('/console') && !u.includes('/assets/'));
      assert.equal(documents.length, 1, 'the page was loaded once and updated in place');
      await assertAccessible(page, 'the Runs list');

      // Named by its Test Case, its id copyable beside the name (issue 76: names, never bare ids).
      await row.getByRole('button', { name: `Copy the Run id ${runId}` }).waitFor();
      await row.getByRole('link', { name: testCase.name, exact: true }).click();
      await page.getByRole('heading', { name: `Run of ${testCase.name}` }).waitFor();
      await page.getByRole('button', { name: `Copy the Run id ${runId}` }).waitFor();
      await page.getByRole('list', { name: 'Steps' }).getByText('navigate').first().waitFor();
      await assertAccessible(page, 'a Run');
      assertOnlyOrigin(requests, s.app.url);
      await context.close();
    });

    it('quarantines a case with a reason through the public endpoint, and releases it', async () => {
      const testCase = await newCase(s, { name: 'Checkout smoke' });
      const { page, requests, context } = await signedIn(browser, s.app.url, s.org.apiKey);
      await page.goto(`${s.app.url}/console/test-cases/${testCase.id}`);
      await page.getByRole('heading', { name: 'Checkout smoke' }).waitFor();
      await page.getByText('Not in quarantine.').waitFor();
      await page.getByLabel('Reason').fill('flaky login on staging');
      await page.getByRole('button', { name: 'Quarantine' }).click();
      await page.getByText('Quarantined.').waitFor();
      const health = await rest(s.app, s.org.apiKey, 'GET', `/api/test-cases/${testCase.id}/health`);
      assert.equal(health.body.quarantine.quarantined, true);
      assert.equal(health.body.quarantine.reason, 'flaky login on staging');
      await assertAccessible(page, 'a Test Case');
      await page.getByRole('button', { name: 'Release' }).click();
      await page.getByText('Released from quarantine.').waitFor();
      const after = await rest(s.app, s.org.apiKey, 'GET', `/api/test-cases/${testCase.id}/health`);
      assert.equal(after.body.quarantine.quarantined, false);
      await page.goto(`${s.app.url}/console/test-cases`);
      await page.getByRole('heading', { name: 'Flakiest cases' }).waitFor();
      await assertAccessible(page, 'the Test Cases list');
      assertOnlyOrigin(requests, s.app.url);
      await context.close();
    });

    it('pauses a schedule; Environments show names of runtime values, never a value', async () => {
      const testCase = await newCase(s);
      const plan = await call(s.app, s.org.apiKey, 'test_plan.create', {
        idempotencyKey: key(),
        name: 'Nightly',
        testCaseIds: [testCase.id],
      });
      const schedule = await rest(s.app, s.org.apiKey, 'POST', '/api/schedules', {
        name: 'Nightly smoke',
        testPlanId: plan.body.id,
        environmentSlug: 'local',
        every: '1h',
      });
      assert.equal(schedule.status, 201, JSON.stringify(schedule.body));
      const { page, requests, context } = await signedIn(browser, s.app.url, s.org.apiKey, 375);
      await page.goto(`${s.app.url}/console/schedules`);
      const card = page.locator(`li[data-schedule-id="${schedule.body.id}"]`);
      await card.getByRole('heading', { name: 'Nightly smoke' }).waitFor();
      await assertAccessible(page, 'Schedules at 375 px');
      await card.getByRole('button', { name: 'Pause' }).click();
      await card.getByRole('button', { name: 'Resume' }).waitFor();
      const read = await rest(s.app, s.org.apiKey, 'GET', `/api/schedules/${schedule.body.id}`);
      assert.equal(read.body.paused, true);

      await page.goto(`${s.app.url}/console/environments`);
      await page.getByText('Runtime values: PASSWORD').waitFor();
      assert.ok(!(await page.content()).includes(PASSWORD), 'a runtime value never reaches the page');
      await assertAccessible(page, 'Environments');
      // Usable at 375 px: the page does not scroll sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `scrolls sideways by ${overflow} px`);
      assertOnlyOrigin(requests, s.app.url);
      await context.close();
    });

    it("never shows another organization's Runs or cases, by id in the URL included", async () => {
      const other = await createOrg(s.app.deps);
      const theirs = { app: s.app, org: other };
      await environment(theirs, 'local', { targets: { web: { baseUrl: s.site.url } } });
      const theirCase = await newCase(theirs, { name: 'Their secret case' });
      const theirRun = await call(s.app, other.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: theirCase.id,
        environmentSlug: 'local',
      });
      const theirRunId: string = theirRun.body.runIds[0];
      const { page, context } = await signedIn(browser, s.app.url, s.org.apiKey);
      await page.locator('tbody tr').first().waitFor();
      assert.equal(await page.locator(`tr[data-run-id="${theirRunId}"]`).count(), 0);
      await page.goto(`${s.app.url}/console/runs/${theirRunId}`);
      await page
        .getByRole('alert')
        .getByText(/not found/i)
        .waitFor();
      await page.goto(`${s.app.url}/console/test-cases/${theirCase.id}`);
      await page
        .getByRole('alert')
        .getByText(/not found/i)
        .waitFor();
      assert.ok(!(await page.content()).includes('Their secret case'));
      await context.close();
    });

    it('refuses a changing request without the anti-CSRF token or from another site; signing out ends the session', async () => {
      const { page, context } = await signedIn(browser, s.app.url, s.org.apiKey);
      const cookie = await cookieHeader(page);
      const session = await rest(s.app, null, 'GET', '/api/console/session', undefined, { Cookie: cookie });
      assert.equal(session.status, 200);
      const token: string = session.body.csrfToken;
      const list = (headers: Record<string, string>) =>
        rest(s.app, null, 'POST', '/api/v1/run.list', {}, { Cookie: cookie, ...headers });
      const noToken = await list({});
      assert.equal(noToken.status, 403);
      assert.equal(noToken.body.error.code, 'PERMISSION_DENIED');
      const elsewhere = await list({ 'X-CSRF-Token': token, Origin: 'http://127.0.0.2:9' });
      assert.equal(elsewhere.body.error.code, 'PERMISSION_DENIED');
      assert.equal((await list({ 'X-CSRF-Token': token, Origin: s.app.url })).status, 200);

      // A page of another origin posts with the browser's cookies: refused (Sec-Fetch-Site), nothing pinned.
      const testCase = await newCase(s);
      const run = await call(s.app, s.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        environmentSlug: 'local',
      });
      const runId: string = run.body.runIds[0];
      const attacker = await context.newPage();
      await attacker.goto(s.site.url);
      const answered = attacker.waitForResponse((r) => r.url().endsWith(`/api/runs/${runId}/pin`));
      await attacker.evaluate(
        (url) => fetch(url, { method: 'POST', credentials: 'include', mode: 'no-cors' }).catch(() => null),
        `${s.app.url}/api/runs/${runId}/pin`,
      );
      assert.equal((await answered).status(), 403);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: signInHeading }).waitFor();
      const after = await rest(s.app, null, 'GET', '/api/runs', undefined, { Cookie: cookie });
      assert.equal(after.status, 401);
      assert.equal(after.body.code, 'UNAUTHENTICATED');
      await context.close();
    });

    it('a revoked key ends its sessions within API_KEY_CACHE_TTL_MS (5 s)', async () => {
      const org = await createOrg(s.app.deps);
      const { page, context } = await signedIn(browser, s.app.url, org.apiKey);
      await apiKeyRepository.revoke(s.app.deps.db.manager, org.keyId, Date.now());
      // The list reads every 2 s; within the key cache's 5 s the next read is refused.
      await page.getByRole('heading', { name: signInHeading }).waitFor({ timeout: 10_000 });
      await context.close();
    });
  });

  describe('sessions expire', () => {
    let app: TestApp;
    before(async () => {
      app = await startApp({ CONSOLE_SESSION_TTL_MS: '2000' });
    });
    after(() => app?.close());

    it('an expired session goes back to sign-in, and its cookie is refused', async () => {
      const org = await createOrg(app.deps);
      const { page, context } = await signedIn(browser, app.url, org.apiKey);
      const cookie = await cookieHeader(page);
      await page.getByRole('heading', { name: signInHeading }).waitFor({ timeout: 10_000 });
      await page.getByText(/session (expired|ended)|Signed out/).waitFor();
      const after = await rest(app, null, 'GET', '/api/runs', undefined, { Cookie: cookie });
      assert.equal(after.status, 401);
      await context.close();
    });
  });

  describe("signed in with the organization's OpenID Connect issuer", () => {
    const oidc = useOidcConsoleApp();
    /** Signs in at the issuer's form as `user`; answers the page back at the console. */
    const signInWithIssuer = (user: string) => signedInAsMember(browser, oidc.app.url, user, { waitForRuns: false });

    it('signs a member in with authorization code + PKCE; a read-only member is shown what they cannot do', async () => {
      const org = await createOrg(oidc.app.deps);
      await orgMemberRepository.add(oidc.app.deps.db.manager, org.orgId, 'alice', Date.now());
      oidc.issuer.addUser('alice', org.orgId, ['svc:read']);
      const testCase = await newCase({ app: oidc.app, org }, { name: 'Login page' });
      const apiKeyEntry = await rest(oidc.app, org.apiKey, 'POST', '/api/console/session');
      assert.equal(apiKeyEntry.status, 422, 'an install with an issuer signs in with it, not with a key');

      const { page, requests, context } = await signInWithIssuer('alice');
      await page.getByRole('heading', { name: 'Runs', level: 1 }).waitFor();
      await page.getByText('alice').first().waitFor();
      // Cookies ignore ports: the issuer's own (_session…) on 127.0.0.1 are left aside.
      const cookies = (await context.cookies(oidc.app.url)).filter((c) => c.name.startsWith('qa_'));
      assert.deepEqual(
        cookies.map((c) => [c.name, c.httpOnly, c.sameSite]),
        [['qa_console', true, 'Strict']],
      );
      await page.goto(`${oidc.app.url}/console/test-cases/${testCase.id}`);
      await page.getByRole('heading', { name: 'Login page' }).waitFor();
      // Each form the member cannot use (quarantine, the case's own settings) is disabled and says why.
      assert.equal(await page.getByRole('button', { name: 'Quarantine' }).isDisabled(), true);
      assert.equal(await page.getByRole('button', { name: 'Save' }).isDisabled(), true);
      await page.getByText('needs svc:test_cases:write').first().waitFor();
      assert.equal(await page.getByText('needs svc:test_cases:write').count(), 2);
      await assertAccessible(page, 'a Test Case, read-only');
      // The console's own pages asked nothing of any host but the API; the issuer's pages are the issuer's.
      const issuerOrigin = new URL(oidc.issuer.issuer).origin;
      assertOnlyOrigin(
        requests.filter((u) => new URL(u).origin !== issuerOrigin),
        oidc.app.url,
      );

      // Removed from the organization: the next request is refused, and the console asks to sign in.
      await orgMemberRepository.remove(oidc.app.deps.db.manager, org.orgId, 'alice');
      await page.getByRole('link', { name: 'Runs' }).click();
      await page.getByRole('heading', { name: signInHeading }).waitFor({ timeout: 10_000 });
      await context.close();
    });

    it('refuses a user who is not a member of the organization the token names', async () => {
      const org = await createOrg(oidc.app.deps);
      oidc.issuer.addUser('mallory', org.orgId);
      const { page, context } = await signInWithIssuer('mallory');
      await page.getByRole('heading', { name: signInHeading }).waitFor();
      await page.getByText(/not a member/).waitFor();
      assert.deepEqual(
        (await context.cookies(oidc.app.url)).filter((c) => c.name === 'qa_console'),
        [],
      );
      await context.close();
    });
  });
});
