'use strict';
// The one stack launcher: starts, watches and stops the services of `npm start`, `npm run cluster`,
// the test run, chaos, fuzz and the benches (MariaDB, a Temporal dev server or cluster, Appium, the
// API, the worker, anything else with a stop). Each service is started through a Stack, which
// keeps it for stopping in reverse order and can start it again on the same settings (chaos).
// Processes themselves are tracked once, in processes.js, so that none outlives its parent.
// Plain CommonJS with no npm dependencies (it runs before `npm install`).

const tools = require('./tools.js');
const { startMariadb, startThrowawayMariadb } = require('./mariadb.js');
const { startTemporal } = require('./temporal.js');
const { startAppium } = require('./appium.js');
const { runNode } = require('./node-children.js');
const { sleep } = require('./processes.js');

/**
 * Installs what a whole stack needs when it is missing (npm packages, the Temporal CLI, MariaDB,
 * Chromium) and returns the paths the services are given.
 */
function ensureStackTools(root) {
  tools.ensureNodeModules(root);
  const temporalBin = tools.ensureTemporal(root);
  tools.ensureMariadb();
  return { temporalBin, chromium: tools.ensureChromium() };
}

/** How a process ended, in words: `code 1`, `signal SIGKILL` or the spawn error. */
const howItEnded = ({ code, signal, error }) => (error ? error.message : signal ? `signal ${signal}` : `code ${code}`);

/** A port from the environment variable `name`, else `fallback`. */
function portEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name}=${raw} is not a TCP port`);
  return n;
}

/**
 * Resolves once GET `url`/healthz answers 200; throws after `timeoutMs`, or when `child` exits
 * first. `cancelled()` true: never resolves (the stack is stopping and reports nothing more).
 */
async function waitHealthy(url, { timeoutMs = 60_000, intervalMs = 500, child, cancelled = () => false } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      async (res) => (await res.arrayBuffer(), res.status),
      () => null,
    );
    if (status === 200) return;
    if (cancelled()) return new Promise(() => {});
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`the process serving ${url} exited before it was healthy`);
    if (Date.now() > deadline) throw new Error(`GET ${url}/healthz did not answer 200 within ${timeoutMs / 1000} s`);
    await sleep(intervalMs);
  }
}

class Stack {
  /** `say`: where "stopping <name>" lines go (none when omitted). */
  constructor({ say } = {}) {
    this.say = say || (() => {});
    /** { name, start, handle }, in start order. */
    this.entries = [];
    this.stopping = false;
    /** Called with (name, how) when a watched service ends while the stack is not stopping. */
    this.onExit = null;
  }

  /**
   * Starts a service with `start()` (resolving to a handle with `stop()` and, for a process,
   * `exited`), keeps it for stopping and watches its exit. A failed start keeps nothing: each
   * starter stops what it began before it throws. `watch` false: its end is no news (one-shots).
   */
  async add(name, start, { watch = true } = {}) {
    const entry = { name, start, handle: null };
    this.entries.push(entry);
    try {
      entry.handle = await start();
    } catch (err) {
      this.entries = this.entries.filter((e) => e !== entry);
      throw err;
    }
    // The stack began to stop while this one was starting: it has nobody left to serve.
    if (this.stopping) {
      await entry.handle.stop().catch(() => {});
      throw new Error(`${name} started while the stack was stopping`);
    }
    if (watch) this.watch(name, entry.handle.exited, entry);
    return entry.handle;
  }

  /** The handle of the running service `name`. */
  get(name) {
    return this.entries.find((e) => e.name === name)?.handle;
  }

  /** Starts service `name` again with the settings of its first start (after a kill). */
  async restart(name) {
    const entry = this.entries.find((e) => e.name === name);
    if (!entry) throw new Error(`no service ${name} in this stack`);
    entry.handle = await entry.start();
    this.watch(name, entry.handle.exited, entry);
    return entry.handle;
  }

  /** Reports the end of `exited` to onExit, unless the stack stops or `entry` was started again. */
  watch(name, exited, entry) {
    const handle = entry?.handle;
    exited?.then((how) => {
      if (!this.stopping && (!entry || entry.handle === handle)) this.onExit?.(name, howItEnded(how));
    });
  }

  /** Stops every service, the last started first (`together`: all at once, for independent ones). */
  async stop({ together = false } = {}) {
    this.stopping = true;
    const stopOne = async ({ name, handle }) => {
      this.say(`stopping ${name}`);
      await handle.stop().catch((err) => this.say(`stopping ${name} failed: ${err.message}`));
    };
    // One still starting is stopped by add() once it is up.
    const entries = this.entries
      .splice(0)
      .reverse()
      .filter((e) => e.handle);
    if (together) await Promise.all(entries.map(stopOne));
    else for (const entry of entries) await stopOne(entry);
  }

  /** A private MariaDB (mariadb.js startMariadb), as service `MariaDB`. */
  mariadb(options) {
    return this.add('MariaDB', () => startMariadb(options));
  }

  /** A throwaway MariaDB in `dir` (startThrowawayMariadb); a restart reuses the port and data it settled on. */
  throwawayMariadb(dir, { say } = {}) {
    let settled = null;
    return this.add('MariaDB', async () => {
      if (settled) return { ...(await startMariadb(settled)), ...settled };
      const db = await startThrowawayMariadb(dir, { say });
      settled = { port: db.port, dataDir: db.dataDir, logFile: db.logFile };
      return db;
    });
  }

  /** A Temporal dev server (temporal.js startTemporal), as service `Temporal`. */
  temporal(options) {
    return this.add('Temporal', () => startTemporal(options));
  }

  /**
   * A Temporal cluster (temporal-cluster.js startCluster), as service `Temporal cluster`; each of its
   * service processes is watched unless `watch` is false (a check that kills them on purpose).
   */
  async temporalCluster({ watch = true, ...options }) {
    const { startCluster } = require('./temporal-cluster.js');
    const cluster = await this.add('Temporal cluster', () => startCluster(options));
    if (watch) for (const [name, proc] of cluster.running) this.watch(`Temporal ${name}`, proc.exited);
    return cluster;
  }

  /** A local Appium server (appium.js startAppium), as service `Appium`. */
  appium(options) {
    return this.add('Appium', () => startAppium(options));
  }

  /**
   * A long-running TypeScript entry point (the API, a worker) as service `name`, its output
   * prefixed with `[prefix]`; stopping it waits up to `stopMs` before SIGKILL.
   */
  node(name, script, env, { prefix, stopMs = 10_000 } = {}) {
    return this.add(name, async () => {
      const proc = runNode(script, [], env, { name: prefix });
      return { ...proc, stop: () => proc.stop(stopMs) };
    });
  }

  /** A one-shot TypeScript entry point (the migrations): kept for stopping while it runs; throws unless it exits 0. */
  async run(name, script, env, { prefix } = {}) {
    const proc = await this.add(name, async () => runNode(script, [], env, { name: prefix }), { watch: false });
    const ended = await proc.exited;
    this.entries = this.entries.filter((e) => e.handle !== proc);
    if (ended.error) throw ended.error;
    if (ended.code !== 0) throw new Error(`${script} exited with ${howItEnded(ended)}`);
  }

  /** waitHealthy, giving up quietly once the stack is stopping. */
  waitHealthy(url, options = {}) {
    return waitHealthy(url, { ...options, cancelled: () => this.stopping });
  }
}

module.exports = { Stack, ensureStackTools, waitHealthy, portEnv, howItEnded };
