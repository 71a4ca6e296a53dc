#!/usr/bin/env node
'use strict';
// `npm start`: the whole service on this machine, with no Docker. Installs what is missing,
// starts a private MariaDB and a Temporal dev server (state kept in .data/), migrates, then runs
// the API and the worker. Ctrl-C stops everything in reverse order.
//
// Settings (environment): PORT (3000), DB_PORT (3307), TEMPORAL_PORT (7233),
// TEMPORAL_UI_PORT (8233), DATABASE_URL / TEMPORAL_ADDRESS to use existing servers instead,
// TEMPORAL_NAMESPACE (default), SECRETS_KEY / RUNNER_TOKEN (else from .data/secrets.env),
// DATA_DIR (.data) for a second stack beside the first (the bench starts one).
// `npm start -- --mobile` also starts a local Appium server (APPIUM_PORT, 4723) with its Chromium
// driver and points the mobile runner at it, unless APPIUM_URL names one already.

// Node 24 LTS: an older Node runs this script again under the pinned one (scripts/lib/node-lts.js).
if (require('./lib/node-lts.js').runUnderNodeLts(require('node:path').resolve(__dirname, '..'))) return;

const fs = require('node:fs');
const path = require('node:path');
const http = require('node:http');
const tools = require('./lib/tools.js');
const services = require('./lib/services.js');
const { loadDevEnv, ensureSecrets, dataDir: dataDirOf } = require('./dev-env.js');
const appiumLib = require('./lib/appium.js');

const root = path.resolve(__dirname, '..');
const dataDir = dataDirOf(root);
const started = []; // { name, stop }, in start order; stopped in reverse
let shuttingDown = false;

const say = (msg) => process.stdout.write(`[start] ${msg}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function intEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name}=${raw} is not a TCP port`);
  return n;
}

function maskUrl(url) {
  return url.replace(/\/\/([^:/@]+):[^@/]+@/, '//$1:***@');
}

async function stopAll() {
  for (const s of [...started].reverse()) {
    say(`stopping ${s.name}`);
    try {
      await s.stop();
    } catch (err) {
      say(`stopping ${s.name} failed: ${err.message}`);
    }
  }
  started.length = 0;
}

async function shutdown(code, why) {
  if (shuttingDown) return;
  shuttingDown = true;
  if (why) say(why);
  await stopAll();
  process.exit(code);
}

/** Prints `[start] <step> failed: <reason>` and how to fix it, stops what runs, exits 1. */
async function fail(stepName, err, fix) {
  if (shuttingDown) return new Promise(() => {}); // Ctrl-C already in progress: let it finish
  const reason = err && err.reason ? err.reason : err && err.message ? err.message : String(err);
  say(`${stepName} failed: ${reason}`);
  const howToFix = (err && err.fix) || fix;
  if (howToFix) say(`fix: ${howToFix}`);
  await shutdown(1);
  return new Promise(() => {});
}

async function step(name, fix, fn) {
  if (shuttingDown) return new Promise(() => {});
  try {
    return await fn();
  } catch (err) {
    return fail(name, err, fix);
  }
}

/** Watches a long-running child: when it ends while we are not stopping, everything stops. */
function watch(name, exited) {
  exited.then(({ code, signal, error }) => {
    if (shuttingDown) return;
    const how = error ? error.message : signal ? `signal ${signal}` : `code ${code}`;
    shutdown(1, `${name} exited unexpectedly (${how}); stopping the rest`);
  });
}

