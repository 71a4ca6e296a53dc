#!/usr/bin/env node
'use strict';
// `npm run mutate [-- options]`: generated mutants of the modules that decide access, isolation,
// limits, idempotency, outcomes, egress and secrets (scripts/mutate/generate.js), run against the
// suite on the real stack, and the score: killed over generated, less the equivalent ones listed
// with their reason in test/mutants/equivalent.json.
//
//   --since <ref>       only the target files changed since <ref> (committed or not): the developer's loop
//   --files a.ts,b.ts   only these target files
//   --max-minutes N     stop starting mutants N minutes after the coverage pass (the rest: not run,
//                       but a survivor of some of its files in an earlier run still counts as one)
//   --min-score N       exit 1 below this score (default 85)
//   --tests a,b         only the test files whose path contains one of these (a quicker, partial look)
//   --max-test-seconds N  at most about N s of tests per mutant (its fastest reaching files; a
//                       survivor of fewer than all its files says so)
//   --fresh             run every mutant again, ignoring the kills remembered in .tools/mutate/killed.json
//
// Kills are remembered (.tools/mutate/killed.json, local): a mutant killed before is not run
// again while its file and the test file that killed it are unchanged. Each test file's coverage and
// the test files each survivor outlived are kept too (.tools/mutate/, local; scripts/mutate/memory.js):
// while the code is unchanged, a later run skips the coverage of unchanged test files and tries a
// survivor only against new or changed ones; after a change, it measures again only the test files
// that reached the mutated files before (and new or changed ones). So a full run can be spread over several, and a run
// after adding a test costs that test's time.
//
// How: every selected mutant is compiled into a copy of the tree (mutant schemata, see
// scripts/mutate/instrument.js), one process loads it once, runs each test file unmutated to learn
// which mutants the file reaches, then runs each mutant against the files that reach it (fastest
// first, stopping at the first failure). The MariaDB and Temporal of the test suite are started
// once for the whole run. A mutant the tests do not reach counts as survived; one that makes the
// tests hang past twice their time is killed (timeout).

// Node 24 LTS: an older Node runs this script again under the pinned one (scripts/lib/node-lts.js).
if (require('./lib/node-lts.js').runUnderNodeLts(require('node:path').resolve(__dirname, '..'))) return;

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { fork, execFileSync } = require('node:child_process');
const { generate, targetFiles } = require('./mutate/generate.js');
const { instrument } = require('./mutate/instrument.js');
const { treeFiles, Hashes, KillMemory, CoverageCache, SurvivorMemory } = require('./mutate/memory.js');
const { killerRanks } = require('./mutate/ranks.js');
const tools = require('./lib/tools.js');

const root = path.resolve(__dirname, '..');

function options(argv) {
  const o = { minScore: 85, maxMinutes: Infinity };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--since') o.since = argv[++i];
    else if (a === '--files') o.files = argv[++i].split(',');
    else if (a === '--max-minutes') o.maxMinutes = Number(argv[++i]);
    else if (a === '--min-score') o.minScore = Number(argv[++i]);
    else if (a === '--tests') o.tests = argv[++i].split(',');
    else if (a === '--fresh') o.fresh = true;
    else if (a === '--max-test-seconds') o.maxTestMs = Number(argv[++i]) * 1000;
    else {
      process.stderr.write(`[mutate] unknown option ${a}; see the head of scripts/mutate.js\n`);
      process.exit(2);
    }
  }
  return o;
}

const log = (line) => process.stdout.write(`[mutate] ${line}\n`);

/**
 * Target files changed since `ref`, committed or not (new files included). A clone without that
 * commit (a shallow one) gets every target file: the time budget then bounds the run.
 */
function changedSince(ref) {
  const git = (...args) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .filter(Boolean);
  try {
    git('cat-file', '-e', `${ref}^{commit}`);
  } catch {
    log(`${ref} is not in this clone's history: every target file instead`);
    return targetFiles(root);
  }
  const changed = new Set([
    ...git('diff', '--name-only', ref, '--'),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]);
  return targetFiles(root).filter((f) => changed.has(f));
}

