#!/usr/bin/env node
'use strict';
// `npm test [-- mocha args]`: installs what the tests need, then runs mocha with those args.
//
// The whole suite (no spec files named) runs the build's checks, then the test files in tiers
// (test/tiers.json) against one MariaDB and one Temporal dev server started here through mocha's
// global fixture (test/helpers/global.ts): the files that only wait on services side by side in
// TEST_JOBS processes (mocha's parallel mode: each file in a process of its own, with its own
// organizations and task queues), then the few that kill, freeze or time processes one at a time.
// Each tier's time is printed. Named spec files run in one mocha as given (`npx mocha` alone
// behaves the same: the global fixture starts the services).
//
// --mutate-coverage  also record which mutants each test file reaches (scripts/mutate/coverage.js),
//                    for the mutant stage of .ci/run: it then runs no test file twice.
// --no-checks        skip typecheck, lint and format (.ci/run runs them as a stage of their own);
// --checks-only      run only those (`npm run check`).
// TEST_DATABASE_URL / TEST_TEMPORAL_ADDRESS: use existing servers instead of starting them.
// TEST_TEMPORAL_NAMESPACE: the tests' namespace on that server (default `default`).
// TEST_JOBS: processes of the side-by-side tier (default 3: with four, the two cores ran 98 % busy
// and the shared MariaDB and Temporal missed the API's 9 s deadline in three files).

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

// What landed moves the mutant stage's base forward (scripts/mutate/base.js).
const movedBase = require('./mutate/base.js').moveBaseForward(root);
if (movedBase)
  process.stderr.write(
    `[test] test/mutants/base moved forward to ${movedBase.slice(0, 10)}, the landed commit this checkout started from: commit it with your change\n`,
  );

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

const given = process.argv.slice(2);
const recordCoverage = given.includes('--mutate-coverage');
const runChecks = !given.includes('--no-checks');
const onlyChecks = given.includes('--checks-only');
const args = given.filter((a) => !['--mutate-coverage', '--no-checks', '--checks-only'].includes(a));
const ownConfig = args.some((a) => a === '--config' || a.startsWith('--config=') || a === '--no-config');
const namedSpecs = namesSpecs(args);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

// Which mutants each test file reaches, recorded as the files run (mocha's parallel mode gives each
// file its own root hooks, which the recorder needs), merged for `npm run mutate` at the end.
const coverageDir = path.join(root, '.tools', 'mutate', 'coverage-run');
const coverageRequire = recordCoverage ? ['--require', path.join('scripts', 'mutate', 'coverage.js')] : [];
if (recordCoverage) {
  fs.rmSync(coverageDir, { recursive: true, force: true });
  env.QA_MUTATE_COVERAGE = coverageDir;
}

/** Runs mocha with `mochaArgs` and `extraEnv`; resolves with its exit code. */
function runMocha(mochaArgs, extraEnv = {}) {
  const mocha = spawn(path.join(root, 'node_modules', '.bin', 'mocha'), mochaArgs, {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: 'inherit',
  });
  // Ctrl-C reaches mocha directly (same process group); a SIGTERM sent to us only is passed on.
  const forward = (sig) => sig !== 'SIGINT' && mocha.kill(sig);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, forward);
  return new Promise((resolve) => {
    mocha.on('error', (err) => {
      process.stderr.write(`[test] mocha failed: ${err.message}\n[test] fix: run \`npm install\`\n`);
      resolve(1);
    });
    mocha.on('exit', (code, signal) => {
      for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.off(sig, forward);
      resolve(code ?? 128 + (os.constants.signals[signal] || 0));
    });
  });
}

/** Merges the recorded coverage for `npm run mutate`; a failure to do so fails the run. */
function mergeCoverage() {
  if (!recordCoverage) return;
  const merged = require('./mutate/coverage.js').mergeCoverage(coverageDir);
  process.stderr.write(`[test] mutant coverage of ${merged} test files recorded (.tools/mutate/coverage.json)\n`);
}

