'use strict';
// A Temporal cluster as production runs it: the real server (scripts/lib/temporal-server.js) on
// PostgreSQL (persistence and visibility), its frontend, history, matching and worker services each
// a process of its own, on loopback ports. Each service can be killed and started again on the
// same ports and data, which is what `npm run chaos` on the cluster does.
// Plain CommonJS with no npm dependencies, like the other service helpers.

const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const tools = require('./tools.js');
const { freePort, isPortFree, canConnect } = require('./ports.js');
const { startPostgres } = require('./postgres.js');
const { ensureTemporalServer } = require('./temporal-server.js');
const { loadSearchAttributes } = require('./temporal.js');
const { log, track, exitOf, stopper, openLog, execFileP, waitUntil, spawned, sleep } = require('./processes.js');

const SERVICES = ['frontend', 'history', 'matching', 'worker'];

/**
 * A free loopback port below 32768: Temporal's SQL schema keeps membership ports in a smallint,
 * and the kernel's ephemeral range (what freePort hands out) lies above it.
 */
async function lowFreePort(taken) {
  for (let i = 0; i < 200; i++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    if (!taken.has(port) && (await isPortFree(port))) {
      taken.add(port);
      return port;
    }
  }
  throw new Error('no free port between 20000 and 32000 on 127.0.0.1');
}

/** One server process per entry: `history` may have several hosts (history-1, history-2, …). */
function instancesOf(historyHosts) {
  return [
    { name: 'frontend', service: 'frontend' },
    ...Array.from({ length: historyHosts }, (_, i) => ({
      name: historyHosts > 1 ? `history-${i + 1}` : 'history',
      service: 'history',
    })),
    { name: 'matching', service: 'matching' },
    { name: 'worker', service: 'worker' },
  ];
}

function datastore(pg, database, maxConns) {
  return {
    sql: {
      pluginName: 'postgres12',
      databaseName: database,
      connectAddr: `${pg.host}:${pg.port}`,
      connectProtocol: 'tcp',
      user: pg.user,
      password: '',
      maxConns,
      maxIdleConns: maxConns,
      maxConnLifetime: '1h',
    },
  };
}

/**
 * The server's YAML for one process (JSON is YAML): every service's ports, so that the config
 * names the whole cluster, with this instance's own ports for its service.
 */
function configFor({ pg, ports, instance, shards, dynamicConfigFile }) {
  const services = {};
  for (const s of SERVICES) {
    const own = instance.service === s ? ports[instance.name] : ports[s === 'history' ? firstHistory(ports) : s];
    services[s] = { rpc: { grpcPort: own.grpc, membershipPort: own.membership, bindOnLocalHost: true } };
  }
  return {
    log: { stdout: true, level: 'warn' },
    persistence: {
      defaultStore: 'postgres-default',
      visibilityStore: 'postgres-visibility',
      numHistoryShards: shards,
      datastores: {
        'postgres-default': datastore(pg, 'temporal', 20),
        'postgres-visibility': datastore(pg, 'temporal_visibility', 10),
      },
    },
    global: { membership: { maxJoinDuration: '30s', broadcastAddress: '127.0.0.1' } },
    services,
    clusterMetadata: {
      enableGlobalNamespace: false,
      failoverVersionIncrement: 10,
      masterClusterName: 'active',
      currentClusterName: 'active',
      clusterInformation: {
        active: {
          enabled: true,
          initialFailoverVersion: 1,
          rpcName: 'frontend',
          rpcAddress: `127.0.0.1:${ports.frontend.grpc}`,
        },
      },
    },
    dcRedirectionPolicy: { policy: 'noop' },
    dynamicConfigClient: { filepath: dynamicConfigFile, pollInterval: '10s' },
  };
}

function firstHistory(ports) {
  return Object.keys(ports).find((k) => k.startsWith('history'));
}

// Fairness keys (the organization, set at workflow start) share task queues between tenants, as
// on the dev server (scripts/lib/temporal.js).
const DYNAMIC_CONFIG = 'matching.enableFairness:\n  - value: true\n';

/** The temporal-sql-tool command line against one database. */
function sqlTool(bin, pg, database) {
  return (args) =>
    execFileP(
      bin,
      ['--plugin', 'postgres12', '--ep', pg.host, '-p', String(pg.port), '-u', pg.user, '--db', database, ...args],
      { timeoutMs: 120_000 },
    );
}

