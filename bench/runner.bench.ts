import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createDataSource } from '../db/data-source';
import { loadConfig } from '../core/config';
import { newId } from '../core/ids';
import { CHROMIUM_ARGS } from '../activities/engines/web/browser';
import { chromium } from 'playwright-core';
import { commandLine, procStat, processTree } from '../scripts/lib/process-tree';
import { startSite } from '../test/helpers/site';
import { fmt, postJson, seedOrg, startProcess, stopProcesses, usage } from './util';
import { playwrightTest } from './playwright-test';

const PASSWORD = 'bench-password-1';

function parseLogLine(line: string): Record<string, unknown> | null {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The 4-step test both sides run: open the sign-in page, fill two fields, submit and see the greeting. */
const STEPS = [
  { action: 'navigate', target: '/login', expect: { titleIncludes: 'Sign in' } },
  { action: 'fill', target: 'Email', valueSpec: { kind: 'literal', text: 'ada@example.test' } },
  { action: 'fill', target: 'Password', valueSpec: { kind: 'literal', text: PASSWORD } },
  { action: 'click', target: 'Sign in', expect: { text: 'Welcome' } },
];

type ChromiumKind = 'renderers' | 'gpu' | 'browser';

/**
 * CPU (ms) of the Chromium processes under `pid` by kind: the renderers (with the zygote, which
 * reaps them as their contexts close: their time is its children's time), the GPU process
 * (compositing and screenshots), and the browser process with its network and utility processes.
 */
function chromiumCpuMs(pid: number): Record<ChromiumKind, number> {
  const kinds: Record<ChromiumKind, number> = { renderers: 0, gpu: 0, browser: 0 };
  for (const p of processTree(pid)) {
    const command = commandLine(p).join(' '); // empty when the process ended while we looked
    if (!/chrom/i.test(command)) continue;
    const type = /--type=([\w-]+)/.exec(command)?.[1];
    const kind: ChromiumKind =
      type === 'renderer' || type === 'zygote' ? 'renderers' : type === 'gpu-process' ? 'gpu' : 'browser';
    const stat = procStat(p);
    kinds[kind] += stat ? stat.ownMs + stat.reapedMs : 0;
  }
  return kinds;
}

/** `to` less `from`, kind by kind. */
function chromiumSince(from: Record<ChromiumKind, number>, to: Record<ChromiumKind, number>) {
  return { renderers: to.renderers - from.renderers, gpu: to.gpu - from.gpu, browser: to.browser - from.browser };
}

/** CPU (ms) used by each part, a Run: as a line (`name ms, …`) and its total. */
function perRun(used: Record<string, number>, runs: number) {
  const each = Object.entries(used).map(([name, ms]) => [name, ms / runs] as const);
  return {
    line: each.map(([name, ms]) => `${name} ${fmt(ms, 0)}`).join(', '),
    total: each.reduce((sum, [, ms]) => sum + ms, 0),
  };
}

/** Chromium's CPU a Run by kind since `from`. */
const chromiumPerRun = (from: Record<ChromiumKind, number>, to: Record<ChromiumKind, number>, runs: number) =>
  perRun(chromiumSince(from, to), runs);

/**
 * Memory (MiB) of a process and all its descendants (the worker and its Chromium): proportional set
 * size, so pages Chromium's processes share are counted once, not once per process.
 */
function treeMemoryMiB(pid: number): number {
  let kib = 0;
  for (const p of processTree(pid)) {
    try {
      kib += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // the process ended while we looked
    }
  }
  return kib / 1024;
}

/** CPU (ms) a process and its descendants used so far, the reaped ones included. */
function treeCpuMs(pid: number): number {
  let ms = 0;
  for (const p of processTree(pid)) {
    const stat = procStat(p);
    ms += stat ? stat.ownMs + stat.reapedMs : 0;
  }
  return ms;
}

/**
 * The same steps with bare playwright-core: one Chromium, `parallel` contexts at once, a fresh one per
 * run. `beforeClose` runs while the browser is still up: its renderers' CPU is counted only while the
 * process that reaped them lives (closing the browser orphans it).
 */
async function bare(
  siteUrl: string,
  runs: number,
  parallel: number,
  executablePath: string,
  beforeClose?: () => void,
): Promise<number> {
  const browser = await chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS] });
  try {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let i = next++; i < runs; i = next++) {
          const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
          const page = await context.newPage();
          await page.goto(`${siteUrl}/login`);
          await page.getByLabel('Email').fill('ada@example.test');
          await page.getByLabel('Password').fill(PASSWORD);
          await page.getByRole('button', { name: 'Sign in' }).click();
          await page.getByText('Welcome').waitFor();
          await context.close();
        }
      }),
    );
    const ms = performance.now() - started;
    beforeClose?.();
    return ms;
  } finally {
    await browser.close();
  }
}

