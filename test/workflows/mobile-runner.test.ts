import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { call, environment, key, newCase, useApp } from '../helpers/app';
import { chromiumCapabilities, startAppium, type TestAppium } from '../helpers/appium';
import { scan, upload } from '../helpers/artifacts';
import { followRun } from '../helpers/runs';
import { watchForSecrets } from '../helpers/secret-watch';
import { startSite, type TestSite } from '../helpers/site';
import { keptLog, privateQueues, startWorkers } from '../helpers/temporal';
import { apkZip } from '../helpers/zips';
import { commandLine } from '../../scripts/lib/process-tree';
import { SessionKeeper } from '../../activities/engines/mobile/sessions';
import { sessionCapabilities } from '../../activities/engines/mobile/capabilities';

const PASSWORD = 'Mobile "pass"/w0rd+ 7c1a';
/** Runner internals the specification keeps out of External Evidence (tools, settings, raw errors). */
const INTERNALS = /appium|webdriver|chromedriver|APPIUM_URL|EGRESS_ALLOW|EGRESS_PUBLIC|ECONNREFUSED/i;
const RECOVERY = 'RC-4f9e-b7d2-81a0';

/**
 * A screen whose code field draws what is typed in clear, as an app's text field does (the page
 * switches the browser's dots off). Further down, below the screen, a summary repeats the code as an
 * app's UI tree holds a field's text: 495 characters come before it, so it straddles the first 500
 * characters of screen text that evidence keeps.
 */
const CODE_PAGE = `<!doctype html><html><head><title>Recovery</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { margin: 0; background: #fff; font: 20px sans-serif; }
  #code { position: absolute; left: 20px; top: 120px; width: 240px; height: 40px; padding: 0; border: 0;
    background: #fff; color: #000; font: 28px monospace; -webkit-text-security: none !important; }
</style></head><body>
<div id="summary" style="position: absolute; top: 4000px"></div>
<label for="code" style="position: absolute; left: 20px; top: 80px">Recovery code</label>
<input id="code" type="text" autocomplete="off">
<button id="check" style="position: absolute; left: 20px; top: 200px">Check</button>
<p id="result" style="position: absolute; left: 20px; top: 240px"></p>
<script>
  const code = document.getElementById('code');
  code.addEventListener('input', () => {
    document.getElementById('summary').textContent = 'x'.repeat(495) + code.value;
  });
  document.getElementById('check').addEventListener('click', () => {
    document.getElementById('result').textContent = 'Code checked';
  });
</script></body></html>`;
/** The code field's box in CSS pixels (the page's own style above). */
const CODE_FIELD = { left: 20, top: 120, width: 240, height: 40 };
/** Device pixels per CSS pixel of the emulated devices (their published screen densities). */
const DENSITY = { android: 2.625, ios: 3 } as const;
const CSS_WIDTH = { android: 412, ios: 430 } as const;