/** Creates Temporal's two databases and brings their schemas to this version (safe to re-run). */
async function setupSchemas({ sqlToolBin, schemaDir, pg }) {
  for (const [database, folder] of [
    ['temporal', 'temporal'],
    ['temporal_visibility', 'visibility'],
  ]) {
    const sql = sqlTool(sqlToolBin, pg, database);
    const exists = await execFileP(path.join(pg.bin, 'psql'), [
      '-h',
      pg.host,
      '-p',
      String(pg.port),
      '-U',
      pg.user,
      '-d',
      'postgres',
      '-tAc',
      `SELECT 1 FROM pg_database WHERE datname = '${database}'`,
    ]);
    const steps = [
      ...(exists.stdout.trim() === '1' ? [] : [['create-database']]),
      ['setup-schema', '-v', '0.0'],
      ['update-schema', '-d', path.join(schemaDir, 'postgresql', 'v12', folder, 'versioned')],
    ];
    for (const args of steps) {
      const res = await sql(args);
      // setup-schema on a database that has it already only says so; update-schema then no-ops.
      if (!res.ok && !(args[0] === 'setup-schema' && /already exists/i.test(res.stderr + res.stdout)))
        throw tools.stepError(
          'set up Temporal schemas',
          `temporal-sql-tool --db ${database} ${args.join(' ')}: ${(res.stderr || res.stdout).slice(-1500)}`,
          null,
        );
    }
  }
}

/**
 * Starts PostgreSQL and the four services in `dir`, sets up the schemas and registers `namespace`
 * with the search attributes of workflows/search-attributes.json.
 * @returns {Promise<Cluster>}
 */
