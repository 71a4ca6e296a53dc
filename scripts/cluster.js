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
const { freePort } = require('./lib/ports.js');
const { Stack, ensureStackTools } = require('./lib/stack.js');
const { supervise } = require('./lib/supervisor.js');
const { startBalancer } = require('./lib/balancer.js');
const { loadDevEnv, ensureSecrets } = require('./dev-env.js');
const { CLUSTER_TEST_FILES, checkRunning, checkChaos, report, currentCommit } = require('./lib/cluster-check.js');

const root = path.resolve(__dirname, '..');
const say = (msg) => process.stdout.write(`[cluster] ${msg}\n`);
const stack = new Stack({ say });
const { fail } = supervise(stack, { say, signalCode: 130 });

function intEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name}=${raw} is not a positive integer`);
  return n;
}

/** Starts the whole shape; returns what the check needs. */
async function startAll({ dataDir, check }) {
  const port = intEnv('PORT', 3000);
  const { temporalBin: temporalCli, chromium } = ensureStackTools(root);
  fs.mkdirSync(path.join(dataDir, 'media'), { recursive: true });
  ensureSecrets(root);
  const devEnv = loadDevEnv(root);

  say(`starting PostgreSQL, Temporal's four services and MariaDB in ${path.relative(root, dataDir) || dataDir}`);
  const t0 = Date.now();
  const [db, cluster] = await Promise.allSettled([
    freePort().then((p) =>
      stack.mariadb({
        dataDir: path.join(dataDir, 'mysql'),
        port: intEnv('DB_PORT', p),
        logFile: path.join(dataDir, 'mariadb.log'),
      }),
    ),
    stack.temporalCluster({
      root,
      dir: path.join(dataDir, 'temporal'),
      temporalCli,
      namespace: devEnv.TEMPORAL_NAMESPACE,
      shards: intEnv('CLUSTER_TEMPORAL_SHARDS', 4),
      historyHosts: intEnv('CLUSTER_HISTORY_HOSTS', 1),
      pgPort: process.env.CLUSTER_PG_PORT ? intEnv('CLUSTER_PG_PORT', 0) : undefined,
      watch: !check,
    }),
  ]);
  for (const r of [db, cluster]) if (r.status === 'rejected') throw r.reason;
  const temporal = cluster.value;
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
  await stack.run('migrations', 'db/migrate.ts', env, { prefix: 'db' });

  const graceMs = Number(env.WORKER_SHUTDOWN_GRACE_MS) || 10_000;
  // Compiled, as in production (scripts/lib/api-build.js).
  const apiBundle = require('./lib/api-build.js').buildApi(root);
  for (const [i, url] of apiUrls.entries())
    await stack.node(
      `API ${i + 1}`,
      apiBundle,
      { ...env, PORT: new URL(url).port },
      {
        prefix: `api-${i + 1}`,
        stopMs: 30_000,
      },
    );
  for (const i of [1, 2])
    await stack.node(`worker ${i}`, 'activities/worker.ts', env, { prefix: `worker-${i}`, stopMs: graceMs + 15_000 });
  const deadline = Date.now() + 120_000;
  for (const url of apiUrls) await stack.waitHealthy(url, { timeoutMs: Math.max(0, deadline - Date.now()) });
  await stack.add('balancer', async () => {
    const b = await startBalancer({ port, backends: apiUrls });
    return { ...b, stop: b.close };
  });
  return { temporal, db: db.value, env, apiUrls, balancerUrl, built: temporal.built, temporalCli };
}

async function main() {
  const { values } = parseArgs({
    options: { check: { type: 'boolean', default: false }, 'no-chaos': { type: 'boolean', default: false } },
  });
  const dataDir = values.check
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'qa-cluster-'))
    : path.join(root, '.data', 'cluster');
  const commit = currentCommit(root);
  const t0 = Date.now();
  const shape = await startAll({ dataDir, check: values.check });
  const startS = (Date.now() - t0) / 1000;
  const box = [
    'QA orchestrator on a Temporal cluster',
    '',
    `API (balancer) ${shape.balancerUrl}/api/docs`,
    ...shape.apiUrls.map((u, i) => `API ${i + 1}          ${u}`),
    `Temporal       ${shape.temporal.address} (frontend; namespace ${shape.temporal.namespace})`,
    ...[...shape.temporal.running].map(([name, p]) => `  ${name.padEnd(12)} pid ${p.pid}`),
    `PostgreSQL     127.0.0.1:${shape.temporal.pg.port} (Temporal's persistence and visibility)`,
    `MariaDB        ${shape.db.url}`,
    `Data, logs     ${dataDir}`,
    `Temporal UI    temporal server start-dev has it; for the cluster: temporalio/ui with TEMPORAL_ADDRESS=${shape.temporal.address}`,
    '',
    `Started in ${startS.toFixed(0)} s (server build: ${shape.built.build.seconds} s, once).`,
    `Get an API key:  DATABASE_URL=${shape.db.url} npm run -s admin -- org create --name demo`,
    'Stop:            Ctrl-C',
  ];
  process.stdout.write(`${box.join('\n')}\n`);
  if (!values.check) return;
  const rows = [];
  await checkRunning({ root, stack: shape, files: CLUSTER_TEST_FILES, say, rows });
  // Chaos starts a cluster of its own: this one stops first (two would not fit on 2 cores).
  await stack.stop();
  if (rows.every((r) => r.ok)) fs.rmSync(dataDir, { recursive: true, force: true });
  else say(`logs kept in ${dataDir}`);
  if (!values['no-chaos']) await checkChaos({ root, rows });
  const ok = report({ rows, startS, build: shape.built.build, commit, say });
  process.exit(ok ? 0 : 1);
}

main().catch((err) => fail(null, err));
