import { launchBrowser } from '../activities/engines/web/browser';
import { Redactor } from '../activities/engines/shared/redactor';
import { runWebSteps } from '../activities/engines/web/web';
import type { Step } from '../core/steps';
import { procStat, processTree } from '../scripts/lib/process-tree';
import { startTestSite } from '../test/helpers/web-site';
import { fmt } from './util';

const PASSWORD = 'bench-password-1';

/** The runner bench's 4-step sign-in (bench/runner.bench.ts), against the runner tests' site. */
const STEPS: Step[] = [
  { action: 'navigate', target: '/login', expect: { titleIncludes: 'Sign in' } },
  { action: 'fill', target: 'Email', valueSpec: { kind: 'literal', text: 'ada@example.test' } },
  { action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'PASSWORD' } },
  { action: 'click', target: 'Sign in', expect: { text: 'Welcome, ada' } },
];

/** CPU (ms) of this process and every process under it (Chromium's), ended children included. */
function treeCpuMs(): number {
  let ms = 0;
  for (const pid of processTree(process.pid)) {
    const stat = procStat(pid);
    ms += stat ? stat.ownMs + stat.reapedMs : 0;
  }
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * `npm run bench -- diagnosis`: what a Run's diagnosis costs (issue 77): runWebSteps recording a
 * trace (kept always, secrets masked) and the console, page error and request facts of each step,
 * against runWebSteps with neither (trace off, facts off by the bench-only `withoutPageFacts`). The
 * two alternate Run by Run in one browser, so both see the same machine. Figures: wall time and
 * CPU (Node and Chromium) per Run, medians, and their ratios (goal ≤ 1.15×).
 */
export async function diagnosisBench(rounds: number): Promise<void> {
  const runs = Math.max(rounds, 1) * 4;
  const browser = await launchBrowser();
  const site = await startTestSite(PASSWORD);
  const sides = {
    without: { wall: [] as number[], cpu: [] as number[] },
    with: { wall: [] as number[], cpu: [] as number[] },
  };
  try {
    const once = async (side: keyof typeof sides) => {
      const cpu = treeCpuMs();
      const started = performance.now();
      const result = await runWebSteps({
        baseUrl: site.baseUrl,
        browser,
        steps: STEPS,
        redactor: new Redactor(),
        resolveValue: async () => PASSWORD,
        ...(side === 'with' ? { trace: 'always' as const } : { trace: 'off' as const, withoutPageFacts: true }),
      });
      if (result.outcome !== 'passed') throw new Error(`the ${side} Run did not pass`);
      if (side === 'with' && !result.trace) throw new Error('the traced Run kept no trace');
      sides[side].wall.push(performance.now() - started);
      sides[side].cpu.push(treeCpuMs() - cpu);
    };
    await once('with'); // warm-up: the first context and trace pay for loading
    await once('without');
    sides.with = { wall: [], cpu: [] };
    sides.without = { wall: [], cpu: [] };
    for (let i = 0; i < runs; i++) {
      await once(i % 2 ? 'with' : 'without');
      await once(i % 2 ? 'without' : 'with');
    }
  } finally {
    await site.close();
    await browser.close();
  }
  const line = (side: keyof typeof sides) =>
    `${side === 'with' ? 'trace + page facts' : 'neither'}: ${fmt(median(sides[side].wall))} ms wall, ${fmt(median(sides[side].cpu))} ms CPU a Run`;
  console.log(`[bench] diagnosis (${runs} Runs each side, medians)`);
  console.log(`[bench]   ${line('without')}`);
  console.log(`[bench]   ${line('with')}`);
  console.log(
    `[bench]   ratio: wall ${fmt(median(sides.with.wall) / median(sides.without.wall), 2)}×, ` +
      `CPU ${fmt(median(sides.with.cpu) / median(sides.without.cpu), 2)}× (goal ≤ 1.15×)`,
  );
}
