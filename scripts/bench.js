#!/usr/bin/env node
'use strict';
// `npm run bench [reads|runs|api|runner|visual|console|find|components|plan-schedule|diagnosis|video]` (also `stack`: the stack as `npm start` starts it; BENCH_RUNS: Runs of the runner bench, default 100): installs what is missing, then runs bench/index.ts, which starts
// its own MariaDB and Temporal dev server and prints every figure beside its same-run baseline.
// Node 24 LTS: an older Node runs this script again under the pinned one (scripts/lib/node-lts.js).
if (require('./lib/node-lts.js').runUnderNodeLts(require('node:path').resolve(__dirname, '..'))) return;

const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ensureStackTools } = require('./lib/stack.js');

const root = path.resolve(__dirname, '..');
const { temporalBin, chromium } = ensureStackTools(root);
const env = { ...process.env, TEMPORAL_BIN: temporalBin, CHROMIUM_PATH: chromium };
// The client's own collections must stay out of the figures: a young generation large enough for a
// whole pass (10,000 long-polls in flight), emptied before each measured pass (bench/util.ts).
const clientFlags = ['--expose-gc', '--min-semi-space-size=256', '--max-semi-space-size=256'];
const result = spawnSync(
  process.execPath,
  [...clientFlags, '--import', 'tsx', 'bench/index.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    env,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
