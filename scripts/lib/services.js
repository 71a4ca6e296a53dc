'use strict';
// Starts and stops the local services of the dev stack and the test run: a private MariaDB,
// a Temporal dev server and the TypeScript processes of the service.
// Plain CommonJS with no npm dependencies (used by scripts/start.js and test/helpers/global.ts).
//
// Children must not outlive us. Each service runs in its own process group (detached), so a
// Ctrl-C in the terminal reaches only the parent, which then stops them in order. Then:
//  - on 'exit' of this process every still-tracked group gets SIGTERM;
//  - on SIGINT/SIGTERM/SIGHUP, when nobody else handles the signal, we do the same and exit;
//  - a tiny guard process holds a pipe from us; when we die in any way (even SIGKILL) the pipe
//    closes and the guard sends SIGTERM, then SIGKILL after 15 s, to the groups still tracked.

const fs = require('node:fs');
const os = require('node:os');
const net = require('node:net');
const path = require('node:path');
const crypto = require('node:crypto');
const readline = require('node:readline');
const { spawn, execFile } = require('node:child_process');
const tools = require('./tools.js');

const ROOT = path.resolve(__dirname, '..', '..');
const SEARCH_ATTRIBUTES_FILE = path.join(ROOT, 'workflows', 'search-attributes.json');

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
      guard = spawn(process.execPath, ['-e', GUARD_SRC], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
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

/** A free TCP port on 127.0.0.1 (the OS picks it; free at the time of the call). */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** True when nothing listens on 127.0.0.1:port (a bind also conflicts with a 0.0.0.0 listener). */
function isPortFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

function canConnect(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    const done = (ok) => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(timeoutMs, () => done(false));
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
  });
}

function tail(file, lines = 40) {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.split('\n').slice(-lines).join('\n').trim();
  } catch {
    return '(no log)';
  }
}

/** Command line of a live process, or null. */
function cmdlineOf(pid) {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return raw.split('\0').filter(Boolean);
  } catch {
    return null;
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
  const args = cmdlineOf(pid);
  if (!args || !matches(args)) return null;
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

// ---------------------------------------------------------------------------------------------
// MariaDB

/** Unix socket paths are limited to ~107 bytes: long data dirs get a socket under the tmp dir. */
function socketPathFor(dataDir) {
  const preferred = path.join(dataDir, 'mysqld.sock');
  if (Buffer.byteLength(preferred) <= 100) return preferred;
  const hash = crypto.createHash('sha1').update(dataDir).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `qa-mysqld-${hash}.sock`);
}

/**
 * Starts a private mariadbd on 127.0.0.1:`port` with its data in `dataDir` (initialized when
 * empty) and makes sure database `qa` exists. Reuses a server still running on the same data
 * dir and port (e.g. left over by a killed run); stops one running on another port.
 * `exited` resolves when the server ends, whoever stopped it.
 * @returns {Promise<{url: string, port: number, socket: string, pid: number,
 *   exited: Promise<{code: number|null, signal: string|null}>, stop: () => Promise<void>}>}
 */
