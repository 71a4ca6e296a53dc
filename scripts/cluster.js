#!/usr/bin/env node
'use strict';
// `npm run cluster`: the production shape on this machine (docs/deployment.md). Builds the pinned
// Temporal server once into .tools/temporal-server (Go), starts a private PostgreSQL for its
// persistence and visibility, sets up the schemas with temporal-sql-tool, runs Temporal's
// frontend, history, matching and worker services as separate processes, registers the namespace
// and the search attributes; then a private MariaDB, two API processes behind a load balancer and
// two workers. Ctrl-C stops everything in reverse order.
//
// `npm run cluster -- --check` (what a release runs, timed in docs/deployment.md): the same on
// fresh data, then the smoke through both APIs (test/cluster/smoke.ts), the behaviour test files
// of CLUSTER_TEST_FILES against the cluster, and the chaos suite on a cluster of its own
// (CHAOS_TARGET=cluster); prints each part's time and exits non-zero when one fails.
//
// Settings (environment): PORT (3000: the balancer; the APIs take PORT+1 and PORT+2),
// CLUSTER_TEMPORAL_SHARDS (4), CLUSTER_HISTORY_HOSTS (1), CLUSTER_PG_PORT (free port),
// DB_PORT (free port), TEMPORAL_NAMESPACE (default).

// Node 24 LTS: an older Node runs this script again under the pinned one (scripts/lib/node-lts.js).
if (require('./lib/node-lts.js').runUnderNodeLts(require('node:path').resolve(__dirname, '..'))) return;

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { parseArgs } = require('node:util');
const tools = require('./lib/tools.js');
const services = require('./lib/services.js');
const { startCluster } = require('./lib/temporal-cluster.js');
const { startBalancer } = require('./lib/balancer.js');
const { loadDevEnv, ensureSecrets } = require('./dev-env.js');
const { CLUSTER_TEST_FILES, checkRunning, checkChaos, report, currentCommit } = require('./lib/cluster-check.js');

const root = path.resolve(__dirname, '..');
const started = []; // { name, stop }, stopped in reverse
let shuttingDown = false;
const say = (msg) => process.stdout.write(`[cluster] ${msg}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function intEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name}=${raw} is not a positive integer`);
  return n;
}

async function stopAll() {
  for (const s of started.splice(0).reverse()) {
    say(`stopping ${s.name}`);
    await s.stop().catch((err) => say(`stopping ${s.name} failed: ${err.message}`));
  }
}

async function shutdown(code, why) {
  if (shuttingDown) return;
  shuttingDown = true;
  if (why) say(why);
  await stopAll();
  process.exit(code);
}

function watch(name, exited) {
  exited.then(({ code, signal }) => {
    if (!shuttingDown) void shutdown(1, `${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping the rest`);
  });
}

