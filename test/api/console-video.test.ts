import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { runNewCase } from '../helpers/app';
import { assertAccessibleAt, assertOnlyOrigin, launchChromium, openConsole, signInWithKey } from '../helpers/console';
import { followRun, useRunStack } from '../helpers/runs';

/** Where the Run page's screenshot for docs/console.md goes. */
const shot = resolve(__dirname, '..', '..', 'docs', 'console', 'run-video.png');

/**
 * Issue 77, point 5: a Run that recorded a video plays it in the console beside its steps, in an
 * HTML video element loading from the API's own origin; a Run without one shows its steps alone.
 */
describe('console (issue 77): a Run’s video beside its steps', function () {
  this.timeout(240_000);
  const s = useRunStack('Console-Video-Passw0rd');
  let browser: Browser;
  let withVideo: string;
  let without: string;
  const steps = [
    { action: 'navigate', target: '/login' },
    { action: 'fill', target: 'Email', valueSpec: { kind: 'literal', text: 'ada@example.test' } },
    { action: 'click', target: 'Sign in', expect: { text: 'Goodbye' } },
  ];
  before(async () => {
    browser = await launchChromium();
    withVideo = await runNewCase(
      s,
      { name: 'Wrong greeting, on video', steps },
      { environmentSlug: 'local', video: true },
    );
    without = await runNewCase(s, { name: 'Wrong greeting', steps }, { environmentSlug: 'local' });
    for (const runId of [withVideo, without]) await followRun(s.app, s.org.apiKey, runId);
  });
  after(() => browser?.close());

  it('plays the video from this origin beside the steps, accessible at 1440 and 375 px', async () => {
    const { page, context, requests } = await openConsole(browser, 1440);
    try {
      await signInWithKey(page, s.app.url, s.org.apiKey);
      await page.goto(`${s.app.url}/console/runs/${withVideo}`);
      const video = page.getByLabel('Video of the Run');
      await video.waitFor();
      // The player read the video's header: it knows its length.
      await page.waitForFunction(
        () => {
          const v = document.querySelector('video');
          return !!v && v.readyState >= 1 && v.duration > 0;
        },
        undefined,
        { timeout: 30_000 },
      );
      assert.match(
        new URL((await video.getAttribute('src'))!, s.app.url).pathname,
        /^\/api\/runs\/run_\w+\/video\/signed$/,
      );
      // Beside the steps on a wide screen: the video's box starts right of the steps' box.
      const stepsBox = (await page.getByRole('list', { name: 'Steps' }).boundingBox())!;
      const videoBox = (await video.boundingBox())!;
      assert.ok(videoBox.x >= stepsBox.x + stepsBox.width, 'the video is beside the steps');
      // A moment into the Run (its first frame is the blank page before the first step).
      await page.evaluate(
        () =>
          new Promise((done) => {
            const v = document.querySelector('video')!;
            v.addEventListener('seeked', done, { once: true });
            v.currentTime = Math.min(2, v.duration / 2);
          }),
      );
      await page.waitForFunction(() => document.querySelector('video')!.readyState >= 2, undefined, {
        timeout: 30_000,
      });
      await page.screenshot({ path: shot });
      await assertAccessibleAt(page, "a Run's page with its video");
      assertOnlyOrigin(requests, s.app.url);
    } finally {
      await context.close();
    }
  });

  it('a Run without a video shows its steps alone', async () => {
    const { page, context } = await openConsole(browser);
    try {
      await signInWithKey(page, s.app.url, s.org.apiKey);
      const [answer] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === `/api/runs/${without}/video`),
        page.goto(`${s.app.url}/console/runs/${without}`),
      ]);
      assert.equal(answer.status(), 404);
      await page.getByRole('button', { name: 'Open trace', exact: true }).waitFor();
      await page.getByRole('list', { name: 'Steps' }).waitFor();
      assert.equal(await page.locator('video').count(), 0);
    } finally {
      await context.close();
    }
  });
});
