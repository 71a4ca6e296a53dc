import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { compareScreenshots } from '../activities/engines/web/visual-diff';
import { percentile } from './util';

/**
 * The cost of comparing a step's screenshot with its baseline (issue 35), beside the cost of taking
 * that screenshot, measured in the same run on the runner's viewport (1280 × 800): unchanged pairs
 * (the common case) and pairs where a button moved (a diff image is encoded too).
 */
export async function visualBench(iterations = 30): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const render = (left: number) =>
      page.setContent(
        `<style>body{margin:0;font:16px sans-serif}main{padding:24px}button{position:absolute;top:160px;left:${left}px;` +
          'padding:10px 24px;background:#1a73e8;color:#fff;border:0}</style><main><h1>Checkout</h1>' +
          `<p>${'Order summary, shipping and payment. '.repeat(40)}</p><button>Pay now</button></main>`,
      );
    const cdp = await page.context().newCDPSession(page);
    const shoot = async () =>
      Buffer.from((await cdp.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true })).data, 'base64');
    await render(40);
    const before = await shoot();
    await render(80);
    const moved = await shoot();
    await render(40);
    const shotMs: number[] = [];
    const sameMs: number[] = [];
    const movedMs: number[] = [];
    const decodedMs: number[] = [];
    let changedRatio = 0;
    // The same pixels in other bytes (no fast path): what an unchanged step costs when the encodings differ.
    const otherBytes = (await import('pngjs')).PNG.sync.write((await import('pngjs')).PNG.sync.read(before));
    for (let i = 0; i < iterations; i++) {
      let t = performance.now();
      const now = await shoot();
      shotMs.push(performance.now() - t);
      t = performance.now();
      compareScreenshots(before, now);
      sameMs.push(performance.now() - t);
      t = performance.now();
      compareScreenshots(before, otherBytes);
      decodedMs.push(performance.now() - t);
      t = performance.now();
      changedRatio = compareScreenshots(before, moved).changedRatio;
      movedMs.push(performance.now() - t);
    }
    const p50 = (v: number[]) => percentile(v, 50);
    const line = (name: string, v: number[]) =>
      `  ${name.padEnd(34)} p50 ${p50(v).toFixed(1)} ms  p95 ${percentile(v, 95).toFixed(1)} ms  (${(p50(v) / p50(shotMs)).toFixed(2)}× the screenshot)`;
    console.log(`visual diff per step, ${iterations} rounds, 1280 × 800:`);
    console.log(line('step screenshot (baseline)', shotMs));
    console.log(line('compare, unchanged (same bytes)', sameMs));
    console.log(line('compare, unchanged (decoded)', decodedMs));
    console.log(line(`compare, button moved (${(changedRatio * 100).toFixed(2)} %)`, movedMs));
  } finally {
    await browser.close();
  }
}
