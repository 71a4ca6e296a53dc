'use strict';
// Child processes of the local services: tracking of their process groups, stopping them, and
// the small helpers used to start them and wait until they are ready (logs, pid files, exec).
// Plain CommonJS with no npm dependencies (it runs before `npm install`).
//
// Children must not outlive us. Each service runs in its own process group (detached), so a
// Ctrl-C in the terminal reaches only the parent, which then stops them in order. Then:
//  - on 'exit' of this process every still-tracked group gets SIGTERM;
//  - on SIGINT/SIGTERM/SIGHUP, when nobody else handles the signal, we do the same and exit;
//  - a tiny guard process holds a pipe from us; when we die in any way (even SIGKILL) the pipe
//    closes and the guard sends SIGTERM, then SIGKILL after 15 s, to the groups still tracked.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFile } = require('node:child_process');
const tools = require('./tools.js');
const { commandLine } = require('./process-tree.js');

// The repository root (where temporal.js finds the tools, where node-children.js runs tsx).
const ROOT = path.resolve(__dirname, '..', '..');

const log = (msg) => process.stderr.write(`[services] ${msg}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Tracking of child process groups

const tracked = new Map(); // pid (= process group id) -> name
let hooksInstalled = false;
let guard = null;

const GUARD_SRC = `
const pids = new Set();
let buf = '';
const kill = (p, s) => { try { process.kill(-p, s); } catch { try { process.kill(p, s); } catch {} } };
const alive = (p) => { try { process.kill(p, 0); return true; } catch { return false; } };
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => {
  buf += d;
  let i;
  while ((i = buf.indexOf('\\n')) >= 0) {
    const [op, p] = buf.slice(0, i).split(' ');
    buf = buf.slice(i + 1);
    if (op === '+') pids.add(Number(p)); else pids.delete(Number(p));
  }
});
let finishing = false;
const finish = () => {
  if (finishing) return;
  finishing = true;
  if (!pids.size) process.exit(0);
  for (const p of pids) kill(p, 'SIGTERM');
  const until = Date.now() + 15000;
  setInterval(() => {
    const left = [...pids].filter(alive);
    if (!left.length) process.exit(0);
    if (Date.now() > until) { for (const p of left) kill(p, 'SIGKILL'); process.exit(0); }
  }, 200);
};
process.stdin.on('end', finish);
process.stdin.on('error', finish);
`;

function guardSend(line) {
  try {
    if (!guard) {
      // No environment of ours: the guard belongs to no service (a test that marks a service's
      // processes by a variable must not find it among them).
      guard = spawn(process.execPath, ['-e', GUARD_SRC], {
        detached: true,
        env: {},
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      guard.on('error', () => {});
      guard.stdin.on('error', () => {});
      // Neither the guard nor its pipe may keep our event loop alive.
      guard.unref();
      guard.stdin.unref();
    }
    guard.stdin.write(line);
  } catch {
    // The guard is a safety net only; the 'exit' hook still covers normal exits.
  }
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    try {
      process.kill(pid, signal);
      return true;
    } catch {
      return false;
    }
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

function installHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', () => {
    for (const pid of tracked.keys()) killGroup(pid, 'SIGTERM');
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      // Someone else (scripts/start.js, mocha) listens too: they decide how to shut down.
      if (process.listenerCount(sig) > 1) return;
      for (const pid of tracked.keys()) killGroup(pid, 'SIGTERM');
      process.exit(128 + (os.constants.signals[sig] || 0));
    });
  }
}

function track(pid, name, child) {
  installHooks();
  tracked.set(pid, name);
  guardSend(`+ ${pid}\n`);
  // A child that dies on its own is forgotten, so that its pid, once reused, is never signalled.
  if (child) child.once('exit', () => untrack(pid));
}

function untrack(pid) {
  if (tracked.delete(pid)) guardSend(`- ${pid}\n`);
}

/** Resolves when the process is gone: via the ChildProcess when it is ours, else by polling. */
function waitGone(pid, child, timeoutMs) {
  if (child && (child.exitCode !== null || child.signalCode !== null)) return Promise.resolve(true);
  return new Promise((resolve) => {
    let done = false;
    const finish = (v) => {
      if (done) return;
      done = true;
      clearInterval(poll);
      clearTimeout(timer);
      resolve(v);
    };
    if (child) child.once('exit', () => finish(true));
    const poll = child ? null : setInterval(() => !isAlive(pid) && finish(true), 100);
    const timer = setTimeout(() => finish(false), timeoutMs);
  });
}

/** SIGTERM to the process group, SIGKILL when it has not exited after `timeoutMs`. */
async function terminate(pid, child, timeoutMs, { groupFirst = true } = {}) {
  const gone = () => (child ? child.exitCode !== null || child.signalCode !== null : !isAlive(pid));
  if (!gone()) {
    if (groupFirst) killGroup(pid, 'SIGTERM');
    else {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
    if (!(await waitGone(pid, child, timeoutMs))) {
      killGroup(pid, 'SIGKILL');
      await waitGone(pid, child, 5000);
    }
  }
  // Grandchildren left in the group (e.g. tsx's node process) go too. Group only: the bare pid
  // may already belong to an unrelated process.
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* group empty */
  }
  untrack(pid);
}

/** Resolves with { code, signal } when the process ends (polled when it is not our child). */
function exitOf(pid, child) {
  if (child) {
    if (child.exitCode !== null || child.signalCode !== null)
      return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
    return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      if (!isAlive(pid)) {
        clearInterval(poll);
        resolve({ code: null, signal: null });
      }
    }, 1000);
    poll.unref(); // never keeps the event loop alive by itself
  });
}

function stopper(pid, child, timeoutMs, opts) {
  let stopping = null;
  return () => {
    if (!stopping) stopping = terminate(pid, child, timeoutMs, opts);
    return stopping;
  };
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function tail(file, lines = 40) {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.split('\n').slice(-lines).join('\n').trim();
  } catch {
    return '(no log)';
  }
}

/** The pid in `pidFile` when that process is alive and its command line matches. */
function livePidFromFile(pidFile, matches) {
  let pid;
  try {
    pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').trim(), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  const args = commandLine(pid);
  if (!args.length || !matches(args)) return null;
  return { pid, args };
}

function argValue(args, flag) {
  const eq = args.find((a) => a.startsWith(`${flag}=`));
  if (eq) return eq.slice(flag.length + 1);
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
}

function openLog(logFile) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  return fs.openSync(logFile, 'a');
}

function execFileP(cmd, args, { timeoutMs = 10_000, env } = {}) {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { timeout: timeoutMs, env: env || process.env, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        resolve({ ok: !err, code: err ? err.code : 0, stdout: String(stdout), stderr: String(stderr), error: err });
      },
    );
  });
}

/**
 * Polls `check` until it returns true. Throws when `child` exits first or after `timeoutMs`,
 * with the tail of `logFile` in the message.
 */
async function waitUntil(what, check, { timeoutMs, child, logFile, step, fix }) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  if (child) child.once('exit', (code, signal) => (exited = { code, signal }));
  for (;;) {
    if (exited || (child && (child.exitCode !== null || child.signalCode !== null))) {
      const how = exited ? (exited.signal ? `signal ${exited.signal}` : `code ${exited.code}`) : 'unknown status';
      throw tools.stepError(step, `the process exited (${how}) before ${what}. Log ${logFile}:\n${tail(logFile)}`, fix);
    }
    if (await check()) return;
    if (Date.now() > deadline) {
      throw tools.stepError(
        step,
        `timed out after ${timeoutMs / 1000}s waiting until ${what}. Log ${logFile}:\n${tail(logFile)}`,
        fix,
      );
    }
    await sleep(250);
  }
}

/** Rejects when spawning failed (ENOENT etc.), resolves once the child has a pid. */
function spawned(child, step) {
  return new Promise((resolve, reject) => {
    if (child.pid) return resolve();
    child.once('error', (err) => reject(tools.stepError(step, `could not start ${child.spawnfile}: ${err.message}`)));
  });
}

module.exports = {
  ROOT,
  log,
  sleep,
  track,
  untrack,
  terminate,
  exitOf,
  stopper,
  tail,
  livePidFromFile,
  argValue,
  openLog,
  execFileP,
  waitUntil,
  spawned,
};