/** A copy of the working tree (what git would track) with the mutants compiled in. */
function buildSandbox(mutants, hashes) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-mutate-'));
  for (const f of treeFiles(root)) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    const content = fs.readFileSync(path.join(root, f));
    fs.writeFileSync(path.join(dir, f), content);
    // With their times: a copied package-lock.json newer than the shared node_modules would have a
    // test that runs an npm script (the admin command) install into it.
    const { atime, mtime } = fs.statSync(path.join(root, f));
    fs.utimesSync(path.join(dir, f), atime, mtime);
    hashes.add(f, content);
  }
  // Installed and built things the tests use as they are: the console's bundle is built by setup
  // (the console-assets tests serve it), not tracked.
  for (const shared of ['node_modules', '.tools', 'console/dist'])
    if (fs.existsSync(path.join(root, shared))) fs.symlinkSync(path.join(root, shared), path.join(dir, shared));
  const byFile = new Map();
  for (const m of mutants) byFile.set(m.file, [...(byFile.get(m.file) ?? []), m]);
  for (const [file, list] of byFile) {
    const { text } = instrument(file, fs.readFileSync(path.join(dir, file), 'utf8'), list);
    fs.writeFileSync(path.join(dir, file), text);
  }
  return { dir, files: [...byFile.keys()] };
}

/** The test suite's environment (the same tools and loopback-only egress as `npm test`), marked as a mutant run. */
const testEnvironment = () => ({ ...tools.testEnv(root), QA_MUTATE: '1' });

/** The worker process (scripts/mutate/worker.js) in the sandbox, one request at a time, each with a deadline. */
class Worker {
  constructor(sandbox, env) {
    this.sandbox = sandbox;
    this.env = env;
    this.child = null;
  }

  async start() {
    this.child = fork(path.join(this.sandbox, 'scripts/mutate/worker.js'), [], {
      cwd: this.sandbox,
      env: this.env,
      // The tests' own output, for when a run goes wrong: .tools/mutate/worker.log.
      stdio: ['ignore', workerLog(), workerLog(), 'ipc'],
    });
    await this.#next(120_000);
  }

  #next(timeoutMs) {
    const child = this.child;
    return new Promise((resolve) => {
      const done = (value) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(value);
      };
      const onMessage = (m) => done(m);
      const onExit = () => done({ crashed: true });
      const timer = setTimeout(() => done({ timedOut: true }), timeoutMs);
      child.on('message', onMessage);
      child.on('exit', onExit);
    });
  }

  /** Sends a request; on a timeout or a crash the process is replaced and `{ timedOut | crashed }` returned. */
  async request(message, timeoutMs) {
    if (!this.child) await this.start();
    const answer = this.#next(timeoutMs);
    this.child.send(message);
    const result = await answer;
    if (result.timedOut || result.crashed) await this.restart();
    return result;
  }

  async restart() {
    this.stop();
    await this.start();
  }

  stop() {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGKILL');
    this.child = null;
  }
}

let logFd;
function workerLog() {
  if (logFd === undefined) {
    fs.mkdirSync(path.join(root, '.tools/mutate'), { recursive: true });
    logFd = fs.openSync(path.join(root, '.tools/mutate/worker.log'), 'w');
  }
  return logFd;
}

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

