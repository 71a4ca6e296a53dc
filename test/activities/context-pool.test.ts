import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { ContextPool, launchBrowser } from '../../activities/engines/web/browser';
import { Redactor } from '../../activities/engines/shared/redactor';
import { runWebSteps } from '../../activities/engines/web/web';
import { egressPolicy } from '../../core/egress';
import type { Step } from '../../core/steps';
import { startTestSite } from '../helpers/web-site';

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

  /** A pool of two that notes 'prepare' in `order` as it starts preparing a context (it asks for the browser then). */
  const preparingPool = (order: string[], traced = false) =>
    new ContextPool(
      async () => {
        order.push('prepare');
        return browser;
      },
      policy(),
      true,
      2,
      traced,
    );

  it('keeps one context ready while idle and hands it to the next Run; a Run that came to an idle runner is not raced by the next one', async () => {
    const pool = new ContextPool(async () => browser, policy(), true, 4);
    try {
      pool.warm();
      await eventually(() => browser.contexts().length === 1 && browser.contexts()[0].pages().length === 1);
      const warm = browser.contexts()[0];

      const first = await pool.acquire();
      assert.equal(first.context, warm, 'the ready context serves the next Run');
      // The Run came to an idle runner: the next context waits for its end, in the idle time after it.
      pool.underway();
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(browser.contexts(), [first.context], 'nothing is prepared beside a Run that came alone');

      await first.context.close();
      pool.release(); // idle again: one is prepared
      await eventually(() => browser.contexts().length === 1 && browser.contexts()[0] !== first.context);
      const second = await pool.acquire();
      assert.notEqual(second.context, first.context, 'a context never serves two Runs');
      await second.context.close();
      pool.release();
    } finally {
      await pool.close();
    }
    assert.equal(browser.contexts().length, 0, 'close disposes of the ready context');
  });

  it('while Runs come back to back, prepares the next context during a Run once its first request is through, never at its start', async () => {
    const pool = new ContextPool(async () => browser, policy(), true, 4);
    try {
      const first = await pool.acquire();
      await first.context.close();
      pool.release();
      // The next Run comes at once, as a CI job's next trigger does; it takes the context being prepared.
      const second = await pool.acquire();
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(browser.contexts(), [second.context], 'nothing competes with the start of the Run');
      pool.underway(); // its first request is through
      await eventually(() => browser.contexts().length === 2 && browser.contexts()[1].pages().length === 1);
      const prepared = browser.contexts()[1];
      await second.context.close();
      pool.release();
      const third = await pool.acquire();
      assert.equal(third.context, prepared, 'the next Run finds its context ready');
      await third.context.close();
      pool.release();
    } finally {
      await pool.close();
    }
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

  it("prepares the next Run's context before the last one has closed, and during a Run that came back to back", async () => {
    const site = await startTestSite('pw-1');
    const order: string[] = [];
    const pool = preparingPool(order, true);
    const run = (name: string) =>
      runWebSteps({
        baseUrl: site.baseUrl,
        steps: [{ action: 'navigate', target: '/login', expect: { titleIncludes: 'Sign in' } }],
        browser,
        contexts: pool,
        trace: 'on-failure',
        redactor: new Redactor(),
        resolveValue: async () => '',
        stepTimeoutMs: 5000,
        onStepDone: async () => void order.push(`${name} step done`),
      });
    try {
      pool.warm();
      await eventually(() => browser.contexts().length === 1 && browser.contexts()[0].pages().length === 1);
      browser.contexts()[0].once('close', () => order.push('closed'));
      assert.equal((await run('alone')).outcome, 'passed');
      assert.equal((await run('next')).outcome, 'passed'); // triggered as soon as the last one ended
      assert.deepEqual(order, [
        'prepare', // kept ready while idle
        'alone step done',
        'prepare', // the Run came alone: the next context is prepared as it ends, before its own has closed
        'closed',
        'prepare', // the next Run came back to back: the one after it is prepared during it
        'next step done',
      ]);
    } finally {
      await pool.close();
      await site.close();
    }
  });

  it("while Runs come back to back, prepares the next context only once the Run's first response is in: never beside its first request", async () => {
    // Preparing a context sends Chromium's browser process work that queued ahead of the paused first
    // request (request interception), so the page got it later (`npm run bench -- stack`, back to back).
    const order: string[] = [];
    const slow = createServer((req, res) => {
      order.push('request');
      setTimeout(() => {
        order.push('answered');
        res.end('<!doctype html><title>Slow</title><p>here</p>');
      }, 400);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const pool = preparingPool(order);
    const run = () =>
      runWebSteps({
        baseUrl: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`,
        steps: [{ action: 'navigate', target: '/', expect: { text: 'here' } }],
        browser,
        contexts: pool,
        trace: 'off',
        redactor: new Redactor(),
        resolveValue: async () => '',
        stepTimeoutMs: 5000,
      });
    try {
      assert.equal((await run()).outcome, 'passed');
      order.length = 0;
      assert.equal((await run()).outcome, 'passed'); // back to back: the next context is prepared during it
      assert.deepEqual(order.slice(0, 3), ['request', 'answered', 'prepare']);
    } finally {
      await pool.close();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it('keeps nothing of a traced Run once it ends: no trace files, no recording left open, nothing growing with Runs', async () => {
    // Playwright's own temporary directories of a recording that was never stopped (they hold its call stacks).
    const recordings = () => new Set(readdirSync(tmpdir()).filter((name) => name.startsWith('playwright-tracing-')));
    const traceDirs = () => new Set(readdirSync(tmpdir()).filter((name) => name.startsWith('qa-runner-traces-')));
    const recordingsBefore = recordings();
    const dirsBefore = traceDirs();
    const own = await launchBrowser(process.env.CHROMIUM_PATH);
    const [dir] = [...traceDirs()].filter((name) => !dirsBefore.has(name));
    const site = await startTestSite('pw-1');
    const pool = new ContextPool(async () => own, egressPolicy('127.0.0.0/8', { requireHttps: false }), true, 2, true);
    const signIn = (greeting: string): Step[] => [
      { action: 'navigate', target: '/login', expect: { titleIncludes: 'Sign in' } },
      { action: 'fill', target: 'Email', valueSpec: { kind: 'literal', text: 'ada@example.test' } },
      { action: 'fill', target: 'Password', valueSpec: { kind: 'literal', text: 'pw-1' } },
      { action: 'click', target: 'Sign in', expect: { text: greeting } },
    ];
    // A Run that passes gets room on a loaded machine; the one that fails waits its whole step out.
    const run = (greeting: string, trace: 'on-failure' | 'always', stepTimeoutMs = 10_000) =>
      runWebSteps({
        baseUrl: site.baseUrl,
        steps: signIn(greeting),
        browser: own,
        contexts: pool,
        trace,
        redactor: new Redactor(),
        resolveValue: async () => '',
        stepTimeoutMs,
      });
    try {
      assert.ok(dir, 'the browser records its traces in a directory of its own');
      // Two at a time, as a busy runner does, then one alone (the pool keeps a context ready between).
      const together = await Promise.all([run('Welcome', 'on-failure'), run('Welcome', 'always')]);
      const alone = await run('Goodbye', 'on-failure', 1500);
      // The last Run does not pass: `failed` (the page said otherwise) or, on a host too loaded to
      // click within its 1.5 s step, `unverified`. Either way RUNNER_TRACE=on-failure keeps its trace.
      const last = alone.outcome === 'unverified' ? 'unverified' : 'failed';
      assert.deepEqual(
        [...together, alone].map((r) => [r.outcome, Boolean(r.trace)]),
        [
          ['passed', false],
          ['passed', true],
          [last, true],
        ],
      );
      await pool.close();
      const left = readdirSync(join(tmpdir(), dir)).filter((name) => name !== 'resources');
      assert.deepEqual(left, [], 'no trace file outlives its Run');
      const resources = join(tmpdir(), dir, 'resources');
      assert.deepEqual(
        existsSync(resources) ? readdirSync(resources) : [],
        [],
        'the response bodies the traces kept go once no Run is active',
      );
      assert.deepEqual(
        [...recordings()].filter((name) => !recordingsBefore.has(name)),
        [],
        'no recording is left open',
      );
    } finally {
      await pool.close();
      await own.close();
      await site.close();
    }
    // Removed as the browser disconnects, in the background (with retries while Playwright writes).
    for (const until = Date.now() + 5_000; traceDirs().has(dir) && Date.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(!traceDirs().has(dir), 'the trace directory goes with the browser');
  });
});