/**
 * The web runner beside bare playwright-core: `BENCH_RUNS` (default 100) Runs of a 4-step test
 * triggered at once through the API, from the first trigger to the last terminal state, and the same
 * steps in a bare script with as many parallel contexts (RUNNER_CONCURRENCY) on the same machine.
 */
export async function runnerBench(env: Record<string, string>, services: { mysqlPid: number; temporalPid: number }) {
  const runs = Number(process.env.BENCH_RUNS ?? 100);
  const config = loadConfig({ ...env });
  const parallel = config.RUNNER_CONCURRENCY;
  const ds = createDataSource(config.DATABASE_URL, 4);
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  const { orgId, apiKey } = await seedOrg(ds, 'runner-bench');
  const caseId = newId('tc');
  const now = Date.now();
  await ds.query(
    'INSERT INTO test_cases (id, org_id, name, description, platforms, tags, steps, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [caseId, orgId, 'runner bench', '', '["web"]', '[]', JSON.stringify(STEPS), now, now],
  );
  await ds.destroy();
  const site = await startSite(PASSWORD);

  const port = '3914';
  const api = `http://127.0.0.1:${port}`;
  const queues = { RUNNER_TASK_QUEUE_PREFIX: `bench-runner-${randomBytes(3).toString('hex')}-` };
  const server = await startProcess('api/server.ts', { ...env, ...queues, PORT: port }, `${api}/healthz`);
  // The worker logs each Run's longest heartbeat gap at info; its warnings still reach the console.
  const heartbeatGaps: number[] = [];
  const worker = await startProcess(
    'activities/worker.ts',
    { ...env, ...queues, BASE_URL: api, RUNNER_CONCURRENCY: String(parallel), LOG_LEVEL: 'info' },
    `${api}/healthz`,
    (line) => {
      const entry = parseLogLine(line);
      if (entry?.msg === 'web run executed') heartbeatGaps.push(Number(entry.longestHeartbeatGapMs));
      else if (!entry || entry.level !== 'info') process.stderr.write(`${line}\n`);
    },
  );
  try {
    const trigger = async () => {
      const res = await postJson(`${api}/api/v1/run.trigger`, apiKey, {
        idempotencyKey: randomBytes(8).toString('hex'),
        testCaseId: caseId,
        targets: { web: { baseUrl: site.url } },
      });
      if (res.status !== 200) throw new Error(`trigger failed: ${JSON.stringify(res.body)}`);
      return res.body.runIds[0] as string;
    };
    const finish = async (runId: string) => {
      let s = await postJson(`${api}/api/v1/run.get`, apiKey, { runId });
      while (['queued', 'running', 'retrying'].includes(s.body.status))
        s = await postJson(`${api}/api/v1/run.get`, apiKey, { runId, cursor: s.body.cursor, waitMs: 5000 });
      return s.body.status as string;
    };
    // Warm-up: the worker bundles workflows and launches Chromium on its first Run.
    await finish(await trigger());

    // CPU of each part, per Run: on two cores, where the runner's extra time goes. The bench process
    // (the site both sides load, the client, the bare script and its Chromium) is what is left of
    // its own tree once the services' trees are taken out.
    const parts = { worker: worker.pid!, api: server.pid!, temporal: services.temporalPid, mysql: services.mysqlPid };
    const cpuNow = () => {
      const byPart = Object.fromEntries(Object.entries(parts).map(([name, pid]) => [name, treeCpuMs(pid)]));
      const inServices = Object.values(byPart).reduce((a, b) => a + b, 0);
      // The worker's own Node process (Temporal, MySQL, storage, Playwright's client and server) apart from its Chromium.
      const { worker: workerTree, ...others } = byPart;
      const workerNode = usage(worker.pid!).cpuMs;
      return {
        'worker node': workerNode,
        'worker chromium': workerTree - workerNode,
        ...others,
        bench: treeCpuMs(process.pid) - inServices,
      } as Record<string, number>;
    };
    // The bare script's Chromium is the one under this process that is not the worker's.
    const bareChromiumNow = () => chromiumSince(chromiumCpuMs(worker.pid!), chromiumCpuMs(process.pid));
    const cpuPerRun = (from: Record<string, number>) => {
      const to = cpuNow();
      const { line, total } = perRun(
        Object.fromEntries(Object.keys(to).map((name) => [name, to[name] - from[name]])),
        runs,
      );
      return { line: `${fmt(total, 0)} ms (${line})`, total };
    };

    // The runner between two passes of the bare script, in this same run: the machine's speed moves
    // by the minute (shared cores), and the mean of the passes before and after brackets it.
    const bareCpu = cpuNow();
    const bareChromium = bareChromiumNow();
    let bareCpuRun = { line: '', total: 0 };
    let bareChromiumRun = { line: '', total: 0 };
    const bareBeforeMs = await bare(site.url, runs, parallel, config.CHROMIUM_PATH, () => {
      bareCpuRun = cpuPerRun(bareCpu);
      bareChromiumRun = chromiumPerRun(bareChromium, bareChromiumNow(), runs);
    });

    // Playwright Test, the tool a team would otherwise run, also before and after the runner: as a
    // team runs it (Debian's Chromium, no flags), and given the runner's own Chromium flags.
    const ptOptions = {
      siteUrl: site.url,
      runs,
      workers: parallel,
      executablePath: config.CHROMIUM_PATH,
      password: PASSWORD,
    };
    const ptBefore = await playwrightTest({ ...ptOptions, chromiumArgs: [] });
    const ptFlagsBefore = await playwrightTest({ ...ptOptions, chromiumArgs: CHROMIUM_ARGS });

    // Reading a process's PSS makes the kernel walk its page tables: tens of ms for the worker's tree
    // of Chromium processes. Twice a second that took about 4 % of the two cores from the Runs being
    // measured (Playwright Test's passes run without a sampler); every 5 s it costs a tenth of that,
    // and the tree's memory holds steady while Runs go on. The cost is printed with the peak.
    let peakRss = 0;
    const sampling = { samples: 0, ms: 0 };
    const samplePeak = () => {
      const from = performance.now();
      peakRss = Math.max(peakRss, treeMemoryMiB(worker.pid!));
      sampling.samples += 1;
      sampling.ms += performance.now() - from;
    };
    const sampler = setInterval(samplePeak, 5000);
    const runnerCpu = cpuNow();
    const runnerChromium = chromiumCpuMs(worker.pid!);
    const started = performance.now();
    heartbeatGaps.length = 0;
    const runIds = await Promise.all(Array.from({ length: runs }, trigger));
    const statuses = await Promise.all(runIds.map(finish));
    const runnerMs = performance.now() - started;
    const runnerCpuRun = cpuPerRun(runnerCpu);
    const runnerChromiumRun = chromiumPerRun(runnerChromium, chromiumCpuMs(worker.pid!), runs);
    clearInterval(sampler);
    peakRss = Math.max(peakRss, treeMemoryMiB(worker.pid!)); // after the Runs: not counted as their cost
    const passing = statuses.filter((s) => s === 'passing').length;
    const ptFlagsAfter = await playwrightTest({ ...ptOptions, chromiumArgs: CHROMIUM_ARGS });
    const ptAfter = await playwrightTest({ ...ptOptions, chromiumArgs: [] });
    const bareAfterMs = await bare(site.url, runs, parallel, config.CHROMIUM_PATH);
    const bareMs = (bareBeforeMs + bareAfterMs) / 2;
    const ptMs = (ptBefore.ms + ptAfter.ms) / 2;
    const ptFlagsMs = (ptFlagsBefore.ms + ptFlagsAfter.ms) / 2;

    const perMin = (ms: number) => (runs / ms) * 60_000;
    console.log(`\n== Web runner: ${runs} Runs of a 4-step test, ${parallel} at once ==`);
    console.log(
      `bare playwright-core   ${fmt(perMin(bareMs))} Runs/min   (mean of ${fmt(bareBeforeMs / 1000)} s before the runner and ${fmt(bareAfterMs / 1000)} s after)`,
    );
    console.log(
      `runner (trigger → terminal, via API + Temporal)  ${fmt(perMin(runnerMs))} Runs/min   (${fmt(runnerMs / 1000)} s; ${passing}/${runs} passing)   ratio ${fmt(perMin(runnerMs) / perMin(bareMs), 2)} (goal ≥ 0.8)`,
    );
    const ptLine = (what: string, ms: number, before: { ms: number; passed: number }, after: typeof before) =>
      console.log(
        `Playwright Test (${what}; screenshot on, trace retain-on-failure, ${parallel} workers)  ${fmt(perMin(ms))} Runs/min   (mean of ${fmt(before.ms / 1000)} s and ${fmt(after.ms / 1000)} s; ${before.passed}/${runs} and ${after.passed}/${runs} passed)`,
      );
    ptLine("Debian's Chromium as a team runs it", ptMs, ptBefore, ptAfter);
    ptLine("given the runner's Chromium flags", ptFlagsMs, ptFlagsBefore, ptFlagsAfter);
    console.log(
      `service ÷ Playwright Test  ${fmt(perMin(runnerMs) / perMin(ptMs), 2)}× the Runs a minute (goal ≥ 1.5); ÷ Playwright Test given our flags ${fmt(perMin(runnerMs) / perMin(ptFlagsMs), 2)}×`,
    );
    // Each slot runs runs/parallel Runs one after another: the extra wall time per slot, per Run.
    console.log(`per-Run overhead      ${fmt(((runnerMs - bareMs) * parallel) / runs, 0)} ms`);
    console.log(`CPU a Run, bare          ${bareCpuRun.line}`);
    console.log(`CPU a Run, runner        ${runnerCpuRun.line}`);
    console.log(`Chromium's part, bare    ${bareChromiumRun.line}`);
    console.log(`Chromium's part, runner  ${runnerChromiumRun.line}`);
    // Both sides are bound by the same cores, so the ratio follows CPU a Run. This is the ratio the
    // runner would reach if its Chromium did no more than the bare script's (no screenshots, trace,
    // looks): what is left is the service around a Run (its Node process, Playwright's client and
    // server included, Temporal, API, MySQL, client).
    const ceiling = bareCpuRun.total / (runnerCpuRun.total - runnerChromiumRun.total + bareChromiumRun.total);
    console.log(
      `ratio by CPU ${fmt(bareCpuRun.total / runnerCpuRun.total, 2)}; with the runner's Chromium as cheap as bare's, at most ${fmt(ceiling, 2)}`,
    );
    console.log(
      `runner memory (worker + Chromium, peak PSS)  ${fmt(peakRss)} MiB   (${sampling.samples} samples, ${fmt(sampling.ms, 0)} ms of the bench's CPU while the Runs went on)`,
    );
    // Heartbeats every 2 s; the activity's heartbeat timeout is 10 s.
    console.log(
      `longest heartbeat gap  ${fmt(Math.max(0, ...heartbeatGaps), 0)} ms over ${heartbeatGaps.length} Runs (timeout 10000 ms)`,
    );
    await printBreakdown(config.DATABASE_URL, runIds);
    if (passing !== runs)
      throw new Error(`only ${passing} of ${runs} Runs passed: ${[...new Set(statuses)].join(', ')}`);
    if ([ptBefore, ptAfter, ptFlagsBefore, ptFlagsAfter].some((pt) => pt.passed !== runs))
      throw new Error('Playwright Test did not pass every test');
  } finally {
    await stopProcesses(worker, server);
    await site.close();
  }
}

/** Where a Run's time goes, averaged over the measured Runs, from the timestamps the service records. */
async function printBreakdown(databaseUrl: string, runIds: string[]) {
  const ds = createDataSource(databaseUrl, 1);
  await ds.initialize();
  try {
    const [row] = await ds.query(
      `SELECT AVG(r.started_at - r.created_at) AS queued, AVG(s.last_step - r.started_at) AS inRunner,
              AVG(s.steps) AS steps, AVG(r.finished_at - s.last_step) AS afterRunner
         FROM runs r
         JOIN (SELECT run_id, SUM(duration_ms) AS steps, MAX(updated_at) AS last_step FROM run_steps GROUP BY run_id) s
           ON s.run_id = r.id
        WHERE r.id IN (?)`,
      [runIds],
    );
    const ms = (v: unknown) => `${fmt(Number(v), 0)} ms`;
    console.log(
      `per Run, mean: queued ${ms(row.queued)} · started to last step recorded ${ms(row.inRunner)} (the steps themselves ${ms(row.steps)}) · last step to terminal ${ms(row.afterRunner)}`,
    );
  } finally {
    await ds.destroy();
  }
}
