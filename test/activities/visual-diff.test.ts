import assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { compareScreenshots } from '../../activities/engines/web/visual-diff';

/** Screenshots of real Chromium renderings, compared as the runner compares a step with its baseline. */
describe('visual diff of step screenshots (issue 35)', function () {
  this.timeout(60_000);
  let browser: Browser;
  let page: Page;
  before(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    page = await browser.newPage({ viewport: { width: 640, height: 360 } });
  });
  after(() => browser?.close());

  const shot = async (buttonLeft: number, extra = '') => {
    await page.setContent(
      `<style>body{margin:0;font:16px sans-serif} button{position:absolute;top:100px;left:${buttonLeft}px;width:120px;height:40px;background:#1a73e8;color:#fff;border:0}</style>` +
        `<h1 style="margin:20px">Checkout</h1><button>Pay now</button>${extra}`,
    );
    return page.screenshot();
  };

  it('the same page twice: nothing changed', async () => {
    const a = await shot(20);
    const b = await shot(20);
    const result = compareScreenshots(a, b);
    assert.equal(result.changedPixels, 0);
    assert.equal(result.changedRatio, 0);
    assert.equal(result.diffPng, null);
  });

  it('a button moved 40 px: at least the area it left and the area it took changed, with a diff image', async () => {
    const a = await shot(20);
    const b = await shot(60);
    const result = compareScreenshots(a, b);
    // The button's 40 px strips on either side (40 × 40 each, less its border) differ at the least.
    assert.ok(result.changedPixels >= 2 * 38 * 38, `changed ${result.changedPixels}`);
    assert.ok(result.changedRatio > 0.005, `ratio ${result.changedRatio}`);
    const diff = PNG.sync.read(result.diffPng!);
    assert.deepEqual([diff.width, diff.height], [640, 360]);
  });

  it('an ignored region (the button and where it went) does not count', async () => {
    const a = await shot(20);
    const b = await shot(60);
    const result = compareScreenshots(a, b, [{ x: 10, y: 90, width: 190, height: 60 }]);
    assert.equal(result.changedPixels, 0);
  });

  it('a one-pixel anti-aliasing difference does not count; the same pixel in a flat area does', async () => {
    const a = await shot(20);
    const png = PNG.sync.read(a);
    const grey = (x: number, y: number) => png.data[(y * png.width + x) * 4];
    // A pixel on a glyph's edge in the heading: dark on one side, light on the other, grey itself.
    let edge: [number, number] | undefined;
    for (let y = 25; y < 60 && !edge; y++)
      for (let x = 21; x < 200 && !edge; x++)
        if (grey(x - 1, y) < 80 && grey(x + 1, y) > 200 && grey(x, y) > 90 && grey(x, y) < 200) edge = [x, y];
    assert.ok(edge, 'an anti-aliased edge pixel in the heading');
    /** The screenshot with one pixel painted `value` (grey). */
    const painted = (x: number, y: number, value: number) => {
      const copy = PNG.sync.read(a);
      const i = (y * copy.width + x) * 4;
      copy.data[i] = copy.data[i + 1] = copy.data[i + 2] = value;
      return PNG.sync.write(copy);
    };
    const shade = grey(...edge);
    const drawnOtherwise = painted(edge[0], edge[1], shade > 128 ? shade - 60 : shade + 60);
    assert.equal(compareScreenshots(a, drawnOtherwise).changedPixels, 0, 'an edge pixel drawn otherwise');
    assert.equal(compareScreenshots(a, painted(500, 300, 0)).changedPixels, 1, 'a black pixel on white');
  });

  it('screenshots of different sizes are a change of the whole', async () => {
    const a = await shot(20);
    await page.setViewportSize({ width: 640, height: 400 });
    const b = await shot(20);
    await page.setViewportSize({ width: 640, height: 360 });
    const result = compareScreenshots(a, b);
    assert.equal(result.sizeChanged, true);
    assert.equal(result.changedRatio, 1);
  });
});
