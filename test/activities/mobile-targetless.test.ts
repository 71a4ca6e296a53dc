import assert from 'node:assert/strict';
import { Device } from '../../activities/engines/mobile/device';
import { runMobileSteps } from '../../activities/engines/mobile/steps';
import { Redactor } from '../../activities/engines/shared/redactor';
import type { Step } from '../../core/steps';
import { chromiumCapabilities, startAppium, type TestAppium } from '../helpers/appium';
import { startTestSite, type TestSite } from '../helpers/web-site';

/**
 * Steps without a target on a device (shared/interface.md, "Steps without a target"), through a real
 * Appium server driving Chromium: a fill types into the element that has focus (WebDriver's active
 * element), and with nothing focused the step is `unverified` (`test_definition`), naming the
 * missing target.
 */
describe('mobile runner: fill and click without a target', function () {
  this.timeout(120_000);
  let appium: TestAppium;
  let site: TestSite;

  before(async () => {
    site = await startTestSite('unused');
    appium = await startAppium();
  });
  after(async () => {
    await appium?.stop();
    await site?.close();
  });

  const run = async (steps: Step[]) => {
    const device = await Device.open(appium.url, chromiumCapabilities('Pixel 7'), 'web', 30_000);
    try {
      return await runMobileSteps({
        device,
        steps,
        resolveValue: async () => 'unused',
        redactor: new Redactor(),
        stepTimeoutMs: 2_000,
      });
    } finally {
      await device.close();
    }
  };

  it('types into the focused field, and presses the focused control', async () => {
    const { steps, outcome } = await run([
      { action: 'navigate', target: `${site.baseUrl}/focus` },
      { action: 'click', target: 'Title' },
      {
        action: 'fill',
        valueSpec: { kind: 'literal', text: 'Quarterly report' },
        expect: { text: 'Preview: Quarterly report' },
      },
      { action: 'fill', target: 'Code', valueSpec: { kind: 'literal', text: '4711' } },
      { action: 'click', expect: { text: 'Confirmed 4711' } },
    ]);
    assert.equal(outcome, 'passed', JSON.stringify(steps.map((s) => s.reason)));
  });

  // appium-chromedriver starts every session's chromedriver on port 9515 unless told otherwise, and
  // first kills any chromedriver on that port (pkill, machine-wide): a second session would end the first.
  it('keeps two sessions at once on one Appium server, each with its own chromedriver', async () => {
    const click = (device: Device) =>
      runMobileSteps({
        device,
        steps: [
          { action: 'navigate', target: `${site.baseUrl}/focus` },
          { action: 'click', target: 'Title' },
        ],
        resolveValue: async () => 'unused',
        redactor: new Redactor(),
        stepTimeoutMs: 5_000,
      });
    const first = await Device.open(appium.url, chromiumCapabilities('Pixel 7'), 'web', 30_000);
    let second: Device | undefined;
    try {
      assert.equal((await click(first)).outcome, 'passed');
      second = await Device.open(appium.url, chromiumCapabilities('Pixel 7'), 'web', 30_000);
      for (const device of [first, second]) {
        const { steps, outcome } = await click(device);
        assert.equal(outcome, 'passed', JSON.stringify(steps.map((s) => s.reason)));
      }
    } finally {
      await Promise.all([first.close(), second?.close()]);
    }
  });

  it('with nothing focused, is unverified and names the missing target', async () => {
    const { steps, outcome } = await run([
      { action: 'navigate', target: `${site.baseUrl}/focus` },
      { action: 'fill', valueSpec: { kind: 'literal', text: 'Quarterly report' } },
    ]);
    assert.equal(outcome, 'unverified', JSON.stringify(steps.map((s) => s.reason)));
    assert.equal(steps[1].diagnosis?.category, 'test_definition');
    assert.match(steps[1].reason, /no target/);
  });
});
