#!/usr/bin/env node
'use strict';
// `npm test [-- mocha args]`: installs what the tests need, then runs mocha with those args.
// The services themselves (one MariaDB, one Temporal dev server per run) are started by mocha's
// global fixture, test/helpers/global.ts, so that `npx mocha` alone behaves the same.
//
// TEST_DATABASE_URL / TEST_TEMPORAL_ADDRESS: use existing servers instead of starting them.

// Node 24 LTS: an older Node runs this script again under the pinned one (scripts/lib/node-lts.js).
if (require('./lib/node-lts.js').runUnderNodeLts(require('node:path').resolve(__dirname, '..'))) return;

const fs = require('node:fs');
const path = require('node:path');
const os = require('node:os');
const { spawn, spawnSync } = require('node:child_process');
const tools = require('./lib/tools.js');

const root = path.resolve(__dirname, '..');

function step(name, fn) {
  try {
    return fn();
  } catch (err) {
    process.stderr.write(`[test] ${name} failed: ${err.reason || err.message}\n`);
    if (err.fix) process.stderr.write(`[test] fix: ${err.fix}\n`);
    process.exit(1);
  }
}

const env = tools.testEnv(root, process.env, step);

// Options of mocha that take a value: the value is not a spec file.
const VALUE_OPTIONS = new Set([
  '--grep',
  '-g',
  '--fgrep',
  '-f',
  '--require',
  '-r',
  '--file',
  '--ignore',
  '--exclude',
  '--reporter',
  '-R',
  '--reporter-option',
  '--reporter-options',
  '-O',
  '--ui',
  '-u',
  '--timeout',
  '-t',
  '--slow',
  '-s',
  '--retries',
  '--jobs',
  '-j',
  '--config',
  '--package',
  '--extension',
  '--node-option',
  '-n',
]);

/** True when `args` name spec files (`npm test -- test/x.test.ts`): then only those run. */
function namesSpecs(args) {
  return args.some(
    (arg, i) =>
      !arg.startsWith('-') &&
      !VALUE_OPTIONS.has(args[i - 1]) &&
      (fs.existsSync(path.resolve(root, arg)) || /[*?{]/.test(arg) || /\.[cm]?[jt]s$/.test(arg)),
  );
}

const args = process.argv.slice(2);
const ownConfig = args.some((a) => a === '--config' || a.startsWith('--config=') || a === '--no-config');
const mochaArgs =
  namesSpecs(args) && !ownConfig ? ['--config', path.join(__dirname, 'lib', 'mocharc-no-spec.js'), ...args] : args;

// The whole suite starts with the build's own checks: types, the layers' import directions and
// formatting (eslint.config.mjs, .prettierrc.json). Naming spec files skips them for a quick loop.
if (!namesSpecs(args)) {
  for (const [name, bin, binArgs] of [
    ['typecheck', 'tsc', ['--noEmit']],
    ['lint', 'eslint', ['.']],
    ['format', 'prettier', ['--check', '--log-level', 'warn', '.']],
  ]) {
    const started = Date.now();
    const res = spawnSync(path.join(root, 'node_modules', '.bin', bin), binArgs, { cwd: root, stdio: 'inherit' });
    if (res.status !== 0) {
      process.stderr.write(`[test] ${name} failed; fix it (\`npm run format\` fixes formatting) and run again\n`);
      process.exit(1);
    }
    process.stderr.write(`[test] ${name} ok (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  }
}

const mocha = spawn(path.join(root, 'node_modules', '.bin', 'mocha'), mochaArgs, {
  cwd: root,
  env,
  stdio: 'inherit',
});
// Ctrl-C reaches mocha directly (same process group); a SIGTERM sent to us only is passed on.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (sig !== 'SIGINT') mocha.kill(sig);
  });
}
mocha.on('error', (err) => {
  process.stderr.write(`[test] mocha failed: ${err.message}\n[test] fix: run \`npm install\`\n`);
  process.exit(1);
});
mocha.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (os.constants.signals[signal] || 0));
});
