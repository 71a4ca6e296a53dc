'use strict';
// The process that runs tests under mutants: started by scripts/mutate.js in the sandbox (the
// instrumented copy of the tree), it loads the code once and runs test files on request, with one
// mutant active (or none, to learn which mutants each test file reaches). Messages over IPC:
//   { cmd: 'load', modules }                   → { hits }  mutants reached while loading (load-time code)
//   { cmd: 'run', files, active, bail, grep? } → { failures, firstFailure, firstFailureFile, hits, titles, ms }
// `hits` are [id, setup, last]: reached in a suite's before/after-all hooks (setup), and the index
// (in `titles`, the tests in the order they ran) of the last test that reached it.
const path = require('node:path');

const state = { hits: new Map(), where: 'setup' };
// Loaded before any instrumented module: every switch asks it whether its mutant is the active one.
const runtime = require('./runtime.js');
const reach = (id) => {
  let hit = state.hits.get(id);
  if (!hit) state.hits.set(id, (hit = { setup: false, last: -1 }));
  if (typeof state.where === 'number') hit.last = Math.max(hit.last, state.where);
  else hit.setup = true;
};
runtime.onReach = reach;
/** What the workflow threads reached counts where the run is now: that test, or the file's setup. */
const collectThreads = () => runtime.takeReachedInThreads().forEach(reach);

require('tsx/cjs');
const Mocha = require('mocha');

// A mutant may leave a promise rejected after its test ended; that must not end this process.
process.on('unhandledRejection', () => undefined);
process.on('uncaughtException', () => undefined);

/** Counts failures, keeps the first one, and follows which test (or suite hook) is running; prints nothing. */
function Quiet(runner) {
  const stats = { failures: 0, firstFailure: null, firstFailureFile: null, titles: [] };
  runner.on('fail', (test) => {
    stats.failures++;
    if (stats.firstFailure) return;
    stats.firstFailure = test.fullTitle();
    for (let t = test; t && !stats.firstFailureFile; t = t.parent) stats.firstFailureFile = t.file ?? null;
  });
  runner.on('test', (test) => {
    collectThreads();
    state.where = stats.titles.length;
    stats.titles.push(test.fullTitle());
  });
  // Each-hooks run inside their test; all-hooks (and the time between tests) belong to the whole file.
  runner.on('hook', (hook) => {
    collectThreads();
    if (/^"(before|after) all" hook/.test(hook.title)) state.where = 'setup';
  });
  runner.on('test end', () => {
    collectThreads();
    state.where = 'setup';
  });
  Quiet.last = stats;
}

function runFiles(files, active, bail, grep) {
  runtime.setActive(active);
  // The processes a test starts run the same mutant (scripts/mutate/runtime.js, through NODE_OPTIONS).
  process.env.QA_MUTANT = String(active);
  state.hits = new Map();
  state.where = 'setup';
  const started = Date.now();
  const mocha = new Mocha({ timeout: 60_000, bail, reporter: Quiet, ...(grep ? { grep: new RegExp(grep) } : {}) });
  for (const f of files) mocha.addFile(path.resolve(f));
  return new Promise((resolve) => {
    mocha.run(() => {
      collectThreads();
      const { failures, firstFailure, firstFailureFile, titles } = Quiet.last;
      const hits = [...state.hits].map(([id, h]) => [id, h.setup, h.last]);
      runtime.setActive(-1);
      process.env.QA_MUTANT = '-1';
      try {
        mocha.dispose();
      } catch {
        // a disposed instance only unloads its files; nothing else to free
      }
      const file = firstFailureFile && path.relative(process.cwd(), firstFailureFile);
      resolve({ failures, firstFailure, firstFailureFile: file, hits, titles, ms: Date.now() - started });
    });
  });
}

process.on('message', async (msg) => {
  if (msg.cmd === 'load') {
    state.hits = new Map();
    runtime.takeReachedInThreads();
    const failed = [];
    for (const m of msg.modules) {
      try {
        require(path.resolve(m));
      } catch (err) {
        failed.push(`${m}: ${err.message}`);
      }
    }
    process.send({ hits: [...state.hits.keys()], failed });
  } else if (msg.cmd === 'run') {
    process.send(await runFiles(msg.files, msg.active, msg.bail, msg.grep));
  }
});
process.send({ ready: true });
