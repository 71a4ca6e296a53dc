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
const tools = require('./lib/tools.js');
const { isPortFree } = require('./lib/ports.js');
const { Stack, portEnv } = require('./lib/stack.js');
const { supervise } = require('./lib/supervisor.js');
const { loadDevEnv, ensureSecrets, dataDir: dataDirOf } = require('./dev-env.js');
const appiumLib = require('./lib/appium.js');

const root = path.resolve(__dirname, '..');
const dataDir = dataDirOf(root);
const say = (msg) => process.stdout.write(`[start] ${msg}\n`);
const stack = new Stack({ say });
const { fail, step } = supervise(stack, {
  say,
  signalCode: 0,
  signalName: (sig) => (sig === 'SIGINT' ? 'Ctrl-C' : sig),
});

function maskUrl(url) {
  return url.replace(/\/\/([^:/@]+):[^@/]+@/, '//$1:***@');
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
  const external = { db: !!process.env.DATABASE_URL, temporal: !!process.env.TEMPORAL_ADDRESS };
  const ports = await step('settings', 'fix the variable named above', () => ({
    api: portEnv('PORT', 3000),
    db: portEnv('DB_PORT', 3307),
    temporal: portEnv('TEMPORAL_PORT', 7233),
    ui: portEnv('TEMPORAL_UI_PORT', 8233),
    appium: portEnv('APPIUM_PORT', 4723),
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
  const ffmpeg = await step('ffmpeg', null, () => tools.ensureFfmpeg());
  const appiumTools = localAppium ? await step('Appium', null, () => tools.ensureAppium(root)) : null;

  fs.mkdirSync(path.join(dataDir, 'media'), { recursive: true });
  const devEnv = await step('secrets', `check that ${dataDir} is writable`, () => {
    ensureSecrets(root);
    return loadDevEnv(root);
  });

  // The two servers start side by side; the stack keeps each one that started, so a failure of
  // one still stops the other.
  say(
    `starting ${[!external.db && 'MariaDB', !external.temporal && 'Temporal'].filter(Boolean).join(' and ') || 'nothing (external servers)'}`,
  );
  const [db, temporal] = await Promise.allSettled([
    external.db
      ? null
      : stack.mariadb({
          dataDir: path.join(dataDir, 'mysql'),
          port: ports.db,
          logFile: path.join(dataDir, 'mariadb.log'),
        }),
    external.temporal
      ? null
      : stack.temporal({
          bin: temporalBin,
          port: ports.temporal,
          uiPort: ports.ui,
          dbFile: path.join(dataDir, 'temporal.sqlite'),
          logFile: path.join(dataDir, 'temporal.log'),
          namespace: devEnv.TEMPORAL_NAMESPACE,
        }),
  ]);
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

  const env = {
    ...devEnv,
    DATABASE_URL: db.value ? db.value.url : devEnv.DATABASE_URL,
    TEMPORAL_ADDRESS: temporal.value ? temporal.value.address : devEnv.TEMPORAL_ADDRESS,
    PORT: String(ports.api),
    CHROMIUM_PATH: chromium,
    FFMPEG_PATH: ffmpeg,
  };

  if (appiumTools) {
    await step('Appium', `set APPIUM_PORT to a free port (now ${ports.appium})`, async () => {
      if (!(await isPortFree(ports.appium))) throw new Error(`port ${ports.appium} on 127.0.0.1 is in use`);
      say(`starting Appium on 127.0.0.1:${ports.appium} (Chromium driver, mobile emulation)`);
      const appium = await stack.appium({
        bin: appiumTools.appium,
        home: appiumTools.appiumHome,
        port: ports.appium,
        onOutput: (text) => process.stdout.write(text.replace(/^(?=.)/gm, '[appium] ')),
      });
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
    await stack.run('migrations', 'db/migrate.ts', env, { prefix: 'db' });
  });

  await step('API', `set PORT to a free port (now ${ports.api})`, async () => {
    requireFile('api/server.ts');
    if (!(await isPortFree(ports.api))) throw new Error(`port ${ports.api} on 127.0.0.1 is already in use`);
    // Compiled, as it is deployed (scripts/lib/api-build.js); the worker runs through tsx.
    await stack.node('API', apiBundle, env, { prefix: 'api' });
  });
  await step('worker', 'read the [worker] lines above', async () => {
    requireFile('activities/worker.ts');
    // A graceful stop lets a step in flight finish (WORKER_SHUTDOWN_GRACE_MS) and hands the Run over.
    const graceMs = Number(env.WORKER_SHUTDOWN_GRACE_MS) || 10_000;
    await stack.node('worker', 'activities/worker.ts', env, { prefix: 'worker', stopMs: graceMs + 15_000 });
  });

  const base = `http://127.0.0.1:${ports.api}`;
  await step('API health check', 'read the [api] lines above', () => stack.waitHealthy(base));

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