async function startMariadb({ dataDir, port, logFile, database = 'qa', timeoutMs = 60_000 }) {
  const step = 'start MariaDB';
  const bins = tools.findMariadbBins();
  if (!bins) {
    throw tools.stepError(
      step,
      'mariadbd, mariadb-install-db or the mariadb client is not installed',
      'run tools.ensureMariadb() first (npm start / npm test do), or apt-get install mariadb-server',
    );
  }
  if (!dataDir || !port) throw new Error('startMariadb needs dataDir and port');
  dataDir = path.resolve(dataDir);
  logFile = path.resolve(logFile || path.join(dataDir, 'mariadb.log'));
  fs.mkdirSync(dataDir, { recursive: true });
  const pidFile = path.join(dataDir, 'mariadbd.pid');
  const socket = socketPathFor(dataDir);
  const url = `mysql://root@127.0.0.1:${port}/${database}`;
  const fix = `look at ${logFile}; if the data dir is broken, remove ${dataDir} (this deletes its data) and retry`;

  const previous = livePidFromFile(
    pidFile,
    (args) => path.basename(args[0]).startsWith('mariadbd') && argValue(args, '--datadir') === dataDir,
  );
  if (previous) {
    if (argValue(previous.args, '--port') === String(port) && (await canConnect(port))) {
      log(`reusing mariadbd pid ${previous.pid} already serving ${dataDir} on port ${port}`);
      track(previous.pid, 'mariadb');
      await createDatabase(bins.client, socket, database, step, fix);
      return {
        url,
        port,
        socket,
        pid: previous.pid,
        exited: exitOf(previous.pid, null),
        stop: stopper(previous.pid, null, 15_000),
      };
    }
    log(`stopping mariadbd pid ${previous.pid} left running on ${dataDir} with another port`);
    await terminate(previous.pid, null, 15_000);
  }

  if (!(await isPortFree(port))) {
    throw tools.stepError(
      step,
      `port ${port} on 127.0.0.1 is already in use`,
      'stop what uses it, set DB_PORT to another port, or set DATABASE_URL to use an existing server',
    );
  }

  if (!fs.existsSync(path.join(dataDir, 'mysql'))) {
    log(`initializing MariaDB data dir ${dataDir}`);
    const fd = openLog(logFile);
    const res = await new Promise((resolve) => {
      const p = spawn(
        bins.installDb,
        ['--no-defaults', `--datadir=${dataDir}`, '--auth-root-authentication-method=normal', '--skip-test-db'],
        { stdio: ['ignore', fd, fd] },
      );
      p.on('error', (error) => resolve({ code: null, error }));
      p.on('exit', (code) => resolve({ code }));
    });
    fs.closeSync(fd);
    if (res.code !== 0) {
      throw tools.stepError(
        step,
        `mariadb-install-db failed (${res.error ? res.error.message : `code ${res.code}`}). Log ${logFile}:\n${tail(logFile)}`,
        `remove ${dataDir} and retry`,
      );
    }
  }

  fs.rmSync(socket, { force: true }); // a stale socket from a killed server would block startup
  const fd = openLog(logFile);
  const child = spawn(
    bins.mariadbd,
    [
      '--no-defaults',
      `--datadir=${dataDir}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${socket}`,
      `--pid-file=${pidFile}`,
      '--user=root', // we run as root; mariadbd refuses to without this
      '--skip-name-resolve',
      '--innodb-buffer-pool-size=256M',
      '--max-connections=1000',
      '--character-set-server=utf8mb4',
      '--collation-server=utf8mb4_unicode_ci',
      `--log-error=${logFile}`,
    ],
    { detached: true, stdio: ['ignore', fd, fd] },
  );
  fs.closeSync(fd);
  await spawned(child, step);
  track(child.pid, 'mariadb', child);
  const stop = stopper(child.pid, child, 15_000);
  try {
    await waitUntil(`mariadbd accepts connections on port ${port}`, () => canConnect(port), {
      timeoutMs,
      child,
      logFile,
      step,
      fix,
    });
    // Over our own socket: proves the server answering is ours, not another one on the port.
    await createDatabase(bins.client, socket, database, step, fix);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, port, socket, pid: child.pid, exited: exitOf(child.pid, child), stop };
}

/** Rejects when spawning failed (ENOENT etc.), resolves once the child has a pid. */
function spawned(child, step) {
  return new Promise((resolve, reject) => {
    if (child.pid) return resolve();
    child.once('error', (err) => reject(tools.stepError(step, `could not start ${child.spawnfile}: ${err.message}`)));
  });
}

