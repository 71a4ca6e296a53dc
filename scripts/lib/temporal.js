'use strict';
// A Temporal dev server (`temporal server start-dev`) for the dev stack and the test run.
// Plain CommonJS with no npm dependencies (it runs before `npm install`).

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const tools = require('./tools.js');
const { isPortFree, canConnect } = require('./ports.js');
const {
  ROOT,
  log,
  track,
  terminate,
  exitOf,
  stopper,
  livePidFromFile,
  argValue,
  openLog,
  execFileP,
  waitUntil,
  spawned,
} = require('./processes.js');

const SEARCH_ATTRIBUTES_FILE = path.join(ROOT, 'workflows', 'search-attributes.json');

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
 * The state file in write-ahead-log mode, synced at checkpoints rather than at every commit. With
 * SQLite's default (a rollback journal, synced on every commit) each write of the server waited for
 * 2–4 fsyncs: a workflow start took 51 ms at p50 against 15 ms in memory on a shared 2-core host,
 * and a Run's first step waits on several such writes. A killed server loses nothing committed; an
 * OS crash or power loss may lose the last commits, never the file (what a dev stack can afford).
 * TEMPORAL_SQLITE_PRAGMAS (comma-separated) replaces them; `npm run bench -- stack` compares both.
 */
const STATE_FILE_PRAGMAS =
  process.env.TEMPORAL_SQLITE_PRAGMAS !== undefined
    ? process.env.TEMPORAL_SQLITE_PRAGMAS.split(',').filter(Boolean) // "": SQLite's own defaults
    : ['journal_mode=wal', 'synchronous=normal'];

/**
 * Starts `temporal server start-dev` on 127.0.0.1:`port` (`uiPort` null: no UI) with state in
 * `dbFile` (null: in memory) and waits until namespace `namespace` answers. `sqlitePragmas`
 * ("name=value") are applied to the state file (default: STATE_FILE_PRAGMAS).
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
  sqlitePragmas = STATE_FILE_PRAGMAS,
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
    // Fairness keys (the organization, set at workflow start) share task queues between tenants.
    '--dynamic-config-value',
    'matching.enableFairness=true',
  ];
  if (dbFile) {
    fs.mkdirSync(path.dirname(dbFile), { recursive: true });
    args.push('--db-filename', dbFile);
    for (const pragma of sqlitePragmas) args.push('--sqlite-pragma', pragma);
  }
  args.push(...(uiPort == null ? ['--headless'] : ['--ui-port', String(uiPort)]));
  for (const pair of loadSearchAttributes()) args.push('--search-attribute', pair);

  const fd = openLog(logFile);
  // Go's collector runs at 100% heap growth by default: a busy dev server spent a sizeable share of its
  // CPU there on the 2-core machine. A few hundred MB more heap is cheap; GOGC in the caller's
  // environment wins.
  const child = spawn(bin, args, { detached: true, stdio: ['ignore', fd, fd], env: { GOGC: '400', ...env } });
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

module.exports = { startTemporal, loadSearchAttributes };
