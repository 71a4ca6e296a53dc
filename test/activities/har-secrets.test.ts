import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../activities/engines/web/browser';
import { Redactor } from '../../activities/engines/shared/redactor';
import { harFromTrace } from '../../domain/runs/har';
import { runWebSteps } from '../../activities/engines/web/web';
import { startEchoSite, type EchoSite } from '../helpers/echo-site';

// As test/workflows/trace-secrets.test.ts: every encoded form differs from the value.
const SECRET = 'Echo/s3cret pa$$+word';
const FORMS = [
  SECRET,
  encodeURIComponent(SECRET),
  new URLSearchParams([['', SECRET]]).toString().slice(1),
  Buffer.from(SECRET).toString('base64'),
  Buffer.from(SECRET).toString('base64').replace(/=+$/, ''),
];

/** Issue 77 point 3: the HAR of a Run, masked as its trace is, on a page that echoes the secret. */
describe('the HAR of a web Run holds no secret (real Chromium)', function () {
  this.timeout(120_000);
  let browser: Browser;
  let site: EchoSite;
  before(async () => {
    browser = await launchBrowser();
    site = await startEchoSite(SECRET);
  });
  after(async () => {
    await site?.close();
    await browser?.close();
  });

  it('holds the recorded requests with their bodies, and the value in none of its forms', async () => {
    const redactor = new Redactor();
    const result = await runWebSteps({
      baseUrl: site.url,
      browser,
      redactor,
      trace: 'always',
      stepTimeoutMs: 3000,
      resolveValue: async () => {
        redactor.add(SECRET);
        return SECRET;
      },
      steps: [
        { action: 'navigate', target: '/', expect: { text: 'Your token' } },
        { action: 'fill', target: 'Token', valueSpec: { kind: 'environment', variable: 'TOKEN' } },
        { action: 'click', target: 'Send', expect: { text: 'Never shown' } },
      ],
    });
    assert.ok(result.trace, 'the Run kept a trace');
    const har = await harFromTrace(result.trace, { name: 'qa', version: 'test' });
    const doc = JSON.parse(har.toString('utf8'));
    assert.equal(doc.log.version, '1.2');
    const urls: string[] = doc.log.entries.map((e: any) => e.request.url);
    assert.ok(
      urls.some((u) => u.includes('/api/known')),
      `the echoed responses are in the HAR: ${urls.join(', ')}`,
    );
    const known = doc.log.entries.find((e: any) => e.request.url.endsWith('/api/known'));
    assert.match(known.response.content.text, /redacted/, 'the echoing body is inline, masked');
    assert.doesNotMatch(har.toString('utf8'), /"_(file|sha1)"/, 'bodies inline, no reference into the zip');
    for (const form of FORMS)
      assert.equal(har.indexOf(Buffer.from(form)), -1, `the HAR holds the secret as ${JSON.stringify(form)}`);
  });
});
