'use strict';
// The TypeScript processes of the service (api, worker, migrations), run through tsx.
// Plain CommonJS with no npm dependencies (it runs before `npm install`).

const path = require('node:path');
const readline = require('node:readline');
const { spawn } = require('node:child_process');
const { ROOT, sleep, track, terminate } = require('./processes.js');

function prefixLines(stream, out, prefix) {
  const rl = readline.createInterface({ input: stream, crlfDelay: Infinity });
  rl.on('line', (line) => out.write(`${prefix}${line}\n`));
  return new Promise((resolve) => rl.once('close', resolve));
}

/**
 * The one way a TypeScript entry point of this repository is started as a process: `node --import
 * tsx <script>` (a compiled `.js` one: `node --enable-source-maps <script>`), so the process is the
 * script itself (its pid is the one to measure or kill, and signals reach it directly). Used by
 * the stack (runNode below), the benchmarks, the fault-injection suite and the tests' worker
 * processes. Every one is tracked (processes.js), so none outlives us.
 * @param {string} script path relative to the repository root
 * @param {{args?: string[], env?: Record<string, string>, stdio?: import('child_process').StdioOptions,
 *   detached?: boolean, nodeArgs?: string[], cwd?: string}} [options]
 * @returns {import('child_process').ChildProcess}
 */
function spawnTypeScript(
  script,
  { args = [], env = {}, stdio = 'inherit', detached = false, nodeArgs = [], cwd = ROOT } = {},
) {
  // A compiled entry point (the API's bundle, scripts/lib/api-build.js) runs on plain node, its
  // stack traces mapped back to the TypeScript sources.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, script, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio,
    detached,
  });
  if (child.pid) track(child.pid, path.basename(script), child);
  return child;
}

/**
 * Spawns a TypeScript entry point (spawnTypeScript) with `env` added to ours, printing each line of
 * its stdout/stderr on ours prefixed with `[name]` (default: the script's base name).
 * @returns {{name: string, pid: number, child: import('child_process').ChildProcess,
 *   exited: Promise<{code: number|null, signal: string|null, error?: Error}>, stop: (timeoutMs?: number) => Promise<void>}}
 */
function runNode(script, args = [], env = {}, { name, cwd = ROOT } = {}) {
  name = name || path.basename(script).replace(/\.[cm]?[jt]s$/, '');
  const child = spawnTypeScript(script, { args, env, cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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
  const handle = {
    name,
    pid: child.pid,
    child,
    exited,
    // SIGTERM to the script's process: it shuts down by itself (SIGKILL after timeoutMs).
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

module.exports = { runNode, spawnTypeScript };
