import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';
import { Device } from '../../activities/engines/mobile/device';
import { runMobileSteps } from '../../activities/engines/mobile/steps';
import { Redactor } from '../../activities/engines/shared/redactor';
import { chromiumCapabilities, startAppium, type TestAppium } from '../helpers/appium';

const SECRET = 'RC-9d3e-44b1-c07a';
/** The code field's box in screen units (the pages' own style below; the window has 1 pixel per unit). */
const FIELD = { left: 20, top: 100, width: 240, height: 40 };
const FIELD_STYLE = `display: block; position: absolute; left: ${FIELD.left}px; top: ${FIELD.top}px; width: ${FIELD.width}px; height: ${FIELD.height}px; font: 28px monospace; background: #fff; color: #000; outline: none`;
/** Where evidence cuts the screen text; the secret is made to start 5 characters before it. */
const SECRET_AT = 495;

/**
 * Screens shaped like the UI trees an app automation reads: Android's (`text` attributes, an
 * EditText found by its hint) and iOS's (`label` and `value`, a TextField after its label). Neither
 * field is a password field, so neither draws dots; each mirrors what is typed into its tree's text
 * attribute, as UiAutomator2 and XCUITest report a field's text. A summary first holds enough text
 * that the secret straddles the cut of the screen text evidence keeps.
 */
function screen(dialect: 'android' | 'ios'): string {
  const script = (attr: string) =>
    `<script>const f = document.getElementById('code'); f.addEventListener('input', () => f.setAttribute('${attr}', f.textContent));</script>`;
  if (dialect === 'android') {
    // The page source joins texts with a line break: summary, then the field's text.
    const summary = `Summary ${'x'.repeat(SECRET_AT - 1 - 'Summary '.length)}`;
    return `<!doctype html><body style="margin: 0; background: #fff">
<android.widget.TextView text="${summary}" style="position: absolute; top: 2000px">${summary}</android.widget.TextView>
<android.widget.EditText id="code" hint="Recovery code" contenteditable="true" style="${FIELD_STYLE}"></android.widget.EditText>
${script('text')}</body>`;
  }
  const summary = `Summary ${'x'.repeat(SECRET_AT - 2 - 'Recovery code'.length - 'Summary '.length)}`;
  return `<!doctype html><body style="margin: 0; background: #fff">
<XCUIElementTypeStaticText label="${summary}" style="position: absolute; top: 2000px">${summary}</XCUIElementTypeStaticText>
<XCUIElementTypeStaticText label="Recovery code" style="position: absolute; left: 20px; top: 60px">Recovery code</XCUIElementTypeStaticText>
<XCUIElementTypeTextField id="code" contenteditable="true" style="${FIELD_STYLE}"></XCUIElementTypeTextField>
${script('value')}</body>`;
}

/** How many pixels inside the field's box (its edge pixels left out) are not opaque black. */
function unpainted(png: PNG): number {
  let count = 0;
  for (let y = FIELD.top + 1; y < FIELD.top + FIELD.height - 1; y++) {
    for (let x = FIELD.left + 1; x < FIELD.left + FIELD.width - 1; x++) {
      const i = (y * png.width + x) * 4;
      if (png.data[i] || png.data[i + 1] || png.data[i + 2] || png.data[i + 3] !== 255) count++;
    }
  }
  return count;
}

/**
 * The native (android, ios) path of the mobile runner on a real Appium session: no emulator or
 * simulator runs here, so the session is Chromium's (a desktop window, whose screen is the window as
 * a phone's is its display) showing screens shaped like each platform's UI tree, and the runner
 * speaks that platform's dialect to it: its locators, its read-back, its page-source screen text,
 * its screen size from the window rect. A secret typed into a field that draws it in clear is
 * painted over in the step's screenshot and replaced in the screen text before the runner reads it.
 */
describe('mobile runner, native dialects: a secret in a clear-text field', function () {
  this.timeout(120_000);
  let appium: TestAppium;
  let url: string;
  let close: () => Promise<void>;

  before(async () => {
    const server = createServer((req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(screen(req.url === '/ios' ? 'ios' : 'android'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    appium = await startAppium();
  });
  after(async () => {
    await appium?.stop();
    await close?.();
  });

  for (const dialect of ['android', 'ios'] as const) {
    it(`${dialect}: the field is painted over in the screenshot, and the screen text never holds the secret`, async () => {
      const caps = chromiumCapabilities('Pixel 7') as { 'goog:chromeOptions': Record<string, unknown> };
      delete caps['goog:chromeOptions'].mobileEmulation;
      const device = await Device.open(appium.url, caps, dialect, 30_000);
      try {
        const { steps, outcome } = await runMobileSteps({
          device,
          steps: [
            { action: 'navigate', target: `${url}/${dialect}` },
            {
              action: 'fill',
              target: 'Recovery code',
              valueSpec: { kind: 'environment', variable: 'RECOVERY' },
              expect: { text: 'Summary' },
            },
          ],
          resolveValue: async () => SECRET,
          redactor: new Redactor(),
          stepTimeoutMs: 5_000,
        });
        assert.equal(outcome, 'passed', JSON.stringify(steps.map((s) => s.reason)));
        const [opened, filled] = steps.map((s) => PNG.sync.read(s.screenshot!));
        assert.ok(unpainted(opened) > 0, 'before the fill the empty field is not painted');
        assert.equal(unpainted(filled), 0, 'the field holding the secret is painted over');
        const beside = (((FIELD.top + 20) * filled.width + FIELD.left + FIELD.width + 20) * 4) | 0;
        assert.deepEqual([...filled.data.subarray(beside, beside + 3)], [255, 255, 255], 'only the field is painted');
        assert.match((steps[1].observed as { text: string }).text, /^Summary x+/);
        const results = JSON.stringify(steps.map(({ screenshot, ...rest }) => rest));
        assert.ok(!results.includes(SECRET.slice(0, 5)), 'no part of the secret in any result');
      } finally {
        await device.close();
      }
    });
  }
});
