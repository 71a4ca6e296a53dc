import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../activities/engines/web/browser';
import type { WebRunResult } from '../../activities/engines/shared/result';
import { componentCases } from '../fixtures/components/cases';
import { runCases, stepReasons } from '../helpers/run-cases';
import { startComponentsSite, type ComponentsSite } from '../helpers/components-site';

/** Cases run at once, each in its own context of one Chromium (two cores: fewer than the fidelity corpus). */
const PARALLEL = 4;
/** COMPONENTS_APPS=antd,vuetify: only those apps' flows (a developer's loop on one library). */
const only = process.env.COMPONENTS_APPS?.split(',');
const cases = roundRobin(only ? componentCases.filter((c) => only.includes(c.app)) : componentCases);

/**
 * The flows taken an app at a time in turn, so that the four running at once are of four apps: the
 * heaviest page (Angular Material's, linked in the page) then loads beside lighter ones, not beside
 * itself four times over on two cores.
 */
function roundRobin<T extends { app: string }>(list: T[]): T[] {
  const byApp = new Map<string, T[]>();
  for (const c of list) byApp.set(c.app, [...(byApp.get(c.app) ?? []), c]);
  const turns = [...byApp.values()];
  const out: T[] = [];
  for (let i = 0; out.length < list.length; i++) for (const flows of turns) if (flows[i]) out.push(flows[i]);
  return out;
}

/**
 * The runner on the apps teams really build (issue 82): every flow of test/fixtures/components/cases.ts
 * through runWebSteps, in real Chromium, against apps built from the real component libraries and
 * served on loopback, each asserted against the verdict a person gives it.
 */
describe('the web runner on real component libraries', function () {
  // The build (cached after the first) and about a hundred flows, four at a time, some waiting out 10 s.
  this.timeout(900_000);
  let browser: Browser;
  let site: ComponentsSite;
  let got = new Map<string, WebRunResult>();

  before(async () => {
    site = await startComponentsSite();
    browser = await launchBrowser(process.env.CHROMIUM_PATH);
    got = await runCases(cases, { baseUrl: site.baseUrl, browser, parallel: PARALLEL });
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    // COMPONENTS_TABLE=<file>: case, expected, got and the reason of the step that decided, from this run.
    if (process.env.COMPONENTS_TABLE) {
      const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
      const rows = cases.map((c) => {
        const result = got.get(c.name);
        const decided = result?.steps.find((s) => s.status !== 'passed');
        const why = decided ? `step ${decided.index} ${decided.status}: ${decided.reason}` : '';
        return `| \`${c.name}\` | ${cell(c.about)} | ${c.expected} | ${result?.outcome ?? '–'} | ${cell(why)} |`;
      });
      await writeFile(
        process.env.COMPONENTS_TABLE,
        ['| case | flow | expected | got | reason |', '|---|---|---|---|---|', ...rows].join('\n') + '\n',
      );
    }
  });

  it('builds an app for each library, with passing and failing flows in each', () => {
    assert.ok(site.apps.length >= 5, site.apps.join(', '));
    for (const app of site.apps)
      for (const verdict of ['passed', 'failed'] as const)
        assert.ok(
          componentCases.some((c) => c.app === app && c.expected === verdict),
          `${app}: ${verdict}`,
        );
  });

  for (const c of cases) {
    it(`${c.name}: ${c.about} → ${c.expected}`, () => {
      const result = got.get(c.name);
      assert.ok(result, 'the case ran');
      const reasons = stepReasons(result);
      assert.equal(result.outcome, c.expected, reasons);
      // A refusal fails in the page's own words; a value not offered names what is offered.
      if (c.words)
        assert.ok(
          result.steps.some((s) => s.reason?.includes(c.words ?? '')),
          `"${c.words}" in\n${reasons}`,
        );
      // What the page said was added is what the steps typed.
      if (c.saved) {
        const record = site.saved.get(c.saved.name);
        assert.ok(record, `the server got no member named ${c.saved.name}`);
        for (const [field, value] of Object.entries(c.saved.fields))
          assert.deepEqual(record[field], value, `${field} of ${JSON.stringify(record)}`);
      }
    });
  }
});