async function main() {
  const o = options(process.argv.slice(2));
  const started = Date.now();
  const targets = targetFiles(root);
  const files = o.files ?? (o.since ? changedSince(o.since) : targets);
  // Only the product's files (scripts/mutate/generate.js TARGETS, SKIP says what is left out and why).
  const outside = files.filter((f) => !targets.includes(f));
  if (outside.length) {
    process.stderr.write(
      `[mutate] not a target file: ${outside.join(', ')} (the targets: scripts/mutate/generate.js TARGETS)\n`,
    );
    return 2;
  }
  const mutants = generate(root, files);
  log(`${mutants.length} mutants generated in ${files.length} files${o.since ? ` changed since ${o.since}` : ''}`);
  if (!mutants.length) {
    process.stdout.write('score 100 (no mutants)\n');
    return 0;
  }
  const equivalent = JSON.parse(fs.readFileSync(path.join(root, 'test/mutants/equivalent.json'), 'utf8'));
  equivalentReasons = equivalent;
  const hashes = new Hashes(root);
  const kills = new KillMemory(root, hashes, o.fresh);
  const remembered = new Map(mutants.map((m) => [m.sequence, kills.recall(m)]));
  const toRun = mutants.filter((m) => !equivalent[m.key] && !remembered.get(m.sequence));
  log(`${mutants.length - toRun.length} killed before (unchanged since) or equivalent; ${toRun.length} to run`);
  if (!toRun.length)
    return report(
      mutants.map((m) => ({ ...m, status: equivalent[m.key] ? 'equivalent' : 'killed' })),
      o,
      started,
      [],
    );
  const env = testEnvironment();
  const { dir: sandbox } = buildSandbox(mutants, hashes);
  process.on('exit', () => fs.rmSync(sandbox, { recursive: true, force: true }));

  // The suite's services, once for the whole run (the same global fixture `npm test` uses).
  require('tsx/cjs');
  const fixture = require(path.join(root, 'test/helpers/global.ts'));
  Object.assign(process.env, env);
  await fixture.mochaGlobalSetup();
  // Every Node process the tests start loads the switches' runtime too (scripts/mutate/runtime.js).
  const preload = `--require ${JSON.stringify(path.join(sandbox, 'scripts/mutate/runtime.js'))}`;
  const worker = new Worker(sandbox, {
    ...env,
    ...pick(process.env, /^TEST_/),
    NODE_OPTIONS: [env.NODE_OPTIONS, preload].filter(Boolean).join(' '),
  });
  const stop = async () => {
    worker.stop();
    await fixture.mochaGlobalTeardown();
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop().finally(() => process.exit(130)));

  try {
    await worker.start();
    // Load-time mutants: reached while the modules load, before any test could switch them on.
    const loaded = await worker.request({ cmd: 'load', modules: [...new Set(mutants.map((m) => m.file))] }, 300_000);
    const atLoad = new Set(loaded.hits ?? []);

    // Coverage: each test file, unmutated, alone.
    const testFiles = listTests(sandbox).filter((f) => !o.tests || o.tests.some((t) => f.includes(t)));
    const coverage = [];
    const cache = new CoverageCache(root, hashes, mutants, o.fresh);
    let ran = 0;
    let cachedFiles = 0;
    let assumedFiles = 0;
    const failingUnmutated = [];
    for (const [i, file] of testFiles.entries()) {
      const cached = cache.get(file);
      if (cached) {
        cachedFiles++;
        if (cached.assumed) assumedFiles++;
        coverage.push(cached);
        continue;
      }
      ran++;
      const r = await worker.request({ cmd: 'run', files: [file], active: -1, bail: false }, 360_000);
      if (r.timedOut || r.crashed || r.failures) {
        const why = r.failures ? `${r.failures} failing unmutated ("${r.firstFailure}")` : 'did not finish';
        log(`coverage ${i + 1}/${testFiles.length} ${file}: ${why}; left out, and the run fails`);
        failingUnmutated.push(`${file}: ${why}`);
        continue;
      }
      const entry = {
        file,
        ms: r.ms,
        titles: r.titles,
        hits: new Map(r.hits.map(([id, setup, last]) => [id, { setup, last }])),
      };
      coverage.push(entry);
      cache.put(entry);
      if (ran % 20 === 0) log(`coverage ${i + 1}/${testFiles.length} test files (${seconds(Date.now() - started)})`);
    }
    if (ran) await worker.restart(); // a fresh process for the mutants, without the coverage run's leftovers

    const results = [];
    const runMs = [];
    const deadline = Date.now() + o.maxMinutes * 60_000;
    log(
      `coverage: ${coverage.length} test files (${cachedFiles - assumedFiles} as npm test or an earlier run recorded them, ` +
        `${assumedFiles} that reached none of these files before the code changed, ${ran} run now) in ${seconds(Date.now() - started)}`,
    );
    const survivals = new SurvivorMemory(root, hashes, o.fresh);
    const likelyKiller = killerRanks(kills.entries);
    for (const [i, m] of mutants.entries()) {
      const rank = likelyKiller(m);
      const covering = coverage
        .filter((c) => c.hits.has(m.sequence))
        .sort((a, b) => rank(a.file) - rank(b.file) || costFor(a, m.sequence) - costFor(b, m.sequence));
      let status;
      let detail = '';
      let untried;
      if (equivalent[m.key]) status = 'equivalent';
      else if (remembered.get(m.sequence)) status = 'killed';
      else if (atLoad.has(m.sequence)) status = 'load-time';
      else if (!covering.length) status = 'no coverage';
      else if (!(untried = survivals.untried(m, covering)).length) {
        status = 'survived';
        detail = ` (all ${covering.length} test files that reach it, in an earlier run)`;
      } else if (Date.now() > deadline) {
        // Past the budget a mutant is not run; one an earlier run saw survive some of its files still
        // counts as a survivor, so a score spread over several runs never leaves a known survivor out.
        const tried = covering.length - untried.length;
        if (tried) {
          status = 'survived';
          detail = ` (${tried} of the ${covering.length} test files that reach it, in an earlier run; the rest not run)`;
        } else status = 'not run';
      } else {
        const { files: run, grep, expected, whole } = testsReaching(untried, m.sequence, o.maxTestMs);
        const began = Date.now();
        let r = await worker.request(
          { cmd: 'run', files: run, active: m.sequence, bail: true, grep },
          2 * expected + 60_000,
        );
        // A later test may check what an earlier one did (the Run it started, the snapshot built
        // after it): a survival of the tests up to the last one reaching the mutant is confirmed
        // with the files whole.
        if (grep && !r.timedOut && !r.crashed && !r.failures)
          r = await worker.request({ cmd: 'run', files: run, active: m.sequence, bail: true }, 2 * whole + 60_000);
        if (r.timedOut) status = 'timeout';
        else if (r.crashed) status = 'killed';
        else status = r.failures ? 'killed' : 'survived';
        if (status === 'killed' && r.firstFailureFile) kills.remember(m, r.firstFailureFile, r.firstFailure);
        if (status === 'survived') survivals.remember(m, run);
        else survivals.forget(m);
        const tried = covering.length - untried.length + run.length;
        detail = r.firstFailure
          ? ` by "${r.firstFailure}"`
          : ` (${tried} of the ${covering.length} test files that reach it)`;
        runMs.push(Date.now() - began);
        // A fresh process now and then: what a mutant's failed tests left behind stays with it.
        if (runMs.length % 50 === 0) await worker.restart();
      }
      results.push({ ...m, status, ...(status === 'survived' ? { detail } : {}) });
      if (!['equivalent', 'not run'].includes(status) && !remembered.get(m.sequence) && untried?.length !== 0)
        log(`${i + 1}/${mutants.length} ${status.padEnd(11)} ${m.key}${status === 'survived' ? detail : ''}`);
    }
    const code = report(results, o, started, runMs);
    if (!failingUnmutated.length) return code;
    // A file that fails with no mutant active says nothing of any mutant: its kills would be false.
    process.stdout.write(
      `\n${failingUnmutated.length} test files fail unmutated:\n  ${failingUnmutated.join('\n  ')}\n`,
    );
    return 1;
  } finally {
    await stop();
  }
}

