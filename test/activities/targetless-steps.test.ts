import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import type { Step } from '../../core/steps';
import { launchBrowser } from '../../activities/engines/web/browser';
import { Redactor } from '../../activities/engines/shared/redactor';
import { runWebSteps, type RunWebStepsOptions } from '../../activities/engines/web/web';
import { startTestSite, type TestSite } from '../helpers/web-site';

/**
 * Steps without a target (the specification's Step table: `target` is optional; shared/interface.md,
 * "Steps without a target"): a fill types into the control that has focus, a click presses it, and
 * with nothing focused the step ends `unverified` with a `test_definition` diagnosis that names the
 * missing target.
 */
describe('fill and click without a target', () => {
  let browser: Browser;
  let site: TestSite;

  before(async () => {
    browser = await launchBrowser();
    site = await startTestSite('unused');
  });
  after(async () => {
    await site?.close();
    await browser?.close();
  });

  const run = (steps: Step[], options: Partial<RunWebStepsOptions> = {}) =>
    runWebSteps({
      baseUrl: site.baseUrl,
      browser,
      redactor: new Redactor(),
      resolveValue: async () => 'unused',
      stepTimeoutMs: 3000,
      steps,
      ...options,
    });
  const reasons = (steps: { reason: string }[]) => JSON.stringify(steps.map((s) => s.reason));

  it('types into the field an earlier step put the focus in', async () => {
    const result = await run([
      { action: 'navigate', target: '/focus' },
      { action: 'click', target: 'Title' },
      {
        action: 'fill',
        valueSpec: { kind: 'literal', text: 'Quarterly report' },
        expect: { text: 'Preview: Quarterly report' },
      },
      // The step found the field by a mark of its own, and took it off when it ended.
      { action: 'click', target: 'Inspect markup', expect: { text: 'Markup as served' } },
    ]);
    assert.equal(result.outcome, 'passed', reasons(result.steps));
    const fill = result.steps[2];
    assert.equal(fill.status, 'passed');
    assert.equal(fill.target, undefined, 'the step has no target, and its result names none');
    assert.equal(fill.observed.value, 'Quarterly report');
  });

  it('follows the focus into a frame and a closed shadow root', async () => {
    const result = await run([
      { action: 'navigate', target: '/focus-frame' },
      { action: 'click', target: 'Note' },
      { action: 'fill', valueSpec: { kind: 'literal', text: 'Call Grace' }, expect: { text: 'Preview: Call Grace' } },
    ]);
    assert.equal(result.outcome, 'passed', reasons(result.steps));
  });

  it('presses the control that has focus', async () => {
    const result = await run([
      { action: 'navigate', target: '/focus' },
      // A full code moves the focus to "Confirm", as code fields do.
      { action: 'fill', target: 'Code', valueSpec: { kind: 'literal', text: '4711' } },
      { action: 'click', expect: { text: 'Confirmed 4711' } },
      { action: 'click', target: 'Inspect markup', expect: { text: 'Markup as served' } },
    ]);
    assert.equal(result.outcome, 'passed', reasons(result.steps));
    assert.equal(result.steps[2].status, 'passed');
    assert.match(result.steps[2].observed.found ?? '', /Confirm/);
  });

  for (const step of [
    { action: 'fill', valueSpec: { kind: 'literal', text: 'Quarterly report' } },
    { action: 'click' },
  ] as Step[]) {
    it(`a ${step.action} with nothing focused is unverified, its diagnosis naming the missing target`, async () => {
      const result = await run(
        [{ action: 'navigate', target: '/focus' }, step, { action: 'click', target: 'Confirm' }],
        {
          stepTimeoutMs: 1000,
        },
      );
      assert.equal(result.outcome, 'unverified', reasons(result.steps));
      const [, targetless, after] = result.steps;
      assert.equal(targetless.status, 'failed');
      assert.equal(targetless.diagnosis?.category, 'test_definition');
      assert.match(targetless.reason, /no target/);
      assert.match(targetless.diagnosis?.suggestedAction ?? '', /give it a target/);
      assert.equal(after.status, 'skipped');
    });
  }
});
