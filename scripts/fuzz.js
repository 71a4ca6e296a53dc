#!/usr/bin/env node
'use strict';
// `npm run fuzz`: Schemathesis over the whole OpenAPI document of the real stack. Starts a private
// MariaDB, a Temporal dev server, the API and a worker (web and API runners) on free ports, all
// with EGRESS_PUBLIC=false EGRESS_ALLOW=loopback, plus a loopback test site as every target;
// creates an organization and API key, seeds records (Test Case, plan, Environment with runtime
// values, Runs, a webhook with a delivery, a flow) and runs `st run` with schemathesis.toml (auth,
// the seeded ids as test data, bounds). Exits with Schemathesis's code: 0 only with zero failures.
//
// Settings (environment): FUZZ_MAX_TIME (seconds for the whole st run, default 240),
// FUZZ_MAX_EXAMPLES (per operation, default 15), FUZZ_SEED (default fixed), FUZZ_REPORT_DIR
// (default .data/fuzz), FUZZ_INCLUDE (a regular expression of paths: only those operations, e.g.
// `^/api/(audit|keys)` to check a fix to them).

// Node 24 LTS: an older Node runs this script again under the pinned one (scripts/lib/node-lts.js).
if (require('./lib/node-lts.js').runUnderNodeLts(require('node:path').resolve(__dirname, '..'))) return;

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const crypto = require('node:crypto');
const { spawn } = require('node:child_process');
const tools = require('./lib/tools.js');
const { freePort } = require('./lib/ports.js');
const { Stack, ensureStackTools } = require('./lib/stack.js');

const root = path.resolve(__dirname, '..');
const say = (msg) => process.stderr.write(`[fuzz] ${msg}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const stack = new Stack();

/** The loopback site every Run targets: a page with a login form, and JSON for API steps; { url, stop }. */
function startSite() {
  const page = `<!doctype html><html><head><title>Fuzz target</title></head><body><h1>Welcome</h1>
<form><label>Email <input name="email"></label><label>Password <input name="password" type="password"></label>
<button type="submit">Sign in</button></form></body></html>`;
  const server = http.createServer((req, res) => {
    if ((req.url || '').startsWith('/api/')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ ok: true, id: 'x1' }));
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(page);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, stop })),
  );
  function stop() {
    return new Promise((resolve) => server.close(() => resolve()));
  }
}

async function until(what, fn, limitMs = 90_000) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await fn().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${limitMs / 1000} s`);
    await sleep(500);
  }
}