/** The time a file's tests take for a mutant: the whole file, or its tests up to the last that reached it. */
function costFor(c, sequence) {
  const hit = c.hits.get(sequence);
  return hit.setup || !c.titles.length ? c.ms : (c.ms * (hit.last + 1)) / c.titles.length;
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The tests a mutant needs first in the files that reach it: a file whose suite hooks reach it runs
 * whole; otherwise its tests up to the last one that reached it (earlier ones still run, since
 * later tests may build on them). As a mocha grep (none when every file runs whole), the time that
 * should take, and the files' whole time: a later test can still check what an earlier one did,
 * so a survival is confirmed with the files whole.
 */
function testsReaching(covering, sequence, maxMs = Infinity) {
  let expected = 0;
  let whole = 0;
  let partial = false;
  const titles = [];
  const files = [];
  for (const c of covering) {
    // In rank order while the budget lasts; a file past it is left out, but a cheaper one after it still fits.
    if (files.length && expected + costFor(c, sequence) > maxMs) continue;
    files.push(c.file);
    const hit = c.hits.get(sequence);
    const needed = hit.setup ? c.titles : c.titles.slice(0, hit.last + 1);
    if (needed.length < c.titles.length) partial = true;
    titles.push(...needed);
    expected += costFor(c, sequence);
    whole += c.ms;
  }
  return { files, grep: partial ? `^(?:${titles.map(escapeRegExp).join('|')})$` : undefined, expected, whole };
}

function pick(env, pattern) {
  return Object.fromEntries(Object.entries(env).filter(([k]) => pattern.test(k)));
}

function listTests(sandbox) {
  const out = [];
  const walk = (rel) => {
    for (const e of fs.readdirSync(path.join(sandbox, rel), { withFileTypes: true })) {
      const p = path.posix.join(rel, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.test.ts')) out.push(p);
    }
  };
  walk('test');
  return out.sort();
}

let equivalentReasons = {};

/** What a score counts: killed and timed out over every mutant but the equivalent ones. */
const SURVIVING = new Set(['survived', 'no coverage', 'load-time', 'not run']);

/** Killed (timeouts included) over every mutant counted; load-time and not-run ones count as survivors. */
function scoreOf(results) {
  const counted = results.filter((r) => r.status !== 'equivalent');
  const killed = counted.filter((r) => !SURVIVING.has(r.status)).length;
  return {
    killed,
    counted: counted.length,
    score: counted.length ? Math.floor((1000 * killed) / counted.length) / 10 : 100,
  };
}

/** Files and folders whose every mutant must be killed (or equivalent): the security rules. */
const WHOLLY_KILLED = [
  'api/console/',
  'api/middleware/',
  'core/egress',
  'activities/engines/shared/redactor.ts',
  'activities/engines/mobile/mask.ts',
];

/** Prints the survivors, the score per folder and in all; the full list goes to .tools/mutate/report.json. */
function report(results, o, started, runMs) {
  const count = (s) => results.filter((r) => r.status === s).length;
  const { score } = scoreOf(results);
  const survivors = results.filter((r) => r.status === 'survived' || r.status === 'no coverage');
  process.stdout.write('\nSurvivors (kill each with a test, or list it in test/mutants/equivalent.json with why):\n');
  for (const s of survivors)
    process.stdout.write(
      `  ${s.status === 'no coverage' ? '(no test reaches it) ' : ''}${s.key}  [${s.file}:${s.line}]${s.detail ?? ''}\n`,
    );
  const atLoad = results.filter((r) => r.status === 'load-time');
  if (atLoad.length) process.stdout.write('\nReached only while modules load (counted as survivors):\n');
  for (const m of atLoad) process.stdout.write(`  ${m.key}  [${m.file}:${m.line}]\n`);
  const listed = results.filter((r) => r.status === 'equivalent');
  if (listed.length) process.stdout.write('\nEquivalent (test/mutants/equivalent.json):\n');
  for (const e of listed) process.stdout.write(`  ${e.key}: ${equivalentReasons[e.key]}\n`);
  process.stdout.write(`\n${folderTable(results)}\n`);
  const below = [];
  for (const prefix of WHOLLY_KILLED) {
    const part = scoreOf(results.filter((r) => r.file.startsWith(prefix)));
    if (!part.counted) continue;
    process.stdout.write(`${prefix.padEnd(32)} ${part.killed}/${part.counted} killed (100 % required)\n`);
    if (part.killed < part.counted) below.push(prefix);
  }
  process.stdout.write(
    `\n${results.length} mutants: ${count('killed')} killed, ${count('timeout')} timed out, ${count('survived')} survived, ` +
      `${count('no coverage')} not reached, ${count('equivalent')} equivalent, ${count('load-time')} load-time, ` +
      `${count('not run')} not run; ${seconds(Date.now() - started)} in all, ` +
      `${runMs.length ? (runMs.reduce((a, b) => a + b, 0) / runMs.length / 1000).toFixed(1) : 0} s per mutant run\n`,
  );
  process.stdout.write(
    `score ${score} (timeouts count as killed; survivors, not reached, load-time and not run as not)\n`,
  );
  const out = path.join(root, '.tools/mutate');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'report.json'), JSON.stringify({ score, results }, null, 1));
  if (o.minScore > 0 && below.length) process.stdout.write(`not wholly killed: ${below.join(', ')}\n`);
  return score >= o.minScore && (o.minScore === 0 || !below.length) ? 0 : 1;
}

/** One line a folder: mutants, killed (timeouts included), survivors by kind, equivalent, score. */
function folderTable(results) {
  const byFolder = new Map();
  for (const r of results) {
    const folder = path.posix.dirname(r.file);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), r]);
  }
  const rows = [['folder', 'mutants', 'killed', 'survived', 'not run', 'equivalent', 'score']];
  for (const [folder, list] of [...byFolder].sort(([a], [b]) => a.localeCompare(b))) {
    const { killed, score } = scoreOf(list);
    const n = (...statuses) => list.filter((r) => statuses.includes(r.status)).length;
    rows.push([
      folder,
      list.length,
      killed,
      n('survived', 'no coverage', 'load-time'),
      n('not run'),
      n('equivalent'),
      score,
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  return rows
    .map((row) =>
      row.map((cell, i) => (i ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i]))).join('  '),
    )
    .join('\n');
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`[mutate] ${err.stack ?? err}\n`);
    process.exit(2);
  },
);
