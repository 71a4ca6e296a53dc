#!/usr/bin/env node
'use strict';
// Installs npm dependencies when missing or outdated; with --all, also every tool the tests, the
// chaos suite and the fuzzer use (the install stage of .ci/run, timed on its own).
// With --all, the tools that install into .tools/ without apt (the pip ones, and Appium when
// chromedriver is already there) install in processes of their own beside `npm ci`: each is
// mostly download and unpacking, and apt's lock is never taken by two of them at once.

// Node 24 LTS: an older Node runs this script again under the pinned one (scripts/lib/node-lts.js).
if (require('./lib/node-lts.js').runUnderNodeLts(require('node:path').resolve(__dirname, '..'))) return;

const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const tools = require('./lib/tools.js');

const root = path.resolve(__dirname, '..');
const fail = (err) => {
  process.stderr.write(`[ensure-deps] ${err.message}\n`);
  process.exit(1);
};

const alone = {
  temporal: () => tools.ensureTemporal(root),
  django: () => tools.ensureDjango(root),
  schemathesis: () => tools.ensureSchemathesis(root),
  appium: () => tools.ensureAppium(root),
};

/** Runs `--only <name>` in a child process; resolves with its exit code. */
const besideUs = (name) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [__filename, '--only', name], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });

async function all() {
  const names = ['temporal', 'django', 'schemathesis'];
  if (fs.existsSync('/usr/bin/chromedriver') || tools.which('chromedriver')) names.push('appium');
  const children = Promise.all(names.map(besideUs));
  tools.ensureNodeModules(root);
  const codes = await children;
  if (codes.some((code) => code !== 0))
    throw new Error(`installing ${names.filter((_, i) => codes[i] !== 0).join(', ')} failed (see above)`);
  // Everything else, and a check of what the children installed (each prints its path once more).
  tools.testEnv(root, {});
  tools.ensureSchemathesis(root);
}

const only = process.argv.indexOf('--only');
if (only > 0) {
  const name = process.argv[only + 1];
  if (!alone[name]) fail(new Error(`--only takes one of ${Object.keys(alone).join(', ')}`));
  try {
    alone[name]();
  } catch (err) {
    fail(err);
  }
} else if (process.argv.includes('--all')) all().catch(fail);
else {
  try {
    tools.ensureNodeModules(root);
  } catch (err) {
    fail(err);
  }
}
