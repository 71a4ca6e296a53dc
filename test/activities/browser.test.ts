import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../activities/engines/web/browser';
import { commandLine, processTree } from '../../scripts/lib/process-tree';

/** Every process under `pid` (itself included) with its command line. */
function tree(pid: number): Array<{ pid: number; args: string[] }> {
  return processTree(pid).map((p) => ({ pid: p, args: commandLine(p) }));
}

/** The features a command line disables, one list per --disable-features switch, in order. */
function disabledFeatureLists(args: string[]): string[][] {
  return args.filter((a) => a.startsWith('--disable-features=')).map((a) => a.split('=')[1].split(','));
}

describe("the runner's Chromium", function () {
  this.timeout(60_000);
  let browser: Browser;
  let browserProcess: { pid: number; args: string[] };
  before(async () => {
    browser = await launchBrowser(process.env.CHROMIUM_PATH);
    // The browser process is the child of this process that Playwright drives over a pipe.
    const launched = tree(process.pid).filter(
      (p) => p.args.includes('--remote-debugging-pipe') && !p.args.some((a) => a.startsWith('--type=')),
    );
    assert.equal(launched.length, 1, 'one Chromium launched by this test');
    browserProcess = launched[0];
  });
  after(async () => {
    await browser?.close();
  });

  it("keeps every feature Playwright's launch disables (Chromium reads only the last --disable-features)", () => {
    const lists = disabledFeatureLists(browserProcess.args);
    assert.ok(lists.length >= 2, 'Playwright passes its own list and the runner passes one after it');
    const effective = new Set(lists.at(-1));
    const dropped = lists[0].filter((feature) => !effective.has(feature));
    assert.deepEqual(dropped, [], 'features Playwright disables that the runner would turn back on');
  });

  it('gives a context no renderer of its own for an address-bar popup: a page costs one renderer', async () => {
    const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
    try {
      for (const context of contexts) await (await context.newPage()).goto('about:blank');
      // Chromium builds that popup as a WebUI page (a renderer started with --top-chrome-webui) as a
      // window opens; give it the time it takes on a loaded machine.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const webUi = tree(browserProcess.pid).filter((p) => /(^|\s)--top-chrome-webui(\s|$)/.test(p.args.join(' ')));
      assert.deepEqual(
        webUi.map((p) => p.pid),
        [],
        'WebUI renderers while three contexts are open',
      );
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });
});
