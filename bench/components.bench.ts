import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../activities/engines/web/browser';
import type { Step } from '../core/steps';
import { startComponentsSite } from '../test/helpers/components-site';
import { runSteps } from '../test/helpers/run-cases';
import { fmt, percentile } from './util';

/**
 * One kind of step on a settled page of an app built from a real component library: as the runner
 * is given it, and as a bare playwright-core script that knows the page does it (Playwright's own
 * locators, the value or text checked). Neither counts the step's screenshot: the runner's step time
 * (durationMs) ends at the verdict, before it.
 */
interface Kind {
  name: string;
  step: Step;
  bare(page: Page): Promise<void>;
}

const KINDS: Kind[] = [
  {
    name: 'fill a text field',
    step: { action: 'fill', target: 'Name', valueSpec: { kind: 'literal', text: 'Ada Lovelace' } },
    async bare(page) {
      const field = page.getByRole('textbox', { name: 'Name' }).first();
      await field.fill('Ada Lovelace');
      if ((await field.inputValue()) !== 'Ada Lovelace') throw new Error('the field did not keep the name');
    },
  },
  {
    name: 'click a checkbox',
    step: { action: 'click', target: 'Accepts the code of conduct' },
    async bare(page) {
      await page.getByText('Accepts the code of conduct').first().click();
    },
  },
  {
    name: 'click a tab, expect a text',
    step: { action: 'click', target: 'Members', expect: { text: 'Ada Lovelace' } },
    async bare(page) {
      await page.getByRole('tab', { name: 'Members' }).click();
      await page.getByText('Ada Lovelace').first().waitFor();
    },
  },
];

/** The page every measured step starts from: the app's form, settled. */
const open = (app: string): Step => ({ action: 'navigate', target: `/${app}/`, expect: { text: 'New team member' } });

/**
 * `npm run bench components`: the time a step takes on a settled page (issue 82), per kind of step,
 * through the runner (runWebSteps, its own step duration: locate, act, settle, judge, screenshot)
 * beside a bare playwright-core script that knows the page, in every app of test/apps/components.
 * Interleaved pairs (runner, bare) in one Chromium; BENCH_ROUNDS rounds of every app.
 */
export async function componentsBench(rounds: number): Promise<void> {
  const site = await startComponentsSite();
  const browser = await launchBrowser(process.env.CHROMIUM_PATH);
  const runner = new Map<string, number[]>(KINDS.map((k) => [k.name, []]));
  const bare = new Map<string, number[]>(KINDS.map((k) => [k.name, []]));
  try {
    for (let round = 0; round < rounds; round++)
      for (const app of site.apps)
        for (const kind of KINDS) {
          const result = await runSteps(site.baseUrl, browser, [open(app), kind.step]);
          const step = result.steps[1];
          if (step?.status !== 'passed') throw new Error(`${app}, ${kind.name}: ${step?.status} ${step?.reason}`);
          runner.get(kind.name)?.push(step.durationMs);
          bare.get(kind.name)?.push(await bareStep(browser, site.baseUrl, app, kind));
        }
  } finally {
    await browser.close();
    await site.close();
  }
  console.log(`\n## step on a settled page (${site.apps.length} apps × ${rounds} rounds, ms)`);
  console.log('| step | runner p50 | runner p95 | bare script p50 | bare script p95 | p50 ratio |');
  console.log('|---|---|---|---|---|---|');
  for (const kind of KINDS) {
    const r = runner.get(kind.name) ?? [];
    const b = bare.get(kind.name) ?? [];
    console.log(
      `| ${kind.name} | ${fmt(percentile(r, 50), 0)} | ${fmt(percentile(r, 95), 0)} | ${fmt(percentile(b, 50), 0)} | ` +
        `${fmt(percentile(b, 95), 0)} | ${fmt(percentile(r, 50) / percentile(b, 50), 1)} |`,
    );
  }
}

/** The bare script's time for one step, on the same page settled the way a script knows it is. */
async function bareStep(browser: Browser, baseUrl: string, app: string, kind: Kind): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/${app}/`);
    await page.getByText('New team member').first().waitFor();
    const started = performance.now();
    await kind.bare(page);
    return performance.now() - started;
  } finally {
    await context.close();
  }
}
