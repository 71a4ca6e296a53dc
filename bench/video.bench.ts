import { launchBrowser } from '../activities/engines/web/browser';
import { Redactor } from '../activities/engines/shared/redactor';
import { runWebSteps } from '../activities/engines/web/web';
import type { Step } from '../core/steps';
import { procStat, processTree } from '../scripts/lib/process-tree';
import { startTestSite } from '../test/helpers/web-site';
import { fmt } from './util';

/** A 3-step sign-in with a wrong password typed as a literal: no secret, so the video covers the whole Run. */
const STEPS: Step[] = [
  { action: 'navigate', target: '/login', expect: { titleIncludes: 'Sign in' } },
  { action: 'fill', target: 'Email', valueSpec: { kind: 'literal', text: 'ada@example.test' } },
  { action: 'click', target: 'Sign in', expect: { text: 'Invalid credentials' } },
];

/** CPU (ms) of this process and every process under it (Chromium's, ffmpeg's), ended children included. */
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
 * `npm run bench -- video`: what a Run's video costs (issue 77 point 5): runWebSteps recording one
 * with Debian's ffmpeg against the same Run without, alternating in one browser. Wall time and CPU
 * (Node, Chromium, ffmpeg) per Run, medians, and their ratios. Only Runs that ask for a video pay it.
 */
export async function videoBench(rounds: number): Promise<void> {
  const runs = Math.max(rounds, 1) * 2;
  const browser = await launchBrowser();
  const site = await startTestSite('bench-password-1');
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
        resolveValue: async () => '',
        trace: 'off',
        ...(side === 'with' && { videoWith: process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg' }),
      });
      if (result.outcome !== 'passed') throw new Error(`the ${side} Run did not pass`);
      if (side === 'with' && !result.video) throw new Error('the Run with a video kept none');
      sides[side].wall.push(performance.now() - started);
      sides[side].cpu.push(treeCpuMs() - cpu);
    };
    await once('with');
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
    `${side}: ${fmt(median(sides[side].wall))} ms wall, ${fmt(median(sides[side].cpu))} ms CPU a Run`;
  console.log(`[bench] video (${runs} Runs each side, medians)`);
  console.log(`[bench]   ${line('without')}`);
  console.log(`[bench]   ${line('with')}`);
  console.log(
    `[bench]   ratio: wall ${fmt(median(sides.with.wall) / median(sides.without.wall), 2)}×, ` +
      `CPU ${fmt(median(sides.with.cpu) / median(sides.without.cpu), 2)}×`,
  );
}
