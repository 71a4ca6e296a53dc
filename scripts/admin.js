#!/usr/bin/env node
'use strict';
// `npm run admin -- <args>`: runs api/admin.ts against the local dev stack (npm start), with its
// DATABASE_URL and SECRETS_KEY. Setup messages go to stderr: stdout is the admin's JSON only.
const fs = require('node:fs');
const path = require('node:path');
const os = require('node:os');
const { spawnSync } = require('node:child_process');
const { ensureNodeModules } = require('./lib/tools.js');
const { loadDevEnv, secretsFile } = require('./dev-env.js');

const root = path.resolve(__dirname, '..');

try {
  ensureNodeModules(root);
} catch (err) {
  process.stderr.write(`[admin] ${err.message}\n`);
  process.exit(1);
}

const devEnv = loadDevEnv(root);
if (!devEnv.SECRETS_KEY) {
  process.stderr.write(
    `[admin] warning: no SECRETS_KEY and no ${path.relative(root, secretsFile(root))} yet; run \`npm start\` once first\n`,
  );
}
if (!fs.existsSync(path.join(root, '.data')) && !process.env.DATABASE_URL) {
  process.stderr.write(
    '[admin] warning: the dev stack has never run here; start it with `npm start` (or set DATABASE_URL)\n',
  );
}

const res = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['api/admin.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...devEnv },
});
if (res.error) {
  process.stderr.write(`[admin] could not run tsx: ${res.error.message}\n`);
  process.exit(1);
}
process.exit(res.status ?? 128 + (os.constants.signals[res.signal] || 0));
