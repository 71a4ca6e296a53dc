'use strict';
// A private MariaDB server for the dev stack and the test run.
// Plain CommonJS with no npm dependencies (it runs before `npm install`).

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawn } = require('node:child_process');
const tools = require('./tools.js');
const { isPortFree, canConnect, freePort } = require('./ports.js');
const {
  log,
  sleep,
  track,
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
} = require('./processes.js');

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
      if (p.pid) track(p.pid, 'mariadb-install-db', p);
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
      // The redo log is written at each commit and synced once a second, not synced per commit: a
      // Run's first step waits on several commits (1.7 ms at p50 and 5.7 ms at p90 each on a shared
      // host, against 0.4 and 1.5 ms). A killed server loses nothing committed; an OS crash or power
      // loss may lose the last second, which a local dev or test server can afford.
      '--innodb-flush-log-at-trx-commit=2',
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

/**
 * A throwaway MariaDB for one run (tests, fuzz, mutants), in `dir`, tried up to three times, each
 * on a fresh port and data dir: the port can be taken between picking and binding it (a CI run saw
 * a Temporal dev server started beside it answer there), and mariadb-install-db now and then fails
 * on a busy machine (a temporary table in the shared /tmp vanishes under it).
 */
async function startThrowawayMariadb(dir, { say = log } = {}) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const dataDir = path.join(dir, attempt === 1 ? 'mysql' : `mysql-${attempt}`);
    const logFile = path.join(dir, attempt === 1 ? 'mariadb.log' : `mariadb-${attempt}.log`);
    try {
      // Where it settled, so that a caller can start it again there (the chaos suite's restarts).
      return { ...(await startMariadb({ dataDir, port, logFile })), dataDir, logFile };
    } catch (err) {
      if (attempt >= 3) throw err;
      say(`MariaDB on port ${port} did not start (${String(err.reason || err.message).split('\n')[0]}); trying again`);
    }
  }
}

module.exports = { startMariadb, startThrowawayMariadb };
