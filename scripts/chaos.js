#!/usr/bin/env node
'use strict';
// `npm run chaos`: installs what is missing, then runs test/chaos/index.ts, which starts its own
// MariaDB, Temporal dev server, two API processes and the workers, and injects faults into them.
// Settings (environment): CHAOS_RUNS (100), CHAOS_HOLD_S (12), CHAOS_DRAIN_S (600),
// CHAOS_RECOVERY_LIMIT_S (180), CHAOS_PLAN_SIZE (5), CHAOS_FAULTS (all; e.g. runner,mariadb-hang),
// CHAOS_KEEP (keep the logs also when it passes), CHAOS_TARGET=cluster (a Temporal cluster on
// PostgreSQL instead of the dev server: its history, matching and frontend services, one API and the
// runner worker are the faults; docs/deployment.md).
// Node 24 LTS: an older Node runs this script again under the pinned one (scripts/lib/node-lts.js).
if (require('./lib/node-lts.js').runUnderNodeLts(require('node:path').resolve(__dirname, '..'))) return;

const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ensureStackTools } = require('./lib/stack.js');

const root = path.resolve(__dirname, '..');
const { temporalBin, chromium } = ensureStackTools(root);
const env = { ...process.env, TEMPORAL_BIN: temporalBin, CHROMIUM_PATH: chromium };
const result = spawnSync(process.execPath, ['--import', 'tsx', 'test/chaos/index.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
