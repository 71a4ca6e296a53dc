'use strict';
// Process trees on Linux, read from /proc: find a process's descendants, read its state and CPU,
// freeze it (SIGSTOP until every thread has stopped) and kill a whole tree without racing its forks.
// The one place that reads /proc for the scripts, the test helpers and the benchmarks.
// Hand-written on purpose: `pidtree` and `tree-kill` list a tree once through `ps` and signal it, so
// a process forking at that moment leaves a child behind; freezing first needs the threads' states.
// Plain CommonJS with no npm dependencies (scripts/start.js loads it through appium.js).

const fs = require('node:fs');

/** The fields after the command name in parentheses (which may itself hold spaces and parentheses). */
function statFields(path) {
  const stat = fs.readFileSync(path, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * A process's parent and CPU (ms, user + system): its own, and that of the children it has reaped
 * (Chromium's renderers end with their context; their time is their reaper's children's time).
 * Undefined when the process ended while we looked.
 */
function procStat(pid) {
  try {
    const f = statFields(`/proc/${pid}/stat`);
    const ms = (a, b) => ((Number(f[a]) + Number(f[b])) * 1000) / 100;
    return { ppid: Number(f[1]), ownMs: ms(11, 12), reapedMs: ms(13, 14) };
  } catch {
    return undefined;
  }
}

/** Resident memory of a process in MiB. */
function residentMiB(pid) {
  const pages = Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
  return (pages * 4096) / 1024 / 1024;
}

/**
 * A process's command line, one entry an argument; empty when it ended while we looked. Chromium's
 * child processes rewrite theirs into one string (their title), so that entry may hold spaces.
 */
function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/** Whether the process exists and has not ended (a zombie, not yet reaped, has an empty command line). */
function alive(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`).length > 0;
  } catch {
    return false;
  }
}

/** Whether any thread of the process is still running (not stopped, not ended). */
function running(pid) {
  let tasks = [];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return false;
  }
  return tasks.some((tid) => {
    try {
      return !'TtZX'.includes(statFields(`/proc/${pid}/task/${tid}/stat`)[0]);
    } catch {
      return false; // the thread has exited
    }
  });
}

/** The processes under `roots` (none where there is no /proc), children before their own children. */
function descendants(roots) {
  const children = new Map();
  let entries = [];
  try {
    entries = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  for (const name of entries) {
    const ppid = procStat(name)?.ppid;
    if (ppid !== undefined) children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
  }
  const out = [];
  for (let queue = [...roots]; queue.length;) {
    const next = children.get(queue.shift()) ?? [];
    out.push(...next);
    queue.push(...next);
  }
  return out;
}

/** Every process under `pid`, itself first. */
function processTree(pid) {
  return [pid, ...descendants([pid])];
}

function send(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGSTOP, then wait until every thread of the process is stopped. kill() returns when the signal
 * is queued; on a busy machine the process's threads keep running (and answering queries) until
 * one of them is scheduled and stops the rest, which a test of a hung server must not race.
 */
async function freeze(pid, timeoutMs = 10_000) {
  process.kill(pid, 'SIGSTOP');
  const deadline = Date.now() + timeoutMs;
  while (running(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} did not stop within ${timeoutMs} ms of SIGSTOP`);
    await sleep(5);
  }
}

/**
 * SIGSTOPs `roots` and everything under them until a scan finds no new process (a stopped process
 * cannot fork), then SIGKILLs them all and waits until they are gone.
 */
async function killTrees(roots) {
  const frozen = new Set();
  for (let pending = roots; pending.length;) {
    for (const pid of pending) {
      frozen.add(pid);
      send(pid, 'SIGSTOP');
    }
    // SIGSTOP is only queued when kill() returns: a thread still running may fork until it stops.
    for (let i = 0; i < 100 && pending.some(running); i++) await sleep(10);
    pending = descendants([...frozen]).filter((pid) => !frozen.has(pid));
  }
  for (const pid of frozen) send(pid, 'SIGKILL');
  const all = [...frozen];
  for (let i = 0; i < 100 && all.some(alive); i++) await sleep(20);
}

module.exports = { procStat, residentMiB, commandLine, alive, running, descendants, processTree, freeze, killTrees };
