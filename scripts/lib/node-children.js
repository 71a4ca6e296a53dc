'use strict';
// The TypeScript processes of the service (api, worker, migrations), run through tsx.
// Plain CommonJS with no npm dependencies (it runs before `npm install`).

const path = require('node:path');
const readline = require('node:readline');
const { spawn } = require('node:child_process');
const { ROOT, sleep, track, untrack, terminate } = require('./processes.js');

function prefixLines(stream, out, prefix) {
  const rl = readline.createInterface({ input: stream, crlfDelay: Infinity });
  rl.on('line', (line) => out.write(`${prefix}${line}\n`));
  return new Promise((resolve) => rl.once('close', resolve));
}

/**
 * Spawns `node_modules/.bin/tsx <script> ...args` with `env` added to ours, printing each line of
 * its stdout/stderr on ours prefixed with `[name]` (default: the script's base name).
 * @returns {{name: string, pid: number, child: import('child_process').ChildProcess,
 *   exited: Promise<{code: number|null, signal: string|null, error?: Error}>, stop: (timeoutMs?: number) => Promise<void>}}
 */
function runNode(script, args = [], env = {}, { name, cwd = ROOT } = {}) {
  name = name || path.basename(script).replace(/\.[cm]?[jt]s$/, '');
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, [script, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = `[${name}] `;
  const flushed = Promise.all([
    prefixLines(child.stdout, process.stdout, prefix),
    prefixLines(child.stderr, process.stderr, prefix),
  ]);
  const exited = new Promise((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
    child.once('exit', async (code, signal) => {
      // Print the last lines before reporting the exit, without hanging on a grandchild's pipe.
      await Promise.race([flushed, sleep(1000)]);
      resolve({ code, signal });
    });
  });
  if (child.pid) track(child.pid, name);
  // Forgotten only once the output is flushed: tsx's node process may still be finishing.
  exited.then(() => child.pid && untrack(child.pid));
  const handle = {
    name,
    pid: child.pid,
    child,
    exited,
    // SIGTERM to tsx itself: it relays the signal to the node process running the script.
    stop: (timeoutMs = 10_000) => {
      if (!handle._stopping)
        handle._stopping = child.pid
          ? terminate(child.pid, child, timeoutMs, { groupFirst: false })
          : Promise.resolve();
      return handle._stopping;
    },
  };
  return handle;
}

module.exports = { runNode };
