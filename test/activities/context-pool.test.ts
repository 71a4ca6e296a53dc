import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { ContextPool, launchBrowser } from '../../activities/runner/browser';
import { egressPolicy } from '../../core/egress';

const policy = () => egressPolicy('127.0.0.0/8', { requireHttps: false });

/** Resolves when `check` holds, polling; fails after `ms`. */
async function eventually(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('ContextPool (the runner worker contexts)', function () {
  this.timeout(60_000);
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser(process.env.CHROMIUM_PATH);
  });
  after(async () => {
    await browser?.close();
  });

  it('keeps one context ready while idle, hands it to the next Run, and prepares none while Runs are active', async () => {
    const pool = new ContextPool(async () => browser, policy(), true, 4);
    try {
      pool.warm();
      await eventually(() => browser.contexts().length === 1 && browser.contexts()[0].pages().length === 1);
      const warm = browser.contexts()[0];

      const first = await pool.acquire();
      assert.equal(first.context, warm, 'the ready context serves the next Run');
      const second = await pool.acquire();
      assert.notEqual(second.context, first.context, 'a context never serves two Runs');
      // Runs active: nothing is prepared beside them.
      await second.context.close();
      pool.release();
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(browser.contexts(), [first.context]);

      await first.context.close();
      pool.release(); // idle again: one is prepared
      await eventually(() => browser.contexts().length === 1 && browser.contexts()[0] !== first.context);
    } finally {
      await pool.close();
    }
    assert.equal(browser.contexts().length, 0, 'close disposes of the ready context');
  });

  it('runs at most `limit` contexts at once; the next Run waits for a slot', async () => {
    const pool = new ContextPool(async () => browser, policy(), false, 2);
    const a = await pool.acquire();
    const b = await pool.acquire();
    let third: Awaited<ReturnType<ContextPool['acquire']>> | undefined;
    const waiting = pool.acquire().then((c) => (third = c));
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(third, undefined, 'the third Run waits');
    assert.equal(browser.contexts().length, 2);
    await a.context.close();
    pool.release();
    await waiting;
    assert.ok(third);
    for (const c of [b, third]) {
      await c.context.close();
      pool.release();
    }
    await pool.close();
  });
});
