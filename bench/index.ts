import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { runsBench } from './runs.bench';
import { apiBench } from './api.bench';
import { readsBench } from './reads.bench';
import { runnerBench } from './runner.bench';
import { visualBench } from './visual.bench';
import { Stack } from '../scripts/lib/stack';
import { freePort } from '../scripts/lib/ports';
import { consoleBench } from './console.bench';
import { stackBench } from './stack.bench';
import { componentsBench } from './components.bench';
import { findBench } from './find.bench';
import { planScheduleBench } from './plan-schedule.bench';
import { diagnosisBench } from './diagnosis.bench';
import { videoBench } from './video.bench';

/**
 * `npm run bench`: starts a private MariaDB and Temporal dev server, then measures the service
 * beside baselines taken in the same run (figures are ratios, not absolute promises).
 */
async function main() {
  const only = process.argv[2];
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  // The stack as `npm start` starts it brings its own MariaDB and Temporal (scripts/start.js).
  if (only === 'stack') return stackBench(rounds);
  // A step's time in the component-library apps needs only the apps and Chromium.
  if (only === 'components') return componentsBench(rounds);
  // The ordering of a plan group's members, simulated over seeded durations: no stack.
  if (only === 'plan-schedule') return planScheduleBench();
  // Trace and page facts against the runner without them: only Chromium and a local site.
  if (only === 'diagnosis') return diagnosisBench(rounds);
  // A Run's video against the same Run without: only Chromium, ffmpeg and a local site.
  if (only === 'video') return videoBench(rounds);
  const dir = mkdtempSync(join(tmpdir(), 'qa-bench-'));
  const stack = new Stack();
  try {
    const db = await stack.mariadb({
      dataDir: join(dir, 'mysql'),
      port: await freePort(),
      logFile: join(dir, 'mysql.log'),
    });
    const temporal = await stack.temporal({
      port: await freePort(),
      uiPort: null,
      dbFile: null,
      logFile: join(dir, 'temporal.log'),
    });
    const env = {
      DATABASE_URL: db.url,
      TEMPORAL_ADDRESS: temporal.address,
      SECRETS_KEY: randomBytes(32).toString('base64'),
      RUNNER_TOKEN: randomBytes(24).toString('hex'),
      MEDIA_DIR: join(dir, 'media'),
      LOG_LEVEL: 'warn',
      EGRESS_PUBLIC: 'false',
      EGRESS_ALLOW: '127.0.0.0/8,::1,localhost',
      // The load comes from one organization: its request rate is counted (the limiter's cost is
      // in the figures) but set high enough never to refuse. Runs past the active cap would wait.
      RATE_LIMIT_PER_SECOND: '100000',
      RATE_LIMIT_BURST: '1000000',
      ORG_MAX_ACTIVE_RUNS: '100000',
    };
    if (!only || only === 'reads') await readsBench(env, rounds, db.pid);
    if (!only || only === 'runs') await runsBench(env);
    if (!only || only === 'api') await apiBench(env);
    if (!only || only === 'runner') await runnerBench(env, { mysqlPid: db.pid, temporalPid: temporal.pid });
    if (!only || only === 'visual') await visualBench();
    if (!only || only === 'console') await consoleBench(env);
    if (!only || only === 'find') await findBench(env, rounds);
    if (!only) await componentsBench(rounds);
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (!only) await stackBench(rounds);
  if (!only) await planScheduleBench();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`[bench] failed: ${error.stack ?? error.message}`);
    process.exit(1);
  },
);
