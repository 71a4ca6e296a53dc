import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../activities/engines/web/browser';
import { Redactor } from '../../activities/engines/shared/redactor';
import { runWebSteps } from '../../activities/engines/web/web';
import {
  accessibilityFailure,
  newFindings,
  type AccessibilityFact,
  type RunWebStepsAccessibility,
} from '../../core/accessibility';
import type { Step } from '../../core/steps';

/** A shop page whose button has a name, or (after a "release") only an icon and no name. */
function shop(state: { named: boolean }) {
  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><title>Shop</title></head><body><main><h1>Shop</h1>${body}</main></body></html>`;
  return createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    if (req.url === '/done') return res.end(page('<p>Thanks</p>'));
    const button = state.named
      ? '<button onclick="location=\'/done\'">Buy now</button>'
      : '<button onclick="location=\'/done\'"><svg width="10" height="10"></svg></button>';
    res.end(page(`<p>One teapot</p>${button}<a href="/done">Skip</a>`));
  });
}

const steps: Step[] = [
  { action: 'navigate', target: '/shop', expect: { text: 'One teapot' } },
  { action: 'navigate', target: '/shop?again=1' },
  { action: 'navigate', target: '/done', expect: { text: 'Thanks' } },
];

describe('accessibility check of a web Run (axe-core, real Chromium)', () => {
  let browser: Browser;
  let server: Server;
  let baseUrl: string;
  const state = { named: true };

  before(async () => {
    browser = await launchBrowser();
    server = shop(state);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await browser?.close();
    await new Promise((r) => server?.close(r));
  });

  const runAll = (accessibility: RunWebStepsAccessibility) =>
    runWebSteps({
      baseUrl,
      browser,
      steps,
      redactor: new Redactor(),
      resolveValue: async () => '',
      stepTimeoutMs: 5000,
      accessibility,
    });

  const run = async (baseline?: { runId: string; facts: AccessibilityFact[] }) => {
    const result = await runWebSteps({
      baseUrl,
      browser,
      steps,
      redactor: new Redactor(),
      resolveValue: async () => '',
      stepTimeoutMs: 5000,
      accessibility: { ...(baseline && { baseline }) },
    });
    assert.equal(result.outcome, 'passed');
    return result.steps.map((s) => s.observed.accessibility);
  };

  it('checks each URL path once, after the step that reached it, with facts only', async () => {
    state.named = true;
    const checks = await run();
    // The second step reached the same path with another query: not checked again.
    assert.deepEqual(
      checks.map((c) => c?.path),
      ['/shop', undefined, '/done'],
    );
    const text = JSON.stringify(checks);
    assert.doesNotMatch(text, /<|button\[|onclick|svg/, 'no HTML or selectors in the facts');
  });

  it('reports a button that lost its name as a new violation, and an unchanged page as none', async () => {
    state.named = true;
    const baselineFacts = (await run()).filter((c): c is AccessibilityFact => c !== undefined);
    const baseline = { runId: 'run_baseline', facts: baselineFacts };

    const unchanged = (await run(baseline)).filter((c): c is AccessibilityFact => c !== undefined);
    assert.deepEqual(newFindings(unchanged), []);
    assert.equal(unchanged[0]!.baselineRunId, 'run_baseline');
    assert.equal(accessibilityFailure('fail', unchanged), null);

    state.named = false;
    const regressed = (await run(baseline)).filter((c): c is AccessibilityFact => c !== undefined);
    const added = newFindings(regressed);
    assert.deepEqual(
      added.map((f) => [f.path, f.rule, f.impact, f.count, f.controls]),
      [['/shop', 'button-name', 'critical', 1, ['button (no name)']]],
    );
    assert.match(accessibilityFailure('fail', regressed) ?? '', /new critical .* on \/shop: button-name/);
    assert.equal(accessibilityFailure('report', regressed), null);
  });

  it('without a baseline marks nothing new', async () => {
    state.named = false;
    const checks = (await run()).filter((c): c is AccessibilityFact => c !== undefined);
    assert.ok(checks[0]!.findings.some((f) => f.rule === 'button-name'));
    assert.deepEqual(newFindings(checks), []);
  });

  it('in fail mode fails the step that reached a page with a new critical finding, and the Run goes on', async () => {
    state.named = true;
    const baselineFacts = (await run()).filter((c): c is AccessibilityFact => c !== undefined);
    state.named = false;
    const result = await runAll({ mode: 'fail', baseline: { runId: 'run_baseline', facts: baselineFacts } });
    assert.equal(result.outcome, 'failed');
    assert.deepEqual(
      result.steps.map((s) => s.status),
      ['failed', 'passed', 'passed'],
    );
    assert.equal(result.steps[0]!.diagnosis?.category, 'application');
    assert.match(result.steps[0]!.reason, /button-name/);
    // Report mode records the same finding and decides nothing.
    const reported = await runAll({ mode: 'report', baseline: { runId: 'run_baseline', facts: baselineFacts } });
    assert.equal(reported.outcome, 'passed');
  });
});
