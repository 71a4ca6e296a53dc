import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { signedTracePath, TRACE_LINK_TTL_MS } from '../../api/runs/trace-links';
import { call, createOrg, runNewCase } from '../helpers/app';
import { assertAccessible, assertOnlyOrigin, launchChromium, openConsole, signInWithKey } from '../helpers/console';
import { followRun, useRunStack } from '../helpers/runs';
import { zipEntries } from '../helpers/zips';

const SECRET = 'Viewer-Passw0rd';

/** Where the viewer's screenshot for docs/console.md goes. */
const shot = resolve(__dirname, '..', '..', 'docs', 'console', 'trace-viewer.png');

/**
 * Issue 77, point 1: a failed Run's trace opens in Playwright's trace viewer, served by the API
 * itself, from the Run's page, at the failing action; the trace comes through a short-lived link
 * signed for the organization, which nobody else's credential, no report link and no stale link opens.
 */
describe('console (issue 77): the trace viewer from a failed Run', function () {
  this.timeout(240_000);
  const s = useRunStack(SECRET);
  let browser: Browser;
  let runId: string;
  before(async () => {
    browser = await launchChromium();
    // Signs in, then expects a greeting the site never shows: the click is the failing action.
    runId = await runNewCase(
      s,
      {
        name: 'Wrong greeting',
        steps: [
          { action: 'navigate', target: '/login' },
          { action: 'fill', target: 'Email', valueSpec: { kind: 'literal', text: 'ada@example.test' } },
          { action: 'click', target: 'Sign in', expect: { text: 'Goodbye' } },
        ],
      },
      { environmentSlug: 'local' },
    );
    assert.equal((await followRun(s.app, s.org.apiKey, runId)).state.status, 'failed');
  });
  after(() => browser?.close());

  const viewerLink = (credential: string | null) =>
    fetch(`${s.app.url}/api/runs/${runId}/trace/viewer`, {
      headers: credential ? { Authorization: `Bearer ${credential}` } : {},
    });
  const traceAt = (path: string) => fetch(new URL(path, s.app.url), { redirect: 'manual' });

  it("opens the viewer from the Run's page at the failing action, loading the trace from this origin only", async () => {
    const { page, context, requests } = await openConsole(browser);
    try {
      await signInWithKey(page, s.app.url, s.org.apiKey);
      await page.goto(`${s.app.url}/console/runs/${runId}`);
      const open = page.getByRole('button', { name: 'Open trace', exact: true });
      await open.waitFor();
      await assertAccessible(page, 'a failed Run with its trace button');
      const [viewer] = await Promise.all([context.waitForEvent('page'), open.click()]);
      await viewer.waitForLoadState();
      assert.equal(new URL(viewer.url()).pathname, '/api/trace-viewer/index.html');
      // The viewer lists the Run's actions and selects the one that failed.
      const selected = viewer.locator('[role="treeitem"][aria-selected="true"]');
      await selected.first().waitFor({ timeout: 60_000 });
      assert.match((await selected.first().textContent()) ?? '', /Step 3: Click "Sign in" \(did not pass\)/);
      assert.match(await viewer.locator('[role="tree"]').first().innerText(), /Navigate/);
      await viewer.screenshot({ path: shot });
      assert.equal(await page.getByRole('status').filter({ hasText: 'Opened in a new tab.' }).count(), 1);
      assertOnlyOrigin(requests, s.app.url);
    } finally {
      await context.close();
    }
  });

  it('opens the viewer at any step, from its button on the step', async () => {
    const { page, context, requests } = await openConsole(browser);
    try {
      await signInWithKey(page, s.app.url, s.org.apiKey);
      await page.goto(`${s.app.url}/console/runs/${runId}`);
      const open = page.getByRole('button', { name: 'Open trace at step 2' });
      await open.waitFor();
      const [viewer] = await Promise.all([context.waitForEvent('page'), open.click()]);
      assert.equal(new URL(viewer.url()).searchParams.get('step'), '2');
      const selected = viewer.locator('[role="treeitem"][aria-selected="true"] > .tree-view-entry');
      await viewer.waitForFunction(
        () => document.querySelector('[role="treeitem"][aria-selected="true"]')?.textContent?.includes('Step 2:'),
        undefined,
        { timeout: 60_000 },
      );
      assert.match((await selected.first().textContent()) ?? '', /^\s*Step 2: Fill "Email"/);
      assertOnlyOrigin(requests, s.app.url);
    } finally {
      await context.close();
    }
  });

  it('answers the viewer on this origin with the trace link signed for the organization', async () => {
    const res = await viewerLink(s.org.apiKey);
    assert.equal(res.status, 200);
    const link = await res.json();
    const version = require('playwright-core/package.json').version as string;
    assert.equal(link.viewerVersion, version);
    assert.equal(link.recordedWith, version, 'the runner records with the same playwright-core');
    assert.ok(link.expiresAt - Date.now() <= 5 * 60_000 + 1000, 'the link is short-lived');
    const url = new URL(link.url, s.app.url);
    assert.equal(url.origin, s.app.url);
    const trace = await traceAt(url.searchParams.get('trace')!);
    assert.equal(trace.status, 200);
    assert.equal(trace.headers.get('content-type'), 'application/zip');
    assert.ok((await zipEntries(Buffer.from(await trace.arrayBuffer()))).has('trace.trace'));
  });

  it("serves the viewer's own files only, by any spelling of a path", async () => {
    const sw = await fetch(`${s.app.url}/api/trace-viewer/sw.bundle.js`);
    assert.equal(sw.status, 200);
    assert.match(sw.headers.get('content-type') ?? '', /javascript/);
    const page = await (await fetch(`${s.app.url}/api/trace-viewer/index.html`)).text();
    // Its scripts, styles and icons load from here (a link in its help text is no request).
    assert.doesNotMatch(page, /<(script|link)\b[^>]*\b(src|href)="(https?:)?\/\//, 'nothing from another host');
    assert.match(page, /<script type="module" src="\.\/qa-open-step\.js"><\/script><\/body>/);
    for (const path of [
      '../package.json',
      '%2e%2e/package.json',
      'assets/..%2f..%2fpackage.json',
      '..%2F..%2F..%2Fpackage.json',
      'index.html%00.js',
      'assets/x/y.js',
      'cli.js',
    ]) {
      const res = await fetch(`${s.app.url}/api/trace-viewer/${path}`);
      assert.equal(res.status, 404, path);
    }
  });

  it('another organization, a customer-safe report link and an expired link get no trace', async () => {
    const other = await createOrg(s.app.deps);
    const foreign = await viewerLink(other.apiKey);
    assert.equal(foreign.status, 404);
    assert.equal((await viewerLink(null)).status, 401);
    const key = s.app.deps.config.SIGNING_KEY;
    // A link signed for the other organization does not open this organization's Run.
    const forOther = await traceAt(signedTracePath(key, other.orgId, runId).path);
    assert.equal(forOther.status, 403);
    assert.equal((await forOther.json()).code, 'PERMISSION_DENIED');

    // The customer-safe report link: its signature opens the report, never the trace.
    const { reportUrl } = (await call(s.app, s.org.apiKey, 'run.get', { runId })).body;
    const report = new URL(reportUrl);
    const withReport = await traceAt(`/api/runs/${runId}/trace/signed${report.search}`);
    assert.equal(withReport.status, 403);
    const html = await (await fetch(reportUrl)).text();
    assert.doesNotMatch(html, /trace/i, 'the report page links no trace');

    const expired = signedTracePath(key, s.org.orgId, runId, Date.now() - TRACE_LINK_TTL_MS - 1000);
    assert.equal((await traceAt(expired.path)).status, 403);
    const fresh = signedTracePath(key, s.org.orgId, runId);
    assert.equal((await traceAt(fresh.path.replace(/sig=./, 'sig=x'))).status, 403);
    assert.equal((await traceAt(fresh.path)).status, 200);
  });
});