async function startCluster({ root, dir, temporalCli, namespace = 'default', shards = 4, historyHosts = 1, pgPort }) {
  const built = ensureTemporalServer(root);
  fs.mkdirSync(dir, { recursive: true });
  const pg = await startPostgres({
    dataDir: path.join(dir, 'postgres'),
    port: pgPort || (await freePort()),
    logFile: path.join(dir, 'postgres.log'),
  });
  const cluster = new Cluster({ dir, pg, built, temporalCli, namespace, shards, historyHosts });
  try {
    await setupSchemas({ sqlToolBin: built.sqlTool, schemaDir: built.schemaDir, pg });
    await cluster.allocatePorts();
    // Frontend first: the others find it (and each other) through the membership table.
    for (const instance of cluster.instances) await cluster.start(instance.name);
    await cluster.registerNamespace();
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  return cluster;
}

class Cluster {
  constructor({ dir, pg, built, temporalCli, namespace, shards, historyHosts }) {
    Object.assign(this, { dir, pg, built, temporalCli, namespace, shards });
    this.instances = instancesOf(historyHosts);
    this.ports = {};
    /** name → { pid, child, exited, stop } of the running process. */
    this.running = new Map();
    this.dynamicConfigFile = path.join(dir, 'dynamicconfig.yaml');
  }

  get address() {
    return `127.0.0.1:${this.ports.frontend.grpc}`;
  }

  async allocatePorts() {
    const taken = new Set();
    for (const { name } of this.instances)
      this.ports[name] = { grpc: await lowFreePort(taken), membership: await lowFreePort(taken) };
    fs.writeFileSync(this.dynamicConfigFile, DYNAMIC_CONFIG);
  }

  logFile(name) {
    return path.join(this.dir, `${name}.log`);
  }

  /** Starts one service process (again, after a kill) on its ports and waits until it listens. */
  async start(name) {
    const instance = this.instances.find((i) => i.name === name);
    if (!instance) throw new Error(`no Temporal service ${name}`);
    const configFile = path.join(this.dir, `${name}.yaml`);
    const config = configFor({
      pg: this.pg,
      ports: this.ports,
      instance,
      shards: this.shards,
      dynamicConfigFile: this.dynamicConfigFile,
    });
    fs.writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
    const logFile = this.logFile(name);
    const fd = openLog(logFile);
    // --allow-no-auth: a loopback cluster without an authorizer; production sets one (docs/deployment.md).
    const child = spawn(
      this.built.server,
      ['--config-file', configFile, '--allow-no-auth', 'start', '--service', instance.service],
      { cwd: this.dir, detached: true, stdio: ['ignore', fd, fd] },
    );
    fs.closeSync(fd);
    const step = `start Temporal ${name}`;
    await spawned(child, step);
    track(child.pid, `temporal-${name}`, child);
    const proc = { pid: child.pid, child, exited: exitOf(child.pid, child), stop: stopper(child.pid, child, 15_000) };
    this.running.set(name, proc);
    await waitUntil(`Temporal ${name} listens on ${this.ports[name].grpc}`, () => canConnect(this.ports[name].grpc), {
      timeoutMs: 90_000,
      child,
      logFile,
      step,
      fix: `look at ${logFile}`,
    });
    return proc;
  }

  /** SIGKILL, as a crash or an OOM kill of that service. */
  async kill(name) {
    const proc = this.running.get(name);
    if (!proc) return;
    this.running.delete(name);
    try {
      process.kill(-proc.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    await proc.exited;
    await proc.stop();
  }

  pid(name) {
    return this.running.get(name)?.pid ?? 0;
  }

  cli(args, timeoutMs = 20_000) {
    // Our own address only: TEMPORAL_* variables of the caller must not redirect the CLI.
    const env = { ...process.env };
    for (const key of Object.keys(env)) if (key.startsWith('TEMPORAL_')) delete env[key];
    return execFileP(this.temporalCli, [...args, '--address', this.address], { timeoutMs, env });
  }

  /**
   * A namespace (the cluster's own by default) and the search attributes, then a probe workflow that carries one of them: once
   * it starts, frontend, history and visibility all know both (their caches refresh on their own).
   */
  async registerNamespace(namespace = this.namespace) {
    const ns = ['--namespace', namespace];
    await waitUntil(
      'the Temporal frontend answers',
      async () => (await this.cli(['operator', 'cluster', 'health'])).ok,
      {
        timeoutMs: 90_000,
        logFile: this.logFile('frontend'),
        step: 'register the namespace',
      },
    );
    if (!(await this.cli(['operator', 'namespace', 'describe', ...ns])).ok) {
      const res = await this.cli(['operator', 'namespace', 'create', ...ns, '--retention', '72h']);
      if (!res.ok && !/already/i.test(res.stderr))
        throw tools.stepError('register the namespace', res.stderr.slice(-1000), null);
    }
    const attributes = loadSearchAttributes();
    const known = (await this.cli(['operator', 'search-attribute', 'list', ...ns, '-o', 'json'])).stdout;
    for (const pair of attributes) {
      const [name, type] = pair.split('=');
      if (known.includes(`"${name}"`)) continue;
      await waitUntil(
        `search attribute ${name} is registered`,
        async () => {
          const res = await this.cli(['operator', 'search-attribute', 'create', ...ns, '--name', name, '--type', type]);
          return res.ok || /already/i.test(res.stderr);
        },
        { timeoutMs: 90_000, logFile: this.logFile('frontend'), step: 'register search attributes' },
      );
    }
    const probeId = `cluster-ready-${Date.now()}`;
    const [first] = attributes[0].split('=');
    await waitUntil(
      'a workflow with a search attribute starts',
      async () => {
        const res = await this.cli([
          'workflow',
          'start',
          ...ns,
          '--type',
          'ClusterReadyProbe',
          '--task-queue',
          'cluster-ready-probe',
          '--workflow-id',
          probeId,
          '--search-attribute',
          `${first}="probe"`,
        ]);
        if (!res.ok) await sleep(1000);
        return res.ok || /already started/i.test(res.stderr);
      },
      { timeoutMs: 120_000, logFile: this.logFile('history'), step: 'check the namespace' },
    );
    await this.cli(['workflow', 'terminate', ...ns, '--workflow-id', probeId, '--reason', 'readiness probe']);
    log(`Temporal cluster ready on ${this.address} (namespace ${namespace})`);
  }

  /** Stops the services (in reverse start order), then PostgreSQL. */
  async stop() {
    for (const { name } of [...this.instances].reverse()) {
      const proc = this.running.get(name);
      this.running.delete(name);
      if (proc) await proc.stop();
    }
    await this.pg.stop();
  }
}

module.exports = { startCluster, instancesOf };