async function healthy(url) {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Starts the whole shape; returns what the check needs. */
async function startAll({ dataDir, check }) {
  const port = intEnv('PORT', 3000);
  tools.ensureNodeModules(root);
  const temporalCli = tools.ensureTemporal(root);
  tools.ensureMariadb();
  const chromium = tools.ensureChromium();
  fs.mkdirSync(path.join(dataDir, 'media'), { recursive: true });
  ensureSecrets(root);
  const devEnv = loadDevEnv(root);

  say(`starting PostgreSQL, Temporal's four services and MariaDB in ${path.relative(root, dataDir) || dataDir}`);
  const t0 = Date.now();
  const [db, cluster] = await Promise.allSettled([
    services.freePort().then((p) =>
      services.startMariadb({
        dataDir: path.join(dataDir, 'mysql'),
        port: intEnv('DB_PORT', p),
        logFile: path.join(dataDir, 'mariadb.log'),
      }),
    ),
    startCluster({
      root,
      dir: path.join(dataDir, 'temporal'),
      temporalCli,
      namespace: devEnv.TEMPORAL_NAMESPACE,
      shards: intEnv('CLUSTER_TEMPORAL_SHARDS', 4),
      historyHosts: intEnv('CLUSTER_HISTORY_HOSTS', 1),
      pgPort: process.env.CLUSTER_PG_PORT ? intEnv('CLUSTER_PG_PORT', 0) : undefined,
    }),
  ]);
  if (db.status === 'fulfilled') started.push({ name: 'MariaDB', stop: db.value.stop });
  if (cluster.status === 'fulfilled') started.push({ name: 'Temporal cluster', stop: () => cluster.value.stop() });
  for (const r of [db, cluster]) if (r.status === 'rejected') throw r.reason;
  watch('MariaDB', db.value.exited);
  const temporal = cluster.value;
  for (const [name, proc] of temporal.running) if (!check) watch(`Temporal ${name}`, proc.exited);
  say(`Temporal cluster and MariaDB up in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const balancerUrl = `http://127.0.0.1:${port}`;
  const apiUrls = [1, 2].map((i) => `http://127.0.0.1:${port + i}`);
  const env = {
    ...devEnv,
    DATABASE_URL: db.value.url,
    TEMPORAL_ADDRESS: temporal.address,
    MEDIA_DIR: path.join(dataDir, 'media'),
    CHROMIUM_PATH: chromium,
    // Links and the runners' channel go through the balancer, as they would in production.
    BASE_URL: balancerUrl,
    API_INTERNAL_URL: balancerUrl,
    HOST: '127.0.0.1',
  };
  const migrate = services.runNode('db/migrate.ts', [], env, { name: 'db' });
  const migrated = await migrate.exited;
  if (migrated.code !== 0) throw new Error(`db/migrate.ts exited with ${migrated.signal ?? `code ${migrated.code}`}`);

  const graceMs = Number(env.WORKER_SHUTDOWN_GRACE_MS) || 10_000;
  // Compiled, as in production (scripts/lib/api-build.js).
  const apiBundle = require('./lib/api-build.js').buildApi(root);
  for (const [i, url] of apiUrls.entries()) {
    const api = services.runNode(apiBundle, [], { ...env, PORT: new URL(url).port }, { name: `api-${i + 1}` });
    started.push({ name: `API ${i + 1}`, stop: () => api.stop(30_000) });
    watch(`API ${i + 1}`, api.exited);
  }
  for (const i of [1, 2]) {
    const worker = services.runNode('activities/worker.ts', [], env, { name: `worker-${i}` });
    started.push({ name: `worker ${i}`, stop: () => worker.stop(graceMs + 15_000) });
    watch(`worker ${i}`, worker.exited);
  }
  const deadline = Date.now() + 120_000;
  for (const url of apiUrls)
    while (!(await healthy(url))) {
      if (Date.now() > deadline) throw new Error(`${url}/healthz did not answer 200 within 120 s`);
      await sleep(500);
    }
  const balancer = await startBalancer({ port, backends: apiUrls });
  started.push({ name: 'balancer', stop: balancer.close });
  return { temporal, db: db.value, env, apiUrls, balancerUrl, built: temporal.built, temporalCli };
}

async function main() {
  const { values } = parseArgs({
    options: { check: { type: 'boolean', default: false }, 'no-chaos': { type: 'boolean', default: false } },
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => shutdown(130, `${sig}: stopping`));
  const dataDir = values.check
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'qa-cluster-'))
    : path.join(root, '.data', 'cluster');
  const commit = currentCommit(root);
  const t0 = Date.now();
  const stack = await startAll({ dataDir, check: values.check });
  const startS = (Date.now() - t0) / 1000;
  const box = [
    'QA orchestrator on a Temporal cluster',
    '',
    `API (balancer) ${stack.balancerUrl}/api/docs`,
    ...stack.apiUrls.map((u, i) => `API ${i + 1}          ${u}`),
    `Temporal       ${stack.temporal.address} (frontend; namespace ${stack.temporal.namespace})`,
    ...[...stack.temporal.running].map(([name, p]) => `  ${name.padEnd(12)} pid ${p.pid}`),
    `PostgreSQL     127.0.0.1:${stack.temporal.pg.port} (Temporal's persistence and visibility)`,
    `MariaDB        ${stack.db.url}`,
    `Data, logs     ${dataDir}`,
    `Temporal UI    temporal server start-dev has it; for the cluster: temporalio/ui with TEMPORAL_ADDRESS=${stack.temporal.address}`,
    '',
    `Started in ${startS.toFixed(0)} s (server build: ${stack.built.build.seconds} s, once).`,
    `Get an API key:  DATABASE_URL=${stack.db.url} npm run -s admin -- org create --name demo`,
    'Stop:            Ctrl-C',
  ];
  process.stdout.write(`${box.join('\n')}\n`);
  if (!values.check) return;
  const rows = [];
  await checkRunning({ root, stack, files: CLUSTER_TEST_FILES, say, rows });
  // Chaos starts a cluster of its own: this one stops first (two would not fit on 2 cores).
  shuttingDown = true;
  await stopAll();
  if (rows.every((r) => r.ok)) fs.rmSync(dataDir, { recursive: true, force: true });
  else say(`logs kept in ${dataDir}`);
  if (!values['no-chaos']) await checkChaos({ root, rows });
  const ok = report({ rows, startS, build: stack.built.build, commit, say });
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  say(`failed: ${err.reason || err.message}`);
  if (err.fix) say(`fix: ${err.fix}`);
  void shutdown(1);
});
