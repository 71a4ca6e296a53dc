import assert from 'node:assert/strict';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { call, createOrg, environment, runNewCase, useApp, type WithOrg } from '../helpers/app';
import { rest } from '../helpers/rest';
import { followRun, traceLink } from '../helpers/runs';
import { watchForSecrets, type SecretWatch } from '../helpers/secret-watch';
import { privateQueues, useWorkers } from '../helpers/temporal';
import { killGroup, startWorkerProcess } from '../helpers/worker-process';
import { buildZip, openTrace, zipEntries } from '../helpers/zips';

// Characters that make the raw, URL-encoded, form-encoded, JSON and base64 forms all differ.
const PASSWORD = 'Disk-Watch "pass"/w0rd+ 9f3e';
const CODE = 'Recovery-Code-%7b-4b1d&c0de';

/**
 * A page a Run fills with two secrets: a password field and a plain text field. The page logs the
 * code to its console as it changes and posts both in the form; the answer is not what the Test
 * Case expects, so the Run fails and keeps a trace. `?slow` keeps the text field disabled for
 * 4 s, so the step that fills it is running long enough to kill its worker in the middle.
 */
async function startAccountSite() {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        received.push(form.get('password') ?? '', form.get('code') ?? '');
        res.setHeader('Content-Type', 'text/html');
        res.end('<!doctype html><title>Saved</title><h1>Saved</h1>');
      });
      return;
    }
    if (url.pathname !== '/account') {
      res.statusCode = 404;
      res.end();
      return;
    }
    const slow = url.searchParams.has('slow');
    res.setHeader('Content-Type', 'text/html');
    res.end(`<!doctype html><title>Account</title>
<form method="post" action="/account">
  <label for="password">Password</label><input id="password" name="password" type="password">
  <label for="code">Recovery code</label><input id="code" name="code" type="text"${slow ? ' disabled' : ''}>
  <button type="submit">Save</button>
</form>
<script>
  const code = document.getElementById('code');
  code.addEventListener('input', () => console.log('recovery code is', code.value));
  ${slow ? 'setTimeout(() => { code.disabled = false; }, 4000);' : ''}
</script>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** An API under test that echoes what it is sent, and answers 200 where the plan expects 201. */
async function startEchoApi() {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push(`${req.url} ${body}`);
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ echoed: body, path: req.url }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const accountSteps = (path: string) => [
  { action: 'navigate', target: path },
  { action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'PASSWORD' } },
  { action: 'fill', target: 'Recovery code', valueSpec: { kind: 'environment', variable: 'CODE' } },
  { action: 'click', target: 'Save', expect: { text: 'Welcome back' } },
];

const triggerCase = (t: WithOrg, name: string, steps: unknown[]) =>
  runNewCase(t, { name, steps }, { environmentSlug: 'account' });

describe('secrets never reach the disk (issue 30)', function () {
  this.timeout(240_000);
  // The default heartbeat timeout: how soon a killed runner's Run is taken up again.
  const t = useApp({ ...privateQueues(), RUNNER_HEARTBEAT_TIMEOUT_MS: '10000' });
  useWorkers(t, { runnerPlatforms: [] }); // orchestration here; the runner is a process of its own
  let workerTmp: string;
  let watched: { fast: string[]; slow: string[] };
  const children: ChildProcess[] = [];
  let site: Awaited<ReturnType<typeof startAccountSite>>;
  let api: Awaited<ReturnType<typeof startEchoApi>>;

  const startRunner = () => {
    const child = startWorkerProcess(t.app, { WORKER_RUNNER_PLATFORMS: 'web,api', TMPDIR: workerTmp });
    children.push(child);
    return child;
  };
  const watch = (): SecretWatch => watchForSecrets(watched, [PASSWORD, CODE]);

  before(async () => {
    // The runner's temporary directory (Playwright's trace files, Chromium's profile) is its own.
    workerTmp = mkdtempSync(join(tmpdir(), 'qa-secret-watch-'));
    // Chromium of a runner just SIGKILLed outlives it and may still write its profile there: end
    // every process whose command line names the directory (its --user-data-dir), then remove it.
    t.onClose(() => {
      spawnSync('pkill', ['-KILL', '-f', workerTmp]);
      rmSync(workerTmp, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
    });
    watched = {
      fast: [workerTmp, resolve(t.app.deps.config.MEDIA_DIR)],
      slow: [resolve('.data'), ...(process.env.TEST_SERVICES_DIR ? [process.env.TEST_SERVICES_DIR] : [])],
    };
    site = await startAccountSite();
    api = await startEchoApi();
    t.onClose(() => site.close());
    t.onClose(() => api.close());
    await environment(t, 'account', {
      targets: { web: { baseUrl: site.url }, api: { baseUrl: api.url } },
      runtimeValues: { PASSWORD, CODE },
    });
  });
  // Registered last, so the runner processes are killed before the app closes.
  before(() => t.onClose(() => children.forEach(killGroup)));

  it('the watcher finds a secret written anywhere it looks, inside a zip too (it can fail)', async () => {
    const w = watch();
    const plain = join(workerTmp, 'planted.txt');
    const zipped = join(workerTmp, 'planted.zip');
    writeFileSync(plain, `x ${encodeURIComponent(CODE)} y`);
    writeFileSync(
      zipped,
      await buildZip([['trace.network', `{"postData":"${Buffer.from(PASSWORD).toString('base64')}"}`]]),
    );
    // Two whole passes while the files exist (the time a pass takes depends on the machine's load).
    const after = w.passes + 2;
    while (w.passes < after) await new Promise((r) => setTimeout(r, 20));
    rmSync(plain);
    rmSync(zipped);
    const hits = await w.stop();
    assert.deepEqual(hits.sort(), [plain, `${zipped}!trace.network`].sort());
  });

  it('a failing web Run that fills secrets into a password and a text field writes neither to any file', async () => {
    const runner = startRunner();
    const w = watch();
    const runId = await triggerCase(t, 'Account secrets', accountSteps('/account'));
    const { state } = await followRun(t.app, t.org.apiKey, runId);
    await new Promise((r) => setTimeout(r, 1000)); // what the worker tidies after the Run
    const hits = await w.stop();
    killGroup(runner);
    assert.equal(state.status, 'failed');
    assert.ok(site.received.includes(PASSWORD) && site.received.includes(CODE), 'the browser typed and posted both');
    assert.ok(w.passes >= 10, `the watch ran while the Run executed (${w.passes} passes)`);
    assert.deepEqual(hits, [], `secrets on disk: ${hits.join(', ')}`);

    // The trace was kept (the Run failed), for the organization's API key, outside External Evidence.
    const trace = await traceLink(t.app, t.org.apiKey, runId);
    assert.equal(trace.status, 302);
    const download = await fetch(new URL(trace.headers.get('location')!, t.app.url));
    assert.equal(download.status, 200);
    const zip = Buffer.from(await download.arrayBuffer());
    for (const [name, data] of await zipEntries(zip)) {
      for (const secret of [PASSWORD, CODE]) assert.ok(!data.includes(secret), `${name} holds a secret`);
    }
    // It opens with the tooling playwright-core ships and lists every step, the unrecorded ones too.
    const opened = await openTrace(zip);
    try {
      assert.match(opened.actions, /Navigate/);
      assert.match(opened.actions, /Fill "Password" \(not recorded\)/);
      assert.match(opened.actions, /Fill "Recovery code" \(not recorded\)/);
      assert.match(opened.actions, /Click "Save" \(not recorded\)/);
    } finally {
      await opened.close();
    }
  });

  it('the same with the runner SIGKILLed in the middle of a fill step, and after its retry', async () => {
    const first = startRunner();
    const w = watch();
    const runId = await triggerCase(t, 'Account secrets, killed', accountSteps('/account?slow'));
    let state = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
    // Step 2 fills the text field, which stays disabled for 4 s: the password is typed by then.
    while (state.steps[2].status !== 'running') {
      state = (await call(t.app, t.org.apiKey, 'run.get', { runId, cursor: state.cursor, waitMs: 10_000 })).body;
      assert.ok(!['passing', 'failed', 'unverified', 'invalid'].includes(state.status), `ended early: ${state.status}`);
    }
    await new Promise((r) => setTimeout(r, 1500));
    killGroup(first);
    await new Promise((r) => setTimeout(r, 1500)); // what the killed runner left, as it is
    startRunner();
    const { state: final } = await followRun(t.app, t.org.apiKey, runId, 150_000);
    await new Promise((r) => setTimeout(r, 1000));
    const hits = await w.stop();
    assert.equal(final.status, 'failed');
    assert.equal(final.attempt, 2, 'the Run was resumed by the second runner');
    assert.deepEqual(hits, [], `secrets on disk: ${hits.join(', ')}`);
  });

  it('an API Run with run-scoped runtime values writes none of them to any file', async () => {
    const plan = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: 'Echo API',
      platforms: ['api'],
      steps: [
        {
          action: 'request',
          target: 'POST /echo/{{env.CODE}}',
          value: '{"password": "{{env.PASSWORD}}"}',
          config: { expectStatus: [201] },
        },
      ],
    });
    assert.equal(plan.status, 201, JSON.stringify(plan.body));
    const runner = startRunner();
    const w = watch();
    const triggered = await rest(t.app, t.org.apiKey, 'POST', '/api/trigger', {
      testPlanId: plan.body.testPlanId,
      targets: { api: { baseUrl: api.url, runtimeValues: { PASSWORD, CODE } } },
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const { state } = await followRun(t.app, t.org.apiKey, triggered.body.runId);
    await new Promise((r) => setTimeout(r, 1000));
    const hits = await w.stop();
    killGroup(runner);
    assert.equal(state.status, 'failed', JSON.stringify(state));
    assert.ok(
      api.received.some(
        (r) => r.includes(encodeURIComponent(CODE)) && r.includes(JSON.stringify(PASSWORD).slice(1, -1)),
      ),
      `the API received both values: ${api.received.join(' | ')}`,
    );
    assert.deepEqual(hits, [], `secrets on disk: ${hits.join(', ')}`);
  });

  it('GET /api/runs/{runId}/trace: 404 to another organization and for a Run without a trace', async () => {
    const runId = await triggerCase(t, 'Passing, no trace', [{ action: 'navigate', target: '/account' }]);
    const runner = startRunner();
    const { state } = await followRun(t.app, t.org.apiKey, runId);
    killGroup(runner);
    assert.equal(state.status, 'passing');
    const none = await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${runId}/trace`);
    assert.equal(none.status, 404, JSON.stringify(none.body));
    const other = await createOrg(t.app.deps);
    const failed = (await call(t.app, t.org.apiKey, 'run.list', { status: 'failed', limit: 1 })).body.items[0]
      .runId as string;
    const foreign = await rest(t.app, other.apiKey, 'GET', `/api/runs/${failed}/trace`);
    assert.equal(foreign.status, 404, JSON.stringify(foreign.body));
  });
});