function get(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

function box(lines) {
  const width = Math.max(...lines.map((l) => l.length));
  const out = [`┌─${'─'.repeat(width)}─┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└─${'─'.repeat(width)}─┘`];
  process.stdout.write(`${out.join('\n')}\n`);
}

function requireFile(rel) {
  if (fs.existsSync(path.join(root, rel))) return;
  const err = new Error(`${rel} not found`);
  err.fix = `${rel} is missing from this checkout: update it (git pull) or write it`;
  throw err;
}

async function main() {
  process.on('SIGINT', () => shutdown(0, 'Ctrl-C: stopping'));
  process.on('SIGTERM', () => shutdown(0, 'SIGTERM: stopping'));
  process.on('SIGHUP', () => shutdown(0, 'SIGHUP: stopping'));

  const external = { db: !!process.env.DATABASE_URL, temporal: !!process.env.TEMPORAL_ADDRESS };
  const ports = await step('settings', 'fix the variable named above', () => ({
    api: intEnv('PORT', 3000),
    db: intEnv('DB_PORT', 3307),
    temporal: intEnv('TEMPORAL_PORT', 7233),
    ui: intEnv('TEMPORAL_UI_PORT', 8233),
    appium: intEnv('APPIUM_PORT', 4723),
  }));
  const localAppium = process.argv.includes('--mobile') && !process.env.APPIUM_URL;

  await step('install npm dependencies', null, () => tools.ensureNodeModules(root));
  await step('console', 'read the esbuild messages above (console/src)', () =>
    require('./lib/console-build.js').buildConsole(root),
  );
  const apiBundle = await step('API build', 'read the esbuild messages above (api/)', () =>
    require('./lib/api-build.js').buildApi(root),
  );
  const temporalBin = external.temporal ? null : await step('Temporal CLI', null, () => tools.ensureTemporal(root));
  if (!external.db) await step('MariaDB', null, () => tools.ensureMariadb());
  const chromium = await step('Chromium', null, () => tools.ensureChromium());
  const appiumTools = localAppium ? await step('Appium', null, () => tools.ensureAppium(root)) : null;

  fs.mkdirSync(path.join(dataDir, 'media'), { recursive: true });
  const devEnv = await step('secrets', `check that ${dataDir} is writable`, () => {
    ensureSecrets(root);
    return loadDevEnv(root);
  });

  // The two servers start side by side; both are registered for stopping before any failure
  // is reported, so a failure of one still stops the other.
  say(
    `starting ${[!external.db && 'MariaDB', !external.temporal && 'Temporal'].filter(Boolean).join(' and ') || 'nothing (external servers)'}`,
  );
  const [db, temporal] = await Promise.allSettled([
    external.db
      ? null
      : services.startMariadb({
          dataDir: path.join(dataDir, 'mysql'),
          port: ports.db,
          logFile: path.join(dataDir, 'mariadb.log'),
        }),
    external.temporal
      ? null
      : services.startTemporal({
          bin: temporalBin,
          port: ports.temporal,
          uiPort: ports.ui,
          dbFile: path.join(dataDir, 'temporal.sqlite'),
          logFile: path.join(dataDir, 'temporal.log'),
          namespace: devEnv.TEMPORAL_NAMESPACE,
        }),
  ]);
  if (db.status === 'fulfilled' && db.value) started.push({ name: 'MariaDB', stop: db.value.stop });
  if (temporal.status === 'fulfilled' && temporal.value) started.push({ name: 'Temporal', stop: temporal.value.stop });
  if (db.status === 'rejected')
    await fail(
      'start MariaDB',
      db.reason,
      'set DB_PORT to a free port or DATABASE_URL to an existing MySQL 8 / MariaDB 10.11',
    );
  if (temporal.status === 'rejected')
    await fail(
      'start Temporal',
      temporal.reason,
      'set TEMPORAL_PORT to a free port or TEMPORAL_ADDRESS to a running server',
    );
  if (db.value) watch('MariaDB', db.value.exited);
  if (temporal.value) watch('Temporal', temporal.value.exited);

  const env = {
    ...devEnv,
    DATABASE_URL: db.value ? db.value.url : devEnv.DATABASE_URL,
    TEMPORAL_ADDRESS: temporal.value ? temporal.value.address : devEnv.TEMPORAL_ADDRESS,
    PORT: String(ports.api),
    CHROMIUM_PATH: chromium,
  };

  if (appiumTools) {
    await step('Appium', `set APPIUM_PORT to a free port (now ${ports.appium})`, async () => {
      if (!(await services.isPortFree(ports.appium))) throw new Error(`port ${ports.appium} on 127.0.0.1 is in use`);
      say(`starting Appium on 127.0.0.1:${ports.appium} (Chromium driver, mobile emulation)`);
      const appium = await appiumLib.startAppium({
        bin: appiumTools.appium,
        home: appiumTools.appiumHome,
        port: ports.appium,
        onOutput: (text) => process.stdout.write(text.replace(/^(?=.)/gm, '[appium] ')),
      });
      started.push({ name: 'Appium', stop: () => appium.stop() });
      watch('Appium', appium.exited);
      const paths = { chromium, chromedriver: appiumTools.chromedriver };
      // What a device cloud's settings would be: the runner host's capabilities for each platform.
      Object.assign(env, {
        APPIUM_URL: appium.url,
        APPIUM_CAPABILITIES_ANDROID: JSON.stringify(appiumLib.chromiumCapabilities('Pixel 7', paths)),
        APPIUM_CAPABILITIES_IOS: JSON.stringify(appiumLib.chromiumCapabilities('iPhone 14 Pro Max', paths)),
      });
    });
  }

  await step('migrations', 'read the [db] lines above; the database is at ' + maskUrl(env.DATABASE_URL), async () => {
    requireFile('db/migrate.ts');
    say('running migrations (db/migrate.ts)');
    const migrate = services.runNode('db/migrate.ts', [], env, { name: 'db' });
    const entry = { name: 'migrations', stop: migrate.stop };
    started.push(entry);
    const { code, signal, error } = await migrate.exited;
    started.splice(started.indexOf(entry), 1);
    if (error) throw error;
    if (code !== 0) throw new Error(`db/migrate.ts exited with ${signal ? `signal ${signal}` : `code ${code}`}`);
  });

  await step('API', `set PORT to a free port (now ${ports.api})`, async () => {
    requireFile('api/server.ts');
    if (!(await services.isPortFree(ports.api))) throw new Error(`port ${ports.api} on 127.0.0.1 is already in use`);
    // Compiled, as it is deployed (scripts/lib/api-build.js); the worker runs through tsx.
    const api = services.runNode(apiBundle, [], env, { name: 'api' });
    started.push({ name: 'API', stop: api.stop });
    watch('API', api.exited);
  });
  await step('worker', 'read the [worker] lines above', async () => {
    requireFile('activities/worker.ts');
    const worker = services.runNode('activities/worker.ts', [], env, { name: 'worker' });
    // A graceful stop lets a step in flight finish (WORKER_SHUTDOWN_GRACE_MS) and hands the Run over.
    const graceMs = Number(env.WORKER_SHUTDOWN_GRACE_MS) || 10_000;
    started.push({ name: 'worker', stop: () => worker.stop(graceMs + 15_000) });
    watch('worker', worker.exited);
  });

  const base = `http://127.0.0.1:${ports.api}`;
  await step('API health check', 'read the [api] lines above', async () => {
    const deadline = Date.now() + 60_000;
    while ((await get(`${base}/healthz`)) !== 200) {
      if (shuttingDown) return new Promise(() => {});
      if (Date.now() > deadline) throw new Error(`GET ${base}/healthz did not answer 200 within 60 s`);
      await sleep(500);
    }
  });

  box([
    'QA orchestrator is running',
    '',
    `Console      ${base}/console   (sign in with an API key)`,
    `API docs     ${base}/api/docs`,
    `OpenAPI      ${base}/api/openapi.json`,
    `Temporal UI  ${temporal.value ? temporal.value.uiUrl : `(external Temporal at ${env.TEMPORAL_ADDRESS})`}`,
    `Database     ${maskUrl(env.DATABASE_URL)}`,
    ...(env.APPIUM_URL ? [`Appium       ${maskUrl(env.APPIUM_URL)} (android and ios Runs)`] : []),
    `Data, logs   ${path.relative(process.cwd(), dataDir) || '.'}/`,
    '',
    'Get an API key:  npm run -s admin -- org create --name demo',
    'Stop:            Ctrl-C',
  ]);
}

main().catch((err) => fail('start', err));