async function main() {
  const { temporalBin, chromium } = ensureStackTools(root);
  const st = tools.ensureSchemathesis(root);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-fuzz-'));
  await stack.add('temporary files', async () => ({
    stop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  }));
  const [temporalPort, apiPort] = await Promise.all([freePort(), freePort()]);
  say('starting MariaDB and Temporal');
  const [db, temporal] = await Promise.all([
    stack.throwawayMariadb(dir, { say }),
    stack.temporal({
      bin: temporalBin,
      port: temporalPort,
      uiPort: null,
      dbFile: null,
      logFile: path.join(dir, 'temporal.log'),
    }),
  ]);
  const site = (await stack.add('site', startSite)).url;
  const base = `http://127.0.0.1:${apiPort}`;
  const env = {
    DATABASE_URL: db.url,
    TEMPORAL_ADDRESS: temporal.address,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
    RUNNER_TOKEN: crypto.randomBytes(24).toString('base64url'),
    MEDIA_DIR: path.join(dir, 'media'),
    CHROMIUM_PATH: chromium,
    // Nothing the fuzzer makes the service do may leave loopback.
    EGRESS_PUBLIC: 'false',
    EGRESS_ALLOW: '127.0.0.0/8,::1,localhost',
    // A few attempts and short waits: fuzzed Runs must not keep the runner busy past the run.
    RUN_MAX_ATTEMPTS: '1',
    API_REQUEST_TIMEOUT_MS: '3000',
    WEBHOOK_RETRY_SCHEDULE: '0',
    // The fuzzer is one organization sending as fast as it can: the limits have their own tests.
    RATE_LIMIT_PER_SECOND: '0',
    RUN_REQUEST_RATE_PER_MINUTE: '0',
    PLAN_GROUP_MAX_MEMBERS: '100000',
    LOG_LEVEL: 'warn',
  };
  await stack.run('migrations', 'db/migrate.ts', env, { prefix: 'db' });

  const admin = await new Promise((resolve, reject) => {
    const child = spawn(
      path.join(root, 'node_modules', '.bin', 'tsx'),
      ['api/admin.ts', 'org', 'create', '--name', 'fuzz'],
      {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop())) : reject(new Error(`admin exited ${code}`)),
    );
  });

  say('starting the API and a worker');
  // The API as `npm start` runs it: compiled (scripts/lib/api-build.js).
  await stack.node('API', require('./lib/api-build.js').buildApi(root), env, { prefix: 'api' });
  await stack.node('worker', 'activities/worker.ts', env, { prefix: 'worker' });
  await stack.waitHealthy(base, { timeoutMs: 90_000 });

  const auth = { Authorization: `Bearer ${admin.apiKey}`, 'Content-Type': 'application/json' };
  const request = async (method, url, body, tries = 5) => {
    const res = await fetch(`${base}${url}`, { method, headers: auth, body: body && JSON.stringify(body) });
    const json = await res.json().catch(() => null);
    // 503: a dependency was slow on a loaded machine; every seeding call is safe to repeat.
    if (res.status === 503 && tries > 1) return request(method, url, body, tries - 1);
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const op = (name, body) => request('POST', `/api/v1/${name}`, { idempotencyKey: crypto.randomUUID(), ...body });

  say('seeding records');
  await op('environment.upsert', {
    slug: 'fuzz',
    name: 'Fuzz target',
    targets: { web: { baseUrl: `${site}/` }, api: { baseUrl: `${site}/api` } },
    runtimeValues: { PASSWORD: 'fuzz-secret' },
  });
  const testCase = await op('test_case.create', {
    name: 'Sign in',
    platforms: ['web'],
    steps: [
      { action: 'navigate', target: '/' },
      { action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'PASSWORD' } },
    ],
  });
  const plan = await op('test_plan.create', { name: 'Fuzz plan', testCaseIds: [testCase.id] });
  const triggered = await op('run.trigger', { testCaseId: testCase.id, environmentSlug: 'fuzz' });
  const runId = triggered.runIds[0];
  const group = await request('POST', '/api/trigger', { testPlanId: plan.id, environmentSlug: 'fuzz' });
  const note = await op('note.create', {
    environmentSlug: 'fuzz',
    title: 'Seed',
    body: 'Seeded by npm run fuzz.',
    runIds: [runId],
  });
  const runRequest = await request('POST', '/api/run-requests', {
    planIds: [plan.id],
    environmentSlugs: ['fuzz'],
    idempotencyKey: crypto.randomUUID(),
  });
  const hookSite = (await stack.add('webhook receiver', startSite)).url;
  const webhook = await request('POST', '/api/webhooks', { url: `${hookSite}/hook`, events: ['run.completed'] });
  await request('POST', `/api/webhooks/${webhook.id}/test`);
  const delivery = await until('a webhook delivery', async () => {
    const list = await request('GET', `/api/webhooks/${webhook.id}/deliveries`);
    return (list.items ?? list.deliveries ?? [])[0];
  });
  await request('PUT', '/api/flows/fuzz-flow', { name: 'Fuzz flow', steps: [{ action: 'navigate', target: '/' }] });
  let last;
  await until('the seeded Run to end', async () => {
    last = await request('POST', '/api/v1/run.get', { runId });
    return ['passing', 'failed', 'unverified', 'invalid', 'canceled'].includes(last.status);
  }).catch((err) => {
    throw new Error(`${err.message}: ${JSON.stringify(last)}`);
  });
  say(`seeded Run ${runId}: ${last.status}`);

  const reportDir = process.env.FUZZ_REPORT_DIR || path.join(root, '.data', 'fuzz');
  fs.mkdirSync(reportDir, { recursive: true });
  const stEnv = {
    ...process.env,
    FUZZ_API_KEY: admin.apiKey,
    FUZZ_RUN_ID: runId,
    FUZZ_TEST_CASE_ID: testCase.id,
    FUZZ_TEST_PLAN_ID: plan.id,
    FUZZ_PLAN_GROUP_ID: group.planGroupRunId ?? group.runGroupId ?? '',
    FUZZ_WEBHOOK_ID: webhook.id,
    FUZZ_DELIVERY_ID: delivery.id,
    FUZZ_NOTE_ID: note.id,
    FUZZ_RUN_REQUEST_ID: runRequest.requestId,
  };
  const args = [
    '--config-file',
    path.join(root, 'schemathesis.toml'),
    'run',
    `${base}/api/openapi.json`,
    '--report',
    'junit',
    '--report-dir',
    reportDir,
    '--max-time',
    process.env.FUZZ_MAX_TIME || '240',
    '--max-examples',
    process.env.FUZZ_MAX_EXAMPLES || '15',
    // A fixed seed keeps CI's run repeatable; set FUZZ_SEED to explore other inputs.
    '--seed',
    process.env.FUZZ_SEED || '20261123',
    ...(process.env.FUZZ_INCLUDE ? ['--include-path-regex', process.env.FUZZ_INCLUDE] : []),
  ];
  say(`st ${args.join(' ')}`);
  const child = spawn(st, args, { cwd: root, env: stEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

main().then(
  async (code) => {
    await stack.stop();
    process.exit(code);
  },
  async (err) => {
    say(`failed: ${err.stack || err.message}`);
    await stack.stop();
    process.exit(1);
  },
);
