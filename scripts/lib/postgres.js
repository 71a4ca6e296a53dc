'use strict';
// A private PostgreSQL server (Temporal's persistence and visibility for `npm run cluster`).
// Plain CommonJS with no npm dependencies, like the other service helpers.

const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const tools = require('./tools.js');
const { isPortFree } = require('./ports.js');
const { track, exitOf, stopper, openLog, execFileP, waitUntil, spawned } = require('./processes.js');

/** Debian's server binaries (postgresql-NN), newest first; null when the package is missing. */
function findPostgresBinDir() {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const dir = path.join(base, v, 'bin');
    if (['postgres', 'initdb', 'psql', 'pg_isready'].every((b) => fs.existsSync(path.join(dir, b)))) return dir;
  }
  return null;
}

/** The server's bin directory, installing Debian's postgresql when it is missing. */
function ensurePostgres() {
  const found = findPostgresBinDir();
  if (found) return found;
  tools.log('PostgreSQL not found; installing Debian package postgresql');
  const res = tools.aptInstall('postgresql', { noRecommends: true });
  const after = findPostgresBinDir();
  if (res.ok && after) return after;
  throw tools.stepError(
    'install PostgreSQL',
    res.ok ? 'postgresql installed but no /usr/lib/postgresql/*/bin/postgres' : res.reason,
    'install it yourself: apt-get install postgresql',
  );
}

/**
 * PostgreSQL refuses to run as root: then the server runs as Debian's `postgres` user, which
 * must own the data dir. Returns the uid/gid to spawn with (none when we are not root).
 */
function serverUser() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0)
    throw tools.stepError(
      'start PostgreSQL',
      'running as root and there is no `postgres` user to run the server as',
      'install Debian package postgresql (it creates the user) or run as an ordinary user',
    );
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

/**
 * The server user must reach its data dir: directories of ours on the way (a 0700 mkdtemp dir)
 * get the search bit for others, nothing more (their entries stay unlistable).
 */
function openPathTo(dir, { uid }) {
  if (uid === undefined) return;
  for (let d = path.dirname(dir); d !== path.dirname(d); d = path.dirname(d)) {
    const st = fs.statSync(d);
    if (st.uid === process.getuid() && !(st.mode & 0o001)) fs.chmodSync(d, (st.mode & 0o7777) | 0o001);
  }
}

/**
 * Starts postgres on 127.0.0.1:`port` (TCP on loopback only, its socket in the data dir) with its
 * data in `dataDir` (initialized when empty, superuser `user`, trust on loopback: a private server
 * of this machine). `exited` resolves when the server ends.
 * @returns {Promise<{host: string, port: number, user: string, pid: number,
 *   exited: Promise<{code: number|null, signal: string|null}>, stop: () => Promise<void>}>}
 */
async function startPostgres({ dataDir, port, logFile, user = 'temporal', timeoutMs = 60_000 }) {
  const step = 'start PostgreSQL';
  const bin = ensurePostgres();
  dataDir = path.resolve(dataDir);
  logFile = path.resolve(logFile);
  const owner = serverUser();
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  openPathTo(dataDir, owner);
  if (owner.uid !== undefined) fs.chownSync(dataDir, owner.uid, owner.gid);
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const init = spawnSync(
      path.join(bin, 'initdb'),
      ['-D', dataDir, '-U', user, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8'],
      { ...owner, encoding: 'utf8', cwd: dataDir },
    );
    if (init.status !== 0)
      throw tools.stepError(step, `initdb failed: ${init.stderr || init.stdout}`, `remove ${dataDir} and try again`);
  }
  if (!(await isPortFree(port)))
    throw tools.stepError(step, `port ${port} on 127.0.0.1 is in use`, 'set CLUSTER_PG_PORT to a free port');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  fs.closeSync(fs.openSync(logFile, 'a'));
  if (owner.uid !== undefined) fs.chownSync(logFile, owner.uid, owner.gid);
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${dataDir}`,
    // Temporal's five services hold up to maxConns each (scripts/lib/temporal-cluster.js).
    '-c',
    'max_connections=300',
  ];
  const fd = openLog(logFile);
  const child = spawn(path.join(bin, 'postgres'), args, {
    ...owner,
    cwd: dataDir,
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  await spawned(child, step);
  track(child.pid, 'postgres', child);
  // SIGTERM (a "smart" shutdown) waits for sessions: Temporal's services are stopped first.
  const stop = stopper(child.pid, child, 20_000);
  const ready = async () =>
    (await execFileP(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', user])).ok;
  try {
    await waitUntil(`PostgreSQL answers on 127.0.0.1:${port}`, ready, {
      timeoutMs,
      child,
      logFile,
      step,
      fix: `look at ${logFile}`,
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { host: '127.0.0.1', port, user, bin, pid: child.pid, exited: exitOf(child.pid, child), stop };
}

module.exports = { startPostgres, ensurePostgres };
