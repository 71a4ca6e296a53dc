/**
 * The one Chromium a test process's console suites share (test/helpers/console.ts launches it on
 * first use), closed by this root hook after each test file's suites. A root hook plugin (in
 * .mocharc.js) runs for every file, also in mocha's parallel mode where a worker process runs file
 * after file with its modules cached. Only a type of playwright here: files without a browser load
 * nothing of it.
 */
import type { Browser } from 'playwright-core';

let shared: Promise<Browser> | undefined;

/** The process's Chromium, launched by `launch` on first use. */
export function sharedBrowser(launch: () => Promise<Browser>): Promise<Browser> {
  shared ??= launch();
  return shared;
}

export const mochaHooks = {
  async afterAll(): Promise<void> {
    const browser = shared;
    shared = undefined;
    await (await browser?.catch(() => undefined))?.close();
  },
};
