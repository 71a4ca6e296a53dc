import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { ContextPool, launchBrowser } from '../../activities/engines/web/browser';
import { Redactor } from '../../activities/engines/shared/redactor';
import type { WebRunResult } from '../../activities/engines/shared/result';
import { runWebSteps } from '../../activities/engines/web/web';
import { egressPolicy } from '../../core/egress';
import { corpus } from '../fixtures/fidelity/corpus';
import { runCases, stepReasons } from '../helpers/run-cases';
import { startFidelitySite, type FidelitySite } from '../helpers/fidelity-site';

/** Cases run at once, each in its own context of one Chromium, as a runner worker runs Runs. */
const PARALLEL = 6;

describe('web runner fidelity corpus', function () {
  // A bound on the whole corpus: the slowest cases wait out a 10 s step budget, in parallel.
  this.timeout(240_000);
  let browser: Browser;
  let site: FidelitySite;
  let got = new Map<string, WebRunResult>();

  before(async () => {
    browser = await launchBrowser(process.env.CHROMIUM_PATH);
    site = await startFidelitySite(Object.assign({}, ...corpus.map((c) => c.pages)));
    got = await runCases(corpus, { baseUrl: site.baseUrl, browser, parallel: PARALLEL });
  });
  after(async () => {
    await site?.close();
    await browser?.close();
    // FIDELITY_TABLE=<file>: the table of docs/runner.md (page, expected, got), from this run's verdicts.
    if (process.env.FIDELITY_TABLE) {
      const rows = corpus.map(
        (c) => `| \`${c.name}\`: ${c.about} | ${c.expected} | ${got.get(c.name)?.outcome ?? '–'} |`,
      );
      await writeFile(
        process.env.FIDELITY_TABLE,
        ['| page | expected | got |', '|---|---|---|', ...rows].join('\n') + '\n',
      );
    }
  });

  it('has at least 80 pages, with passing, failing and unverified cases', () => {
    assert.ok(corpus.length >= 80, `${corpus.length} cases`);
    for (const verdict of ['passed', 'failed', 'unverified'] as const)
      assert.ok(
        corpus.some((c) => c.expected === verdict),
        verdict,
      );
  });

  for (const c of corpus) {
    it(`${c.name}: ${c.about} → ${c.expected}`, () => {
      const result = got.get(c.name);
      assert.ok(result, 'the case ran');
      const reasons = stepReasons(result);
      assert.equal(result.outcome, c.expected, reasons);
      if (c.reason) assert.match(result.steps.find((s) => s.status !== 'passed')?.reason ?? '', c.reason, reasons);
    });
  }

  it('names the closest controls of the kind a step needs and suggests, never applies, a change (issue 51)', () => {
    const step = (name: string) => got.get(name)?.steps[1];
    const button = step('renamed-button');
    assert.match(
      button?.reason ?? '',
      /No control named "Sign in".*; the page has buttons "Log in" and "Create account"\./,
    );
    assert.deepEqual(button?.diagnosis?.suggestedChange, { target: 'Log in' });
    const field = step('renamed-field');
    assert.match(
      field?.reason ?? '',
      /No field labelled "Email".*; the page has fields "E-mail address" and "Password"\./,
    );
    assert.deepEqual(field?.diagnosis?.suggestedChange, { target: 'E-mail address' });
    // A control nothing on the page resembles: listed, not suggested.
    const missing = step('missing-control');
    assert.match(missing?.reason ?? '', /the page has button "Cancel"/);
    assert.equal(missing?.diagnosis?.suggestedChange, undefined);
  });

  it('says in the step facts that it scrolled to find what renders when scrolled to, and only then', () => {
    const scrolled = (name: string) => got.get(name)?.steps.map((s) => s.observed.scrolled ?? 0) ?? [];
    // issue 36: "the step's facts say that it scrolled"
    for (const name of ['lazy-load-more', 'lazy-panel-section', 'virtual-list'])
      assert.ok(scrolled(name)[1] > 0, `${name}: ${JSON.stringify(scrolled(name))}`);
    // A page whose control is on screen needs no scroll.
    for (const name of ['aria-select', 'icon-button-title', 'iframe-login'])
      assert.deepEqual(
        scrolled(name).filter((n) => n > 0),
        [],
        name,
      );
  });
});

describe('web runner egress in frames and new tabs', function () {
  this.timeout(60_000);
  let browser: Browser;
  let site: FidelitySite;

  before(async () => {
    browser = await launchBrowser(process.env.CHROMIUM_PATH);
    site = await startFidelitySite({
      framed: '<!doctype html><title>Framed</title><h1>Host page</h1><iframe src="{{other}}/p/inner"></iframe>',
      inner: '<!doctype html><title>Inner</title><button>Subscribe</button>',
      tab: '<!doctype html><title>Tab</title><a href="{{other}}/p/inner" target="_blank">Open</a>',
    });
  });
  after(async () => {
    await site?.close();
    await browser?.close();
  });

  // Only the site under test (127.0.0.1) is allowed: the other origin (127.0.0.2) must never be asked.
  const onlyMain = () => egressPolicy('127.0.0.1', { requireHttps: false, allowPublic: false });

  it('refuses a cross-origin frame outside the policy; its control is not there', async () => {
    const result = await runWebSteps({
      baseUrl: site.baseUrl,
      steps: [
        { action: 'navigate', target: '/p/framed', expect: { text: 'Host page' } },
        { action: 'click', target: 'Subscribe' },
      ],
      browser,
      egress: onlyMain(),
      redactor: new Redactor(),
      resolveValue: async () => '',
      stepTimeoutMs: 2000,
    });
    assert.equal(result.outcome, 'unverified');
    assert.equal(result.steps[1].diagnosis?.category, 'test_definition');
    assert.deepEqual(site.requests.other, []);
  });

  it('refuses a new tab outside the policy', async () => {
    const pool = new ContextPool(async () => browser, onlyMain(), false);
    const result = await runWebSteps({
      baseUrl: site.baseUrl,
      steps: [
        { action: 'navigate', target: '/p/tab' },
        { action: 'click', target: 'Open', expect: { text: 'Subscribe' } },
      ],
      browser,
      contexts: pool,
      redactor: new Redactor(),
      resolveValue: async () => '',
      stepTimeoutMs: 2000,
    });
    assert.notEqual(result.outcome, 'passed');
    assert.deepEqual(site.requests.other, []);
  });
});