// The build's own checks: types, the layers' import directions, formatting and the import graph's
// circles (eslint.config.mjs, .prettierrc.json, scripts/import-graph.js). Naming spec files skips them for a quick loop. They run at once (each is
// mostly one core's work), each into its own buffer, printed in order when it ends.
async function checks() {
  const results = await Promise.all(
    [
      ['typecheck', 'tsc', ['--noEmit']],
      ['lint', 'eslint', ['.']],
      ['format', 'prettier', ['--check', '--log-level', 'warn', '.']],
      ['imports', process.execPath, ['scripts/import-graph.js']],
    ].map(
      ([name, bin, binArgs]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const command = path.isAbsolute(bin) ? bin : path.join(root, 'node_modules', '.bin', bin);
          const child = spawn(command, binArgs, { cwd: root });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (err) => resolve({ name, code: 1, output: [Buffer.from(`${err.message}\n`)], ms: 0 }));
          child.on('close', (code) => resolve({ name, code, output, ms: Date.now() - started }));
        }),
    ),
  );
  for (const { name, code, output, ms } of results) {
    process.stderr.write(Buffer.concat(output));
    if (code !== 0) {
      process.stderr.write(`[test] ${name} failed; fix it (\`npm run format\` fixes formatting) and run again\n`);
      process.exit(1);
    }
    process.stderr.write(`[test] ${name} ok (${seconds(ms)})\n`);
  }
}

/** Every test file, split into the tiers of test/tiers.json (a file it does not name runs side by side). */
function tiers() {
  const listed = JSON.parse(fs.readFileSync(path.join(root, 'test', 'tiers.json'), 'utf8'));
  const alone = Object.keys(listed.alone);
  const all = [];
  const walk = (rel) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const p = path.posix.join(rel, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.test.ts')) all.push(p);
    }
  };
  walk('test');
  const first = listed.first ?? [];
  const missing = [...alone, ...first].filter((f) => !all.includes(f));
  if (missing.length) {
    process.stderr.write(`[test] test/tiers.json names files that do not exist: ${missing.join(', ')}\n`);
    process.exit(1);
  }
  const jobs = String(Math.max(1, Number(process.env.TEST_JOBS) || 3));
  return [
    {
      name: 'side by side',
      files: [...first, ...all.sort().filter((f) => !first.includes(f))].filter((f) => !alone.includes(f)),
      mode: ['--parallel', '--jobs', jobs],
    },
    // One at a time, each file in a mocha process of its own: in one serial process the root hooks
    // would run once for all of them, and per-file times and mutant coverage need them per file.
    { name: 'alone', files: alone, mode: [], perFile: true },
  ];
}

/** The machine's CPU time so far, all cores: busy and in all (ms). */
function machineCpu() {
  let busy = 0;
  let all = 0;
  for (const { times } of os.cpus()) {
    const total = times.user + times.nice + times.sys + times.idle + times.irq;
    busy += total - times.idle;
    all += total;
  }
  return { busy, all };
}

/** The share of the machine's CPU time spent busy since `since` (a machineCpu() reading). */
function busyShareSince(since) {
  const now = machineCpu();
  return (now.busy - since.busy) / Math.max(1, now.all - since.all);
}

/** Prints a tier's slowest files (test/helpers/file-times.ts): where a CI log's minutes went. */
function reportFileTimes(tierName, file, busyShare) {
  if (!fs.existsSync(file)) return;
  const rows = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  fs.rmSync(file, { force: true });
  rows.sort((a, b) => b.wallMs - a.wallMs);
  const cpu = rows.reduce((sum, r) => sum + r.cpuMs, 0);
  process.stderr.write(
    `[test] tier ${tierName}: the machine's cores were ${Math.round(busyShare * 100)}% busy; ` +
      `test processes used ${seconds(cpu)} of CPU; slowest files (wall, CPU):\n`,
  );
  for (const r of rows.slice(0, 12))
    process.stderr.write(
      `[test]   ${seconds(r.wallMs).padStart(8)} ${seconds(r.cpuMs).padStart(8)}  ${path.relative(root, r.file)}\n`,
    );
}

