import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Chromium as the other browser tests launch it (Debian's build, CHROMIUM_PATH from the test setup). */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });

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

/** Signs in at /console with an API key, as a person would, and waits for the Runs list. */
export async function signInWithKey(page: Page, appUrl: string, apiKey: string): Promise<void> {
  await page.goto(`${appUrl}/console`);
  await page.getByLabel('Organization API key').fill(apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Runs', level: 1 }).waitFor();
}