/** A loopback server on `host` that answers every path with `page` and records the paths asked. */
async function pageServer(host: string, page: string) {
  const requested: string[] = [];
  const server = createServer((req, res) => {
    requested.push(req.url ?? '');
    res.setHeader('content-type', 'text/html');
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    requested,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** How many pixels of `box` (device pixels, its edge pixels left out for rounding) are not opaque black. */
function unpainted(png: PNG, box: { x0: number; y0: number; x1: number; y1: number }): number {
  let count = 0;
  for (let y = Math.ceil(box.y0) + 1; y < Math.floor(box.y1) - 1; y++) {
    for (let x = Math.ceil(box.x0) + 1; x < Math.floor(box.x1) - 1; x++) {
      const i = (y * png.width + x) * 4;
      if (png.data[i] || png.data[i + 1] || png.data[i + 2] || png.data[i + 3] !== 255) count++;
    }
  }
  return count;
}

/**
 * The mobile runner against a real Appium server with the Chromium driver: an Android Run and an
 * iOS Run drive Chromium in mobile emulation through Appium's protocol, with the capabilities the
 * runner host gives (as a device cloud's would be).
 */
describe('Mobile Runs through Appium (Chromium driver)', function () {
  this.timeout(180_000);
  const t = useApp({ ...privateQueues(), RUN_MAX_ATTEMPTS: '2' });
  let appium: TestAppium;
  let site: TestSite;
  let appiumTmp: string;
  let stopWorkers: () => Promise<void>;
  let codeSite: Awaited<ReturnType<typeof pageServer>>;
  // Loopback, but outside the runner's egress policy (only 127.0.0.1 is allowed below).
  let refusedSite: Awaited<ReturnType<typeof pageServer>>;
  const workerLog = keptLog();

  before(async () => {
    codeSite = await pageServer('127.0.0.1', CODE_PAGE);
    refusedSite = await pageServer('127.0.0.2', '<!doctype html><title>Refused</title><h1>Refused</h1>');
    // Chromedriver's and Chromium's temporary profile go to a directory of their own, watched below.
    appiumTmp = mkdtempSync(join(tmpdir(), 'qa-appium-'));
    appium = await startAppium({ tmpDir: appiumTmp });
    site = await startSite(PASSWORD);
    const workers = await startWorkers(t.app, {
      runnerPlatforms: ['android', 'ios'],
      config: {
        APPIUM_URL: appium.url,
        APPIUM_CAPABILITIES_ANDROID: chromiumCapabilities('Pixel 7'),
        APPIUM_CAPABILITIES_IOS: chromiumCapabilities('iPhone 14 Pro Max'),
        MOBILE_RUNNER_CONCURRENCY: 2,
        MOBILE_RUNNER_NAME: `test-${key()}`,
        EGRESS_PUBLIC: false,
        EGRESS_ALLOW: '127.0.0.1/32',
      },
      log: workerLog.log,
    });
    stopWorkers = workers.stop;
    t.onClose(async () => {
      await workers.stop();
      await appium.stop();
      await site.close();
      await codeSite.close();
      await refusedSite.close();
      rmSync(appiumTmp, { recursive: true, force: true });
    });
    await environment(t, 'mobile', { runtimeValues: { PASSWORD, RECOVERY } });
  });

  const signIn = [
    { action: 'navigate', target: '' },
    { action: 'fill', target: 'Email', valueSpec: { kind: 'literal', text: 'ada@example.test' } },
    { action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'PASSWORD' } },
    { action: 'click', target: 'Sign in', expect: { text: 'Welcome, ada@example.test' } },
  ];
  const stepsTo = (path: string, steps: Record<string, unknown>[]) =>
    steps.map((s, i) => (i === 0 ? { ...s, target: `${site.url}${path}` } : s));

  async function run(platform: 'android' | 'ios', steps: Record<string, unknown>[], trigger = {}) {
    const testCase = await newCase(t, { name: `${platform} case`, platforms: [platform], steps });
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      environmentSlug: 'mobile',
      ...trigger,
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const runId = triggered.body.runIds[0] as string;
    const { state, seen } = await followRun(t.app, t.org.apiKey, runId, 150_000);
    const evidence = (await call(t.app, t.org.apiKey, 'run.evidence', { runId })).body;
    return { runId, state, seen, evidence };
  }

  for (const platform of ['android', 'ios'] as const) {
    it(`runs an ${platform} Run's steps: a secret filled, a screenshot per step, the session gone after`, async () => {
      const watch = watchForSecrets({ fast: [appiumTmp, resolve(t.app.deps.config.MEDIA_DIR)] }, [PASSWORD]);
      const { runId, state, evidence } = await run(platform, stepsTo('/login', signIn));
      const hits = await watch.stop();
      assert.equal(state.status, 'passing', JSON.stringify(evidence));
      assert.deepEqual(
        evidence.steps.map((s: { status: string }) => s.status),
        ['passed', 'passed', 'passed', 'passed'],
      );
      for (const step of evidence.steps) {
        assert.deepEqual(
          step.media.map((m: { kind: string }) => m.kind),
          ['screenshot'],
          `step ${step.index} has one screenshot`,
        );
        const png = await fetch(step.media[0].url);
        assert.equal(png.status, 200);
        assert.deepEqual([...new Uint8Array(await png.arrayBuffer()).slice(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
      }
      // The site got the secret; nothing we keep or print holds it.
      assert.ok(site.passwords.includes(PASSWORD));
      assert.deepEqual(hits, [], 'no file holds the secret');
      const stored = JSON.stringify([state, evidence, await call(t.app, t.org.apiKey, 'run.get', { runId })]);
      assert.ok(!stored.includes(PASSWORD) && !stored.includes('w0rd'), 'the Run and its evidence do not hold it');
      assert.ok(!appium.output().includes('w0rd'), 'Appium printed nothing of it');
      assert.equal(evidence.steps[3].observed.found, 'button "Sign in"');
      assert.equal(evidence.steps[1].observed.value, 'ada@example.test');
      assert.equal(evidence.steps[2].observed.value, undefined, 'a secret field reports no value');
      assert.deepEqual(await appium.sessions(), [], 'the session was deleted');
    });
  }

  for (const platform of ['android', 'ios'] as const) {
    it(`paints over a field holding a secret in every ${platform} screenshot, and keeps it out of the screen text`, async () => {
      const { runId, state, evidence } = await run(platform, [
        { action: 'navigate', target: `${codeSite.url}/code` },
        { action: 'fill', target: 'Recovery code', valueSpec: { kind: 'environment', variable: 'RECOVERY' } },
        { action: 'click', target: 'Check', expect: { text: 'Code checked' } },
      ]);
      assert.equal(state.status, 'passing', JSON.stringify(evidence));
      const density = DENSITY[platform];
      const field = {
        x0: CODE_FIELD.left * density,
        y0: CODE_FIELD.top * density,
        x1: (CODE_FIELD.left + CODE_FIELD.width) * density,
        y1: (CODE_FIELD.top + CODE_FIELD.height) * density,
      };
      const shots: PNG[] = [];
      for (const step of evidence.steps) {
        const res = await fetch(step.media[0].url);
        shots.push(PNG.sync.read(Buffer.from(await res.arrayBuffer())));
      }
      // The emulated screens are 412 (Pixel 7) and 430 (iPhone 14 Pro Max) CSS pixels wide.
      assert.ok(Math.abs(shots[0].width - CSS_WIDTH[platform] * density) <= 1, `${shots[0].width} pixels wide`);
      assert.ok(unpainted(shots[0], field) > 0, 'before the fill the empty field is not painted');
      for (const i of [1, 2]) assert.equal(unpainted(shots[i], field), 0, `step ${i}: the field is painted over`);
      // Beside the field the screen is as it was: white page background.
      const beside = (field.x1 + 40 * density) | 0;
      const row = ((field.y0 + field.y1) / 2) | 0;
      const i = (row * shots[1].width + beside) * 4;
      assert.deepEqual([...shots[1].data.subarray(i, i + 3)], [255, 255, 255], 'only the field is painted');
      // The screen text the runner read held the code only as redacted: not even its first characters.
      const text = evidence.steps[2].observed.text as string;
      assert.match(text, /^x{495}/);
      const shown = JSON.stringify([state, evidence, (await call(t.app, t.org.apiKey, 'run.get', { runId })).body]);
      assert.ok(!shown.includes(RECOVERY.slice(0, 5)), 'no part of the code is in the Run or its evidence');
    });
  }

  it("a deep link outside the egress policy is refused in the customer's words; the rule goes to the log", async () => {
    const { runId, state, evidence } = await run('android', [{ action: 'navigate', target: `${refusedSite.url}/` }]);
    assert.equal(state.status, 'unverified');
    assert.equal(evidence.steps[0].diagnosis.category, 'environment');
    assert.match(evidence.steps[0].reason, /may not open .*egress policy/);
    const shown = JSON.stringify([state, evidence, (await call(t.app, t.org.apiKey, 'run.get', { runId })).body]);
    assert.doesNotMatch(shown, INTERNALS);
    assert.match(workerLog.lines.filter((l) => l.includes(runId)).join('\n'), /127\.0\.0\.2 .*EGRESS_ALLOW/);
    assert.deepEqual(refusedSite.requested, [], 'never opened');
  });

  it('a disproven expectation is failed; a control that never shows is unverified', async () => {
    const failed = await run('android', stepsTo('/', [{ action: 'navigate', expect: { text: 'Checkout complete' } }]));
    assert.equal(failed.state.status, 'failed');
    assert.equal(failed.evidence.steps[0].diagnosis.category, 'application');
    assert.match(failed.evidence.steps[0].reason, /does not show "Checkout complete"/);

    const missing = await run(
      'ios',
      stepsTo('/', [
        { action: 'navigate' },
        { action: 'click', target: 'Pay now' },
        { action: 'click', target: 'Home' },
      ]),
    );
    assert.equal(missing.state.status, 'unverified');
    assert.deepEqual(
      missing.evidence.steps.map((s: { status: string }) => s.status),
      ['passed', 'failed', 'skipped'],
    );
    assert.equal(missing.evidence.steps[1].diagnosis.category, 'test_definition');
    assert.match(missing.evidence.steps[1].reason, /No control "Pay now" appeared/);
    assert.deepEqual(await appium.sessions(), []);
  });

  it("starts an artifact Run's session with appium:app, a working signed link to the scanned file", async () => {
    const bytes = await apkZip();
    const up = await upload(t.app, t.org.apiKey, 'android', bytes);
    assert.equal((await scan(t.app, t.org.apiKey, up, 'android')).body.status, 'clean');
    // Appium's own record of the session, read while the Run holds it.
    const seenCaps: Record<string, unknown>[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        for (const s of await appium.sessions().catch(() => [])) seenCaps.push(s.capabilities);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const { state } = await run('android', stepsTo('/slow', [{ action: 'navigate' }]), {
      targets: { android: { storageId: up.storageId } },
    });
    watching = false;
    await watcher;
    assert.equal(state.status, 'passing');
    const link = seenCaps.map((c) => c.app ?? c['appium:app']).find(Boolean) as string | undefined;
    assert.ok(link, `Appium recorded appium:app (saw ${JSON.stringify(seenCaps[0] ?? null)})`);
    const fetched = await fetch(link);
    assert.equal(fetched.status, 200);
    assert.deepEqual(Buffer.from(await fetched.arrayBuffer()), bytes);
    const forged = new URL(link);
    const sig = forged.searchParams.get('sig') ?? '';
    forged.searchParams.set('sig', `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`);
    const tampered = await fetch(forged);
    assert.notEqual(tampered.status, 200, 'the link is signed');
  });

  it('ends the sessions a crashed runner left open when it starts again', async () => {
    const name = `crashed-${key()}`;
    const config = t.app.deps.config;
    const before = new SessionKeeper(t.app.deps, appium.url, name, 1);
    // A session opened and recorded, then the process "dies" without closing it.
    const device = await before.open(
      'run_leftover',
      sessionCapabilities('android', chromiumCapabilities('Pixel 7'), null),
      'web',
    );
    assert.deepEqual(
      (await appium.sessions()).map((s) => s.id),
      [device.sessionId],
    );
    const after = new SessionKeeper(t.app.deps, appium.url, name, 1);
    assert.equal(await after.endLeftovers(), 1);
    assert.deepEqual(await appium.sessions(), []);
    void config;
  });

  it('retries a Run whose Appium server died, then ends it invalid with the infrastructure category', async () => {
    const testCase = await newCase(t, {
      name: 'slow android',
      platforms: ['android'],
      steps: [
        { action: 'navigate', target: `${site.url}/slow` },
        { action: 'click', target: 'Next' },
      ],
    });
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      environmentSlug: 'mobile',
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const runId = triggered.body.runIds[0] as string;
    // Killed while the Run holds its session (the slow page takes 3 s to load).
    for (let i = 0; i < 300 && !(await appium.sessions().catch(() => [])).length; i++)
      await new Promise((r) => setTimeout(r, 50));
    await appium.kill();
    // What the crashed server had started goes with it: no Chromium is left loading a page (one
    // left behind spun a core for the rest of the suite).
    const left = readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .map((p) => commandLine(Number(p)).join(' '))
      .filter((line) => line.includes(appiumTmp));
    assert.deepEqual(left, [], 'processes of the killed Appium');
    const { state, seen } = await followRun(t.app, t.org.apiKey, runId, 150_000);
    assert.ok(
      seen.some((s) => s.status === 'retrying'),
      `retried (${seen.map((s) => s.status).join(' → ')})`,
    );
    assert.equal(state.status, 'invalid');
    assert.equal(state.diagnosis.category, 'infrastructure');
    // What happened, in the customer's words; which server failed is the operator's, in the log.
    assert.match(state.diagnosis.reason, /No mobile device could be used/);
    const evidence = (await call(t.app, t.org.apiKey, 'run.evidence', { runId })).body;
    const shown = JSON.stringify([state, evidence, (await call(t.app, t.org.apiKey, 'run.get', { runId })).body]);
    assert.doesNotMatch(shown, INTERNALS);
    assert.match(workerLog.lines.filter((l) => l.includes(runId)).join('\n'), /appium session not started/);
    await appium.start();
    void stopWorkers;
  });
});