async function wholeSuite() {
  const started = Date.now();
  if (runChecks) await checks();
  if (onlyChecks) return 0;
  const checked = Date.now();
  // One MariaDB and one Temporal for every tier: the global fixture, run here once.
  require('tsx/cjs');
  const fixture = require(path.join(root, 'test', 'helpers', 'global.ts'));
  const servicesStarted = Date.now();
  Object.assign(process.env, env);
  await fixture.mochaGlobalSetup();
  for (const k of ['TEST_DATABASE_URL', 'TEST_TEMPORAL_ADDRESS', 'TEST_SERVICES_DIR']) env[k] = process.env[k];
  const times = [
    ['checks', checked - started],
    ['services', Date.now() - servicesStarted],
  ];
  const totals = { passes: 0, failures: 0, pending: 0 };
  const failed = [];
  let code = 0;
  try {
    for (const tier of tiers()) {
      const tierStarted = Date.now();
      const fileTimes = path.join(os.tmpdir(), `qa-test-file-times-${process.pid}-${times.length}.jsonl`);
      const cpuBefore = machineCpu();
      process.stderr.write(`[test] tier ${tier.name}: ${tier.files.length} files\n`);
      let got = null;
      let tierCode = 0;
      for (const files of tier.perFile ? tier.files.map((f) => [f]) : [tier.files]) {
        const totalsFile = path.join(os.tmpdir(), `qa-test-totals-${process.pid}-${times.length}.json`);
        const mochaArgs = [
          '--config',
          path.join(__dirname, 'lib', 'mocharc-no-spec.js'),
          ...tier.mode,
          ...coverageRequire,
          ...args,
          ...files,
        ];
        const runCode = await runMocha(mochaArgs, { QA_TEST_TOTALS_FILE: totalsFile, QA_TEST_FILE_TIMES: fileTimes });
        if (runCode !== 0) tierCode = runCode;
        const run = fs.existsSync(totalsFile) ? JSON.parse(fs.readFileSync(totalsFile, 'utf8')) : null;
        fs.rmSync(totalsFile, { force: true });
        if (!run) continue;
        got ??= { passes: 0, failures: 0, pending: 0, failed: [] };
        for (const k of ['passes', 'failures', 'pending']) got[k] += run[k];
        got.failed.push(...(run.failed ?? []));
      }
      if (got) for (const k of Object.keys(totals)) totals[k] += got[k];
      if (got?.failed) failed.push(...got.failed);
      const ms = Date.now() - tierStarted;
      times.push([`tier ${tier.name}`, ms]);
      process.stderr.write(
        `[test] tier ${tier.name}: ${tier.files.length} files in ${seconds(ms)}` +
          (got ? `: ${got.passes} tests passed, ${got.failures} failing, ${got.pending} pending` : '') +
          '\n',
      );
      reportFileTimes(tier.name, fileTimes, busyShareSince(cpuBefore));
      // The next tier still runs: a failure in one says nothing of the other's tests.
      if (tierCode !== 0) code = tierCode;
    }
  } finally {
    await fixture.mochaGlobalTeardown();
  }
  if (code === 0) mergeCoverage();
  process.stderr.write(
    `[test] times: ${times.map(([n, ms]) => `${n} ${seconds(ms)}`).join(', ')}; in all ${seconds(Date.now() - started)}\n`,
  );
  for (const f of failed)
    process.stdout.write(
      `\n[test] failed: ${f.title}\n[test]   in ${f.file ? path.relative(root, f.file) : '?'}: ${f.message}\n`,
    );
  process.stdout.write(`\n${totals.passes} passed, ${totals.failures} failed, ${totals.pending} skipped\n`);
  return code;
}

async function namedFiles() {
  const mochaArgs =
    namedSpecs && !ownConfig ? ['--config', path.join(__dirname, 'lib', 'mocharc-no-spec.js'), ...args] : args;
  const code = await runMocha([...(recordCoverage ? ['--parallel'] : []), ...coverageRequire, ...mochaArgs]);
  if (code === 0) mergeCoverage();
  return code;
}

(namedSpecs || ownConfig ? namedFiles() : wholeSuite()).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`[test] ${err.stack ?? err}\n`);
    process.exit(1);
  },
);
