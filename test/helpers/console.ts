import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { freePort, startApp, type TestApp } from './app';
import { consoleClient, startIssuer, type TestIssuer } from './oidc';
import { sharedBrowser } from './shared-browser';

/** Chromium as the other browser tests launch it (Debian's build, CHROMIUM_PATH from the test setup). */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });

/**
 * The process's one Chromium, launched on first use and closed after the test file
 * (test/helpers/shared-browser.ts): suites share it, each test still opening a context of its own
 * (its own cookies), rather than each suite launching and closing a browser.
 */
export const sharedChromium = (): Promise<Browser> => sharedBrowser(launchChromium);

export interface ConsolePage {
  context: BrowserContext;
  page: Page;
  /** Every URL the page asked for, in order (documents, scripts, styles, images, fetches). */
  requests: string[];
}

/** A fresh browser context (its own cookies) with one page whose every request is recorded. */
export async function openConsole(browser: Browser, width = 1280): Promise<ConsolePage> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const requests: string[] = [];
  // Any request to another host is recorded and then refused here, so none ever leaves the machine.
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) ? route.continue() : route.abort();
  });
  context.on('request', (r) => requests.push(r.url()));
  return { context, page, requests };
}

/** A fresh context signed in at /console with an API key, showing the Runs list. */
export async function signedIn(browser: Browser, appUrl: string, apiKey: string, width = 1280): Promise<ConsolePage> {
  const opened = await openConsole(browser, width);
  await signInWithKey(opened.page, appUrl, apiKey);
  return opened;
}

/**
 * A fresh context signed in as `user` through the organization's OpenID Connect issuer's form
 * (test/helpers/oidc.ts). With `waitForRuns` false it stops where the console lands after the
 * issuer, for a test of a refused sign-in.
 */
export async function signedInAsMember(
  browser: Browser,
  appUrl: string,
  user: string,
  { width = 1280, waitForRuns = true } = {},
): Promise<ConsolePage> {
  const opened = await openConsole(browser, width);
  await opened.page.goto(`${appUrl}/console`);
  await opened.page.getByRole('link', { name: 'Sign in with your organization' }).click();
  await opened.page.getByLabel('User').fill(user);
  await opened.page.getByRole('button', { name: 'Sign in at the issuer' }).click();
  if (waitForRuns) await opened.page.getByRole('heading', { name: 'Runs', level: 1 }).waitFor();
  return opened;
}

/** An app whose console signs in with a local OpenID Connect issuer (test/helpers/oidc.ts), for a `describe`. */
export function useOidcConsoleApp(): { readonly app: TestApp; readonly issuer: TestIssuer } {
  let app: TestApp | undefined;
  let issuer: TestIssuer | undefined;
  before(async () => {
    const port = await freePort();
    const siteUrl = `http://127.0.0.1:${port}`;
    issuer = await startIssuer(`${siteUrl}/api/mcp`, { consoleRedirectUri: `${siteUrl}/api/console/oidc/callback` });
    app = await startApp({
      PORT: String(port),
      ...issuer.settings,
      CONSOLE_OIDC_CLIENT_ID: consoleClient.id,
      CONSOLE_OIDC_CLIENT_SECRET: consoleClient.secret,
    });
  });
  after(async () => {
    await app?.close();
    await issuer?.close();
  });
  const set = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error('useOidcConsoleApp() is set in its before hook: read it in hooks and tests');
    return value;
  };
  return {
    get app() {
      return set(app);
    },
    get issuer() {
      return set(issuer);
    },
  };
}

/** Asserts that every request went to `origin` (the API's own loopback origin). */
export function assertOnlyOrigin(requests: string[], origin: string): void {
  const elsewhere = requests.filter((u) => !u.startsWith('data:') && new URL(u).origin !== origin);
  assert.deepEqual(elsewhere, [], 'the console sent requests to another host');
  assert.ok(requests.length > 0);
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core (from npm, evaluated in the page: the console's policy refuses injected script
 * tags, rightly) and fails on any serious or critical violation.
 */
export async function assertAccessible(page: Page, what: string): Promise<void> {
  await page.evaluate(axeSource);
  const violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }> =
    await page.evaluate(async () => {
      const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
      return result.violations.map((v: any) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n: any) => ({ target: n.target })),
      }));
    });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad, [], `axe-core on ${what}`);
}

/**
 * axe-core on the page as it stands at each width (the 1440 and 375 px by default), the
 * page left at the last one.
 */
export async function assertAccessibleAt(page: Page, what: string, widths = [1440, 375]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await assertAccessible(page, `${what} at ${width} px`);
  }
}

/** Signs in at /console with an API key, as a person would, and waits for the Runs list. */
export async function signInWithKey(page: Page, appUrl: string, apiKey: string): Promise<void> {
  await page.goto(`${appUrl}/console`);
  await page.getByLabel('Organization API key').fill(apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Runs', level: 1 }).waitFor();
}
