'use strict';
// The process that runs tests under mutants: started by scripts/mutate.js in the sandbox (the
// instrumented copy of the tree), it loads the code once and runs test files on request, with one
// mutant active (or none, to learn which mutants each test file reaches). Messages over IPC:
//   { cmd: 'load', modules }            → { hits }   mutants reached while loading (load-time code)
//   { cmd: 'run', files, active, bail } → { failures, firstFailure, hits, ms }
const path = require('node:path');

const state = { active: -1, hits: new Set() };
// Defined before any instrumented module loads: every switch reads the active mutant from here
// and records that it was reached.
globalThis.__qaM = (id) => {
  state.hits.add(id);
  return id === state.active;
};

require('tsx/cjs');
const Mocha = require('mocha');

// A mutant may leave a promise rejected after its test ended; that must not end this process.
process.on('unhandledRejection', () => undefined);
process.on('uncaughtException', () => undefined);

/** Counts failures and keeps the first one's title; prints nothing. */
function Quiet(runner) {
  const stats = { failures: 0, firstFailure: null };
  runner.on('fail', (test) => {
    stats.failures++;
    stats.firstFailure ??= test.fullTitle();
  });
  Quiet.last = stats;
}

function runFiles(files, active, bail) {
  state.active = active;
  state.hits = new Set();
  const started = Date.now();
  const mocha = new Mocha({ timeout: 60_000, bail, reporter: Quiet });
  for (const f of files) mocha.addFile(path.resolve(f));
  return new Promise((resolve) => {
    mocha.run(() => {
      const { failures, firstFailure } = Quiet.last;
      const hits = [...state.hits];
      state.active = -1;
      try {
        mocha.dispose();
      } catch {
        // a disposed instance only unloads its files; nothing else to free
      }
      resolve({ failures, firstFailure, hits, ms: Date.now() - started });
    });
  });
}

process.on('message', async (msg) => {
  if (msg.cmd === 'load') {
    state.hits = new Set();
    const failed = [];
    for (const m of msg.modules) {
      try {
        require(path.resolve(m));
      } catch (err) {
        failed.push(`${m}: ${err.message}`);
      }
    }
    process.send({ hits: [...state.hits], failed });
  } else if (msg.cmd === 'run') {
    process.send(await runFiles(msg.files, msg.active, msg.bail));
  }
});
process.send({ ready: true });