async function createDatabase(client, socket, database, step, fix) {
  const sql = [
    `CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    // TCP clients come from 127.0.0.1 (skip-name-resolve: 'localhost' matches only the socket).
    "CREATE USER IF NOT EXISTS 'root'@'127.0.0.1'",
    "GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION",
  ].join('; ');
  let res;
  // TCP can answer a moment before the server is done starting: retry briefly.
  for (let i = 0; i < 20; i++) {
    res = await execFileP(client, ['--no-defaults', '-S', socket, '-uroot', '-e', sql]);
    if (res.ok) return;
    await sleep(250);
  }
  throw tools.stepError(
    step,
    `could not create database ${database} over ${socket}: ${res.stderr.trim() || res.error?.message}`,
    fix,
  );
}

// ---------------------------------------------------------------------------------------------
// Temporal dev server

/** `NAME=TYPE` pairs of workflows/search-attributes.json, registered at server start. */
function loadSearchAttributes(file = SEARCH_ATTRIBUTES_FILE) {
  if (!fs.existsSync(file)) return [];
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  return Object.entries(parsed).map(([name, type]) => `${name}=${type}`);
}

/** The CLI reads TEMPORAL_* variables (address, TLS, API key): our health checks must not. */
function cleanTemporalEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('TEMPORAL_')) delete env[key];
  return env;
}

/**
 * Starts `temporal server start-dev` on 127.0.0.1:`port` (`uiPort` null: no UI) with state in
 * `dbFile` (null: in memory) and waits until namespace `namespace` answers.
 * @returns {Promise<{address: string, uiUrl: string|null, pid: number,
 *   exited: Promise<{code: number|null, signal: string|null}>, stop: () => Promise<void>}>}
 */
async function startTemporal({
  bin,
  port,
  uiPort = null,
  dbFile = null,
  logFile,
  namespace = 'default',
  timeoutMs = 60_000,
}) {
  const step = 'start Temporal';
  if (!port) throw new Error('startTemporal needs port');
  bin = bin || process.env.TEMPORAL_BIN || tools.ensureTemporal(ROOT);
  dbFile = dbFile ? path.resolve(dbFile) : null;
  logFile = path.resolve(logFile || (dbFile ? `${dbFile}.log` : path.join(os.tmpdir(), `temporal-${port}.log`)));
  const address = `127.0.0.1:${port}`;
  const uiUrl = uiPort == null ? null : `http://127.0.0.1:${uiPort}`;
  const env = cleanTemporalEnv();
  const fix = `look at ${logFile}; set TEMPORAL_PORT to a free port, or TEMPORAL_ADDRESS to use a running server`;
  const pidFile = dbFile ? `${dbFile}.pid` : null;

  const ready = async () =>
    (await canConnect(port)) &&
    (await execFileP(bin, ['operator', 'cluster', 'health', '--address', address], { env })).ok &&
    (
      await execFileP(bin, ['operator', 'namespace', 'describe', '--namespace', namespace, '--address', address], {
        env,
      })
    ).ok;

  // A dev server left running on the same state file (killed parent): reuse or stop it, since
  // two servers on one SQLite file would corrupt it.
  const previous =
    pidFile &&
    livePidFromFile(pidFile, (args) => args.includes('start-dev') && argValue(args, '--db-filename') === dbFile);
  if (previous) {
    const sameUi =
      uiPort == null ? previous.args.includes('--headless') : argValue(previous.args, '--ui-port') === String(uiPort);
    if (argValue(previous.args, '--port') === String(port) && sameUi && (await ready())) {
      log(`reusing Temporal dev server pid ${previous.pid} on ${address}`);
      track(previous.pid, 'temporal');
      return {
        address,
        uiUrl,
        pid: previous.pid,
        exited: exitOf(previous.pid, null),
        stop: stopper(previous.pid, null, 10_000),
      };
    }
    log(`stopping Temporal dev server pid ${previous.pid} left running on ${dbFile}`);
    await terminate(previous.pid, null, 10_000);
  }

  for (const [what, p] of [
    ['port', port],
    ['UI port', uiPort],
  ]) {
    if (p != null && !(await isPortFree(p))) {
      throw tools.stepError(
        step,
        `${what} ${p} on 127.0.0.1 is already in use`,
        what === 'port'
          ? 'set TEMPORAL_PORT to another port, or TEMPORAL_ADDRESS to use that server'
          : 'set TEMPORAL_UI_PORT to another port',
      );
    }
  }

  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--namespace',
    namespace,
    '--log-level',
    'warn',
  ];
  if (dbFile) {
    fs.mkdirSync(path.dirname(dbFile), { recursive: true });
    args.push('--db-filename', dbFile);
  }
  args.push(...(uiPort == null ? ['--headless'] : ['--ui-port', String(uiPort)]));
  for (const pair of loadSearchAttributes()) args.push('--search-attribute', pair);

  const fd = openLog(logFile);
  const child = spawn(bin, args, { detached: true, stdio: ['ignore', fd, fd], env });
  fs.closeSync(fd);
  await spawned(child, step);
  track(child.pid, 'temporal', child);
  if (pidFile) fs.writeFileSync(pidFile, `${child.pid}\n`);
  const stopTemporal = stopper(child.pid, child, 10_000);
  const stop = async () => {
    await stopTemporal();
    if (pidFile) fs.rmSync(pidFile, { force: true });
  };
  try {
    await waitUntil(`Temporal answers on ${address} with namespace ${namespace}`, ready, {
      timeoutMs,
      child,
      logFile,
      step,
      fix,
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { address, uiUrl, pid: child.pid, exited: exitOf(child.pid, child), stop };
}

// ---------------------------------------------------------------------------------------------
// TypeScript processes of the service

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

module.exports = {
  freePort,
  isPortFree,
  canConnect,
  startMariadb,
  startTemporal,
  runNode,
  loadSearchAttributes,
  ROOT,
};
