import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { parse as parseJunit } from 'junit2json';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { call, key, newCase } from '../helpers/app';
import { startApiTarget, TOKENS, type ApiTarget } from '../helpers/api-target';
import { startSite, type TestSite } from '../helpers/site';
import { followRun, useRunStack } from '../helpers/runs';
import { startWorkers } from '../helpers/temporal';

const SECRET = 'Cli-Passphrase-51c0ffee';
const ROOT = path.resolve(__dirname, '../..');
const XSD = path.join(ROOT, 'test/fixtures/junit/surefire-test-report-3.0.xsd');

// The exit codes of the issue ("CI integration"), written here as data.
const EXIT = { passed: 0, failed: 1, usage: 2, inconclusive: 3, unavailable: 4, timedOut: 5 };

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Variables a CI machine might set: cleared so each test says which CI it imitates. */
const CI_VARS = /^(GITHUB_|GITLAB_|CI_|CI$|RUNNER_)/;

describe('the qa command, installed from its packed tarball, against the real stack', function () {
  this.timeout(300_000);
  const s = useRunStack(SECRET);
  let qaBin = '';
  let tmp = '';
  let slow: TestSite;
  let browser: Browser;
  let shop: ApiTarget;
  let apiWorkers: Awaited<ReturnType<typeof startWorkers>> | undefined;

  /** The environment qa sees: this process's minus any CI variables, plus the service and `env`. */
  const qaEnv = (env: Record<string, string>) => {
    const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !CI_VARS.test(k)));
    return {
      ...base,
      CI: 'true',
      QA_API_URL: s.app.url,
      QA_API_KEY: s.org.apiKey,
      QA_RETRY_BACKOFF_MS: '50',
      ...env,
    } as Record<string, string>;
  };
  /** Starts qa; `output()` is what it printed so far, `result` its end. */
  const startQa = (args: string[], env: Record<string, string> = {}) => {
    const child = spawn(qaBin, args, { env: qaEnv(env), cwd: tmp });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const result = new Promise<Result>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    return { child, result, output: () => stdout + stderr };
  };
  const qa = (args: string[], env: Record<string, string> = {}): Promise<Result> => startQa(args, env).result;
  const jsonDoc = (r: Result) => JSON.parse(r.stdout.split('\n').find((l) => l.startsWith('{'))!);
  const until = async (what: string, check: () => boolean | Promise<boolean>, limitMs = 90_000) => {
    const deadline = Date.now() + limitMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`waited ${limitMs} ms for ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const runGet = async (runId: string) => (await call(s.app, s.org.apiKey, 'run.get', { runId })).body;
  const planGroup = (id: string) =>
    fetch(`${s.app.url}/api/plan-groups/${id}`, { headers: { Authorization: `Bearer ${s.org.apiKey}` } }).then((x) =>
      x.json(),
    );

  const xsdValid = (file: string) =>
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { encoding: 'utf8', stdio: 'pipe' });
  const junitOf = async (file: string): Promise<any> => parseJunit(fs.readFileSync(file, 'utf8'));

  const signIn = (expectText: string) => [
    { action: 'navigate', target: '/login' },
    { action: 'fill', target: 'Email', valueSpec: { kind: 'agent' } },
    { action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'PASSWORD' } },
    { action: 'click', target: 'Sign in', expect: { text: expectText } },
  ];
  const plan = async (name: string, cases: Array<{ name: string; steps: unknown[]; tags?: string[] }>) => {
    const ids: string[] = [];
    for (const c of cases) ids.push((await newCase(s, c)).id);
    const created = await call(s.app, s.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name,
      testCaseIds: ids,
    });
    assert.equal(created.status, 200);
    return created.body.id as string;
  };

  before(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-cli-'));
    // Exactly what a user does: pack the CLI, install the tarball globally (into a private prefix).
    const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', tmp], {
      cwd: path.join(ROOT, 'cli'),
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop()!;
    const prefix = path.join(tmp, 'prefix');
    execFileSync('npm', ['install', '-g', '--silent', '--prefix', prefix, path.join(tmp, packed)], { stdio: 'pipe' });
    qaBin = path.join(prefix, 'bin', 'qa');
    assert.ok(fs.existsSync(qaBin), 'npm install -g put a qa binary on the prefix');
    slow = await startSite(SECRET, { slowMs: 15_000 });
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    // API Runs go on after a failed check, so one Run can fail many steps (the annotation cap).
    shop = await startApiTarget();
    apiWorkers = await startWorkers(s.app, {
      runnerPlatforms: ['api'],
      orchestration: false,
      hostEnv: { SHOP_ALICE_TOKEN: TOKENS.alice },
    });
    await call(s.app, s.org.apiKey, 'environment.upsert', {
      idempotencyKey: key(),
      slug: 'shop',
      targets: { api: { baseUrl: shop.url, openapiUrl: `${shop.url}/openapi.json` } },
    });
  });
  after(async () => {
    await apiWorkers?.stop();
    await shop?.close();
    await browser?.close();
    await slow?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  let failingGroup = '';
  let failingRunReport = '';
  let failingRunId = '';

  it('documents the exit codes in qa --help', async () => {
    const help = await qa(['--help']);
    assert.equal(help.code, 0);
    for (const line of ['0 ', '1 ', '2 ', '3 ', '4 ', '5 ', '130', '143', '2 > 1 > 5 > 4 > 3'])
      assert.ok(help.stdout.includes(line), `help mentions ${line}`);
  });

  it('exits 0 for a passing plan, with JUnit that the published XSD accepts', async () => {
    await plan('CLI passing', [
      { name: 'Home page', steps: [{ action: 'navigate', target: '/', expect: { text: 'Home' } }] },
      { name: 'Sign in', steps: signIn('Welcome') },
    ]);
    const junit = path.join(tmp, 'passing.xml');
    const r = await qa(['run', '--plan', 'CLI passing', '--env', 'local', '--wait', '--junit', junit]);
    assert.equal(r.code, EXIT.passed, r.stdout + r.stderr);
    xsdValid(junit);
    const report = await junitOf(junit);
    assert.equal(report.name, 'CLI passing');
    assert.equal(report.testcase.length, 2);
    assert.deepEqual(report.testcase.map((c: any) => c.name).sort(), ['Home page', 'Sign in']);
    assert.ok(report.testcase.every((c: any) => c.classname === 'CLI passing' && !c.failure && !c.error));
    assert.match(r.stdout, /\/api\/reports\/runs\/run_/, 'the report link of each Run is printed');
    // In CI: plain lines, one per change, no terminal control sequences.
    assert.doesNotMatch(r.stdout, /\x1b\[/);
    const progress = r.stdout.split('\n').filter((l) => /^(Home page|Sign in): \d+\/\d+ steps, /.test(l));
    assert.ok(progress.includes('Home page: 1/1 steps, passing'), r.stdout);
    assert.ok(progress.includes('Sign in: 4/4 steps, passing'), r.stdout);
    assert.equal(new Set(progress).size, progress.length, `each change once: ${progress.join(' | ')}`);
    assert.ok(!r.stdout.includes(SECRET) && !fs.readFileSync(junit, 'utf8').includes(SECRET));
  });

  it('exits 1 for a failed Run: <failure> with the failing step reason and the diagnosis category', async () => {
    await plan('CLI failing', [
      { name: 'Home page', steps: [{ action: 'navigate', target: '/', expect: { text: 'Home' } }] },
      { name: 'Wrong greeting', steps: signIn('Goodbye') },
    ]);
    const junit = path.join(tmp, 'failing.xml');
    const artifacts = path.join(tmp, 'artifacts');
    const summary = path.join(tmp, 'summary.md');
    const r = await qa(
      [
        'run',
        '--plan',
        'CLI failing',
        '--env',
        'local',
        '--wait',
        '--junit',
        junit,
        '--artifacts-dir',
        artifacts,
        '--json',
      ],
      {
        GITHUB_ACTIONS: 'true',
        GITHUB_RUN_ID: '777',
        GITHUB_RUN_ATTEMPT: '1',
        GITHUB_JOB: 'e2e',
        GITHUB_SHA: 'abcdef1234567',
        GITHUB_STEP_SUMMARY: summary,
      },
    );
    assert.equal(r.code, EXIT.failed, r.stdout + r.stderr);
    xsdValid(junit);
    const report = await junitOf(junit);
    const failed = report.testcase.find((c: any) => c.name === 'Wrong greeting');
    const evidence = await call(s.app, s.org.apiKey, 'run.evidence', {
      runId: JSON.parse(r.stdout.split('\n').find((l) => l.startsWith('{'))!).cases.find(
        (c: any) => c.name === 'Wrong greeting',
      ).runId,
    });
    const failingStep = evidence.body.steps.find((x: any) => x.status === 'failed');
    assert.equal(failed.failure[0].message, failingStep.reason);
    assert.equal(failed.failure[0].type, 'application');
    assert.match(failed['system-out'][0], /\[\[ATTACHMENT\|.+\.png\]\]/);
    const attachment = /\[\[ATTACHMENT\|(.+?)\]\]/.exec(failed['system-out'][0])![1];
    assert.deepEqual([...fs.readFileSync(path.resolve(tmp, attachment)).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    assert.match(r.stdout, /^::error title=.*Wrong greeting/m, 'a GitHub annotation for the failed step');
    assert.match(fs.readFileSync(summary, 'utf8'), /\| Wrong greeting \| failed \|/);
    const doc = JSON.parse(r.stdout.split('\n').find((l) => l.startsWith('{'))!);
    assert.equal(doc.exitCode, EXIT.failed);
    failingGroup = doc.planGroupRunId;
    failingRunReport = doc.cases.find((c: any) => c.name === 'Wrong greeting').reportUrl;
    failingRunId = doc.cases.find((c: any) => c.name === 'Wrong greeting').runId;
    // An already finished failed run still exits 1.
    assert.equal((await qa(['status', failingGroup])).code, EXIT.failed);
  });

  it('exits 3 when none failed but one is unverified: <error>', async () => {
    await plan('CLI unverified', [
      { name: 'Home page', steps: [{ action: 'navigate', target: '/', expect: { text: 'Home' } }] },
      // A control that never appears proves nothing either way: unverified (test_definition).
      {
        name: 'Missing button',
        steps: [
          { action: 'navigate', target: '/' },
          { action: 'click', target: 'No such button' },
        ],
      },
    ]);
    const junit = path.join(tmp, 'unverified.xml');
    const r = await qa(['run', '--plan', 'CLI unverified', '--env', 'local', '--wait', '--junit', junit]);
    assert.equal(r.code, EXIT.inconclusive, r.stdout + r.stderr);
    xsdValid(junit);
    const report = await junitOf(junit);
    const missing = report.testcase.find((c: any) => c.name === 'Missing button');
    assert.ok(missing.error, 'unverified is <error>');
    assert.equal(missing.error[0].type, 'test_definition');
    assert.ok(!missing.failure);
  });

  it('--fail-fast: exits 1; the member it canceled is <skipped> with the reason, never a failure', async () => {
    await call(s.app, s.org.apiKey, 'environment.upsert', {
      idempotencyKey: key(),
      slug: 'slow-fail-fast',
      targets: { web: { baseUrl: slow.url } },
    });
    await plan('CLI fail fast', [
      // Fails at once: its step needs a runtime value the Environment lacks.
      {
        name: 'Fails at once',
        steps: [{ action: 'fill', target: 'Email', valueSpec: { kind: 'environment', variable: 'NO_SUCH_VALUE' } }],
      },
      // Still loading its slow page (15 s) when the other fails.
      { name: 'Slow page', steps: [{ action: 'navigate', target: '/slow' }] },
    ]);
    const junit = path.join(tmp, 'fail-fast.xml');
    const r = await qa([
      'run',
      '--plan',
      'CLI fail fast',
      '--env',
      'slow-fail-fast',
      '--fail-fast',
      '--wait',
      '--junit',
      junit,
    ]);
    assert.equal(r.code, EXIT.failed, r.stdout + r.stderr);
    xsdValid(junit);
    const report = await junitOf(junit);
    const failed = report.testcase.find((c: any) => c.name === 'Fails at once');
    const canceled = report.testcase.find((c: any) => c.name === 'Slow page');
    assert.ok(failed.failure, 'the failure is <failure>');
    assert.ok(canceled.skipped && !canceled.failure && !canceled.error, 'the canceled member is <skipped>');
    assert.match(canceled.skipped[0].message, /fail fast/);
    assert.match(r.stdout + r.stderr, /stopped early \(fail fast\)/);
    assert.equal(
      (await qa(['run', '--case', 'tc_x', '--env', 'local', '--fail-fast'])).code,
      EXIT.usage,
      'fail fast is for a plan',
    );
  });

  it('exits 2 for a bad key, an unknown plan, an unknown environment and a bad flag', async () => {
    assert.equal(
      (await qa(['run', '--plan', 'CLI passing', '--env', 'local'], { QA_API_KEY: 'aut_wrong' })).code,
      EXIT.usage,
    );
    assert.equal((await qa(['run', '--plan', 'No such plan', '--env', 'local'])).code, EXIT.usage);
    assert.equal((await qa(['run', '--plan', 'CLI passing', '--env', 'nowhere'])).code, EXIT.usage);
    assert.equal((await qa(['run', '--plan', 'CLI passing', '--env', 'local', '--bogus'])).code, EXIT.usage);
    assert.equal((await qa(['run', '--plan', 'CLI passing'], { QA_API_KEY: '' })).code, EXIT.usage);
  });

  it('exits 4 when the service stays unavailable after retries', async () => {
    const r = await qa(['run', '--plan', 'CLI passing', '--env', 'local', '--retries', '2'], {
      QA_API_URL: 'http://127.0.0.1:1',
    });
    assert.equal(r.code, EXIT.unavailable, r.stderr);
    assert.match(r.stdout + r.stderr, /retrying/);
  });

  it('exits 5 when the wait times out, and prints how to resume', async () => {
    await call(s.app, s.org.apiKey, 'environment.upsert', {
      idempotencyKey: key(),
      slug: 'slow',
      targets: { web: { baseUrl: slow.url } },
    });
    await plan('CLI slow', [{ name: 'Slow page', steps: [{ action: 'navigate', target: '/slow' }] }]);
    const r = await qa(['run', '--plan', 'CLI slow', '--env', 'slow', '--wait', '--timeout', '2s']);
    assert.equal(r.code, EXIT.timedOut, r.stdout + r.stderr);
    assert.match(r.stdout, /qa status pgr_\w+ --wait/);
  });

  it('replays a retried CI step: the same key twice queues one plan group', async () => {
    const env = {
      GITHUB_ACTIONS: 'true',
      GITHUB_RUN_ID: '4242',
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_JOB: 'qa',
      GITHUB_REPOSITORY: 'o/r',
    };
    const first = await qa(['run', '--plan', 'CLI passing', '--env', 'local', '--json'], env);
    const again = await qa(['run', '--plan', 'CLI passing', '--env', 'local', '--json'], env);
    assert.equal(first.code, 0, first.stderr);
    const group = (r: Result) => JSON.parse(r.stdout.split('\n').find((l) => l.startsWith('{'))!).planGroupRunId;
    assert.match(group(first), /^pgr_/);
    assert.equal(group(again), group(first));
  });

  it('re-runs only what did not pass, carrying the passed members into the new group', async () => {
    assert.ok(failingGroup, 'set by the failing-plan test');
    const junit = path.join(tmp, 'rerun.xml');
    const r = await qa([
      'run',
      '--plan',
      'CLI failing',
      '--env',
      'local',
      '--rerun-failed',
      failingGroup,
      '--wait',
      '--junit',
      junit,
      '--json',
    ]);
    assert.equal(r.code, EXIT.failed, r.stdout + r.stderr);
    xsdValid(junit);
    const doc = JSON.parse(r.stdout.split('\n').find((l) => l.startsWith('{'))!);
    assert.notEqual(doc.planGroupRunId, failingGroup);
    const group = await fetch(`${s.app.url}/api/plan-groups/${doc.planGroupRunId}`, {
      headers: { Authorization: `Bearer ${s.org.apiKey}` },
    }).then((x) => x.json());
    assert.equal(group.rerunOf, failingGroup);
    const byName = Object.fromEntries(group.members.map((m: any) => [m.name, m.status]));
    assert.deepEqual(byName, { 'Home page': 'passed_in_original', 'Wrong greeting': 'failed' });
    const report = await junitOf(junit);
    assert.equal(report.testcase.length, 2, 'the JUnit still covers the whole plan');
  });

  it('--rerun-failed <planGroupRunId> --wait stands alone: the group names its plan and environment', async () => {
    // Issue 33: refused before with "give exactly one of --plan and --case".
    assert.ok(failingGroup, 'set by the failing-plan test');
    const r = await qa(['run', '--rerun-failed', failingGroup, '--wait', '--json']);
    assert.equal(r.code, EXIT.failed, r.stdout + r.stderr);
    const doc = JSON.parse(r.stdout.split('\n').find((l) => l.startsWith('{'))!);
    const group = await fetch(`${s.app.url}/api/plan-groups/${doc.planGroupRunId}`, {
      headers: { Authorization: `Bearer ${s.org.apiKey}` },
    }).then((x) => x.json());
    assert.equal(group.rerunOf, failingGroup);
    const mixed = await qa(['run', '--case', 'tc_x', '--rerun-failed', failingGroup]);
    assert.equal(mixed.code, EXIT.usage);
  });

  it('qa schedules list, pause, resume and trigger: what each does is in the record, exits 0; a bad id exits 2', async () => {
    const testPlanId = await plan('CLI nightly', [{ name: 'Home', steps: [{ action: 'navigate', target: '/' }] }]);
    const created = await fetch(`${s.app.url}/api/schedules`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.org.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'CLI nightly', testPlanId, environmentSlug: 'local', cron: '0 2 * * *' }),
    }).then((x) => x.json());
    assert.match(created.id, /^sch_/, JSON.stringify(created));
    const read = () =>
      fetch(`${s.app.url}/api/schedules/${created.id}`, { headers: { Authorization: `Bearer ${s.org.apiKey}` } }).then(
        (x) => x.json(),
      );
    const listed = await qa(['schedules', 'list', '--json']);
    assert.equal(listed.code, EXIT.passed, listed.stderr);
    assert.ok(jsonDoc(listed).schedules.some((x: { id: string }) => x.id === created.id));
    const human = await qa(['schedules', 'list']);
    assert.match(human.stdout, new RegExp(`${created.id}  CLI nightly  cron "0 2 \\* \\* \\*" UTC  active`));
    assert.equal((await qa(['schedules', 'pause', created.id])).code, EXIT.passed);
    assert.equal((await read()).paused, true);
    assert.equal((await qa(['schedules', 'resume', created.id])).code, EXIT.passed);
    assert.equal((await read()).paused, false);
    const fired = await qa(['schedules', 'trigger', created.id, '--json']);
    assert.equal(fired.code, EXIT.passed, fired.stderr);
    await until('the fired group', async () => (await read()).recentGroups.length === 1);
    assert.equal((await qa(['schedules', 'pause', 'sch_nope'])).code, EXIT.usage);
    assert.equal((await qa(['schedules', 'pause', 'sch_01m8d1bp7kftd6rbq3c0y6sbgw'])).code, EXIT.usage);
    await fetch(`${s.app.url}/api/schedules/${created.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${s.org.apiKey}` },
    });
  });

  it('selects only the members a change touches (scope "changed", covers:<glob>)', async () => {
    const testPlanId = await plan('CLI changed', [
      { name: 'Login UI', steps: [{ action: 'navigate', target: '/login' }], tags: ['covers:web/login/**'] },
      { name: 'Billing', steps: [{ action: 'navigate', target: '/' }], tags: ['covers:billing/**'] },
      // Tags other than covers: say nothing of files: without a covers: tag, a member always runs.
      { name: 'Smoke', steps: [{ action: 'navigate', target: '/' }], tags: ['smoke'] },
    ]);
    const triggered = await call(s.app, s.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testPlanId,
      environmentSlug: 'local',
      scope: 'changed',
      changedFiles: ['web/login/form.tsx', 'README.md'],
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    assert.equal(triggered.body.runIds.length, 2);
    const sel = Object.fromEntries(triggered.body.selection.map((m: any) => [m.name, m]));
    assert.equal(sel['Login UI'].selected, true);
    assert.equal(sel['Login UI'].matchedGlob, 'web/login/**');
    assert.equal(sel.Billing.selected, false);
    assert.equal(sel.Smoke.selected, true);
    const group = await fetch(`${s.app.url}/api/plan-groups/${triggered.body.planGroupRunId}`, {
      headers: { Authorization: `Bearer ${s.org.apiKey}` },
    }).then((x) => x.json());
    assert.equal(group.members.find((m: any) => m.name === 'Billing').status, 'not_selected');
  });

  it('renders the report pages in Chromium: failing Run, passing Run and the plan group', async () => {
    assert.ok(failingRunReport, 'set by the failing-plan test');
    const shots = process.env.QA_SCREENSHOT_DIR ?? tmp;
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      const res = await page.goto(failingRunReport);
      assert.equal(res?.status(), 200);
      assert.equal(await page.locator('h1').textContent(), 'Wrong greeting');
      assert.match((await page.getByRole('status').textContent()) ?? '', /Failed/);
      assert.equal(await page.locator('main').count(), 1);
      const images = page.locator('main img');
      assert.ok((await images.count()) >= 1);
      for (const alt of await images.evaluateAll((els) => els.map((e) => e.getAttribute('alt') ?? '')))
        assert.match(alt, /Screenshot/);
      await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete && i.naturalWidth > 0));
      assert.match((await page.locator('main').textContent()) ?? '', /Goodbye/);
      assert.ok(!(await page.content()).includes(SECRET));
      await page.screenshot({ path: path.join(shots, 'report-failing-run.png'), fullPage: true });

      const edited = new URL(failingRunReport);
      edited.searchParams.set('exp', String(Number(edited.searchParams.get('exp')) + 1));
      assert.equal((await fetch(edited)).status, 403);

      const groupLink = await page.getByRole('link', { name: 'Plan group report' }).getAttribute('href');
      await page.goto(groupLink!);
      assert.equal(await page.locator('tbody tr').count(), 2);
      await page.screenshot({ path: path.join(shots, 'report-plan-group.png'), fullPage: true });
      await page.getByRole('link', { name: 'Home page' }).click();
      assert.match((await page.getByRole('status').textContent()) ?? '', /Passed/);
      await page.screenshot({ path: path.join(shots, 'report-passing-run.png'), fullPage: true });
    } finally {
      await page.close();
    }
  });

  it('serves /api/docs from the OpenAPI document with a locally served renderer', async () => {
    const page = await browser.newPage();
    const outside: string[] = [];
    page.on('request', (r) => {
      const host = new URL(r.url()).hostname;
      if (r.url().startsWith('http') && host !== '127.0.0.1') outside.push(r.url());
    });
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    try {
      const openapi = await (await fetch(`${s.app.url}/api/openapi.json`)).json();
      await page.goto(`${s.app.url}/api/docs`);
      // The renderer shows the document's title and its operations (by summary) once it has read it.
      await page.getByText(openapi.info.title).first().waitFor({ timeout: 30_000 });
      const text = await page.locator('body').innerText();
      const shown = Object.values(openapi.paths).flatMap((p: any) =>
        Object.values(p).filter((op: any) => text.includes(op.summary)),
      );
      assert.ok(shown.length >= 3, `operations listed by the renderer: ${shown.length}`);
      assert.deepEqual(outside, [], 'no request leaves the deployment');
      // Issue 33: nothing that leads to Scalar's hosted services.
      for (const hosted of ['Ask AI', 'Generate MCP', 'Deploy', 'Client Libraries'])
        assert.equal(await page.getByText(hosted, { exact: true }).count(), 0, `"${hosted}" is not offered`);
    } finally {
      await page.close();
    }
  });

  // A step that ends its Run `failed` before any browser starts: a runtime value the Environment lacks.
  const failsAtOnce = [
    { action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'NO_SUCH_VALUE' } },
  ];
  const github = (attempt: number) => ({
    GITHUB_ACTIONS: 'true',
    GITHUB_RUN_ID: '9100',
    GITHUB_RUN_ATTEMPT: String(attempt),
    GITHUB_JOB: 'e2e',
    GITHUB_REPOSITORY: 'o/auto',
    GITHUB_SHA: 'a1b2c3d4e5f6',
  });

  it('--rerun-failed auto: a first attempt runs the whole plan, a re-run attempt only what did not pass', async () => {
    await plan('CLI auto', [
      { name: 'Home page', steps: [{ action: 'navigate', target: '/', expect: { text: 'Home' } }] },
      { name: 'Broken', steps: failsAtOnce },
    ]);
    const args = ['run', '--plan', 'CLI auto', '--env', 'local', '--rerun-failed', 'auto', '--wait', '--json'];
    const first = await qa(args, github(1));
    assert.equal(first.code, EXIT.failed, first.stdout + first.stderr);
    const firstGroup = await planGroup(jsonDoc(first).planGroupRunId);
    assert.equal(firstGroup.rerunOf, undefined, 'attempt 1 is not a re-run');
    assert.deepEqual(firstGroup.members.map((m: any) => m.status).sort(), ['failed', 'passing']);

    const second = await qa(args, github(2));
    assert.equal(second.code, EXIT.failed, second.stdout + second.stderr);
    const secondGroup = await planGroup(jsonDoc(second).planGroupRunId);
    assert.equal(secondGroup.rerunOf, firstGroup.planGroupRunId);
    const byName = Object.fromEntries(secondGroup.members.map((m: any) => [m.name, m.status]));
    assert.deepEqual(byName, { 'Home page': 'passed_in_original', Broken: 'failed' });
    const ran = secondGroup.members.filter((m: any) => m.status !== 'passed_in_original');
    assert.equal(ran.length, 1, 'only the member that did not pass ran again');

    // The same attempt retried (same key): the same re-run group, nothing queued twice.
    const again = await qa(args, github(2));
    assert.equal(jsonDoc(again).planGroupRunId, secondGroup.planGroupRunId);

    // --rerun-failed last: the newest group of the plan (the re-run), its failed member again.
    const last = await qa([
      'run',
      '--plan',
      'CLI auto',
      '--env',
      'local',
      '--rerun-failed',
      'last',
      '--wait',
      '--json',
    ]);
    assert.equal(last.code, EXIT.failed, last.stdout + last.stderr);
    const lastGroup = await planGroup(jsonDoc(last).planGroupRunId);
    assert.equal(lastGroup.rerunOf, secondGroup.planGroupRunId);
    assert.deepEqual(Object.fromEntries(lastGroup.members.map((m: any) => [m.name, m.status])), {
      'Home page': 'passed_in_original',
      Broken: 'failed',
    });
  });

  it('--rerun-failed last with no earlier group, or a malformed value, exits 2', async () => {
    await plan('CLI never run', [{ name: 'Unrun', steps: failsAtOnce }]);
    const none = await qa(['run', '--plan', 'CLI never run', '--env', 'local', '--rerun-failed', 'last']);
    assert.equal(none.code, EXIT.usage, none.stdout + none.stderr);
    assert.match(none.stderr, /no earlier plan group/);
    const bad = await qa(['run', '--plan', 'CLI never run', '--env', 'local', '--rerun-failed', 'yesterday']);
    assert.equal(bad.code, EXIT.usage);
  });

  it('--on-timeout cancel: exits 5 and the Runs end canceled', async () => {
    const r = await qa([
      'run',
      '--plan',
      'CLI slow',
      '--env',
      'slow',
      '--wait',
      '--timeout',
      '2s',
      '--on-timeout',
      'cancel',
      '--json',
    ]);
    assert.equal(r.code, EXIT.timedOut, r.stdout + r.stderr);
    assert.match(r.stderr, /Canceled 1 Run\(s\)/);
    assert.doesNotMatch(r.stderr, /Resume waiting with/);
    const [slowRun] = jsonDoc(r).cases;
    assert.equal((await followRun(s.app, s.org.apiKey, slowRun.runId)).state.status, 'canceled');
  });

  it('--on-interrupt detach (default): SIGINT exits 130, prints how to resume, the Run goes on', async () => {
    const q = startQa(['run', '--plan', 'CLI slow', '--env', 'slow', '--wait']);
    await until('the progress line', () => /Slow page: 0\/1 steps/.test(q.output()));
    const group = /Queued plan group (pgr_[0-9a-z]{26})/.exec(q.output())![1];
    q.child.kill('SIGINT');
    const r = await q.result;
    assert.equal(r.code, 130, r.stdout + r.stderr);
    assert.match(r.stdout, new RegExp(`Resume waiting with: qa status ${group} --wait`));
    const [member] = (await planGroup(group)).members;
    // Detached, the Run is left alone: it ends on its own (how, depends on the slow page), never canceled.
    const { state } = await followRun(s.app, s.org.apiKey, member.runId);
    assert.notEqual(state.status, 'canceled', JSON.stringify(state));
  });

  it('--on-interrupt cancel: SIGTERM exits 143 and the Run ends canceled', async () => {
    const q = startQa(['run', '--plan', 'CLI slow', '--env', 'slow', '--wait', '--on-interrupt', 'cancel']);
    await until('the progress line', () => /Slow page: 0\/1 steps/.test(q.output()));
    const group = /Queued plan group (pgr_[0-9a-z]{26})/.exec(q.output())![1];
    q.child.kill('SIGTERM');
    const r = await q.result;
    assert.equal(r.code, 143, r.stdout + r.stderr);
    assert.match(r.stdout, /Canceled 1 Run\(s\)/);
    const [member] = (await planGroup(group)).members;
    assert.equal((await followRun(s.app, s.org.apiKey, member.runId)).state.status, 'canceled');
  });

  it('exits 3 (inconclusive) when a Run it waits on is canceled by someone else', async () => {
    // Issue 34: a canceled Run is neither a pass nor a failure (the exit code table in --help).
    const q = startQa(['run', '--plan', 'CLI slow', '--env', 'slow', '--wait']);
    await until('the progress line', () => /Slow page: 0\/1 steps/.test(q.output()));
    const group = /Queued plan group (pgr_[0-9a-z]{26})/.exec(q.output())![1];
    const [member] = (await planGroup(group)).members;
    // The group records its members before it starts them: until then the cancel answers 503 with
    // Retry-After (runs.cancel's description), which a client retries.
    let canceled: Response;
    for (let attempt = 1; ; attempt++) {
      canceled = await fetch(`${s.app.url}/api/runs/${member.runId}/cancel`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${s.org.apiKey}` },
      });
      if (canceled.status !== 503 || attempt === 20) break;
      assert.equal(canceled.headers.get('retry-after'), '1');
      await new Promise((r) => setTimeout(r, 1000));
    }
    assert.equal(canceled.status, 200);
    const r = await q.result;
    assert.equal(r.code, EXIT.inconclusive, r.stdout + r.stderr);
  });

  it('qa evidence --download saves the screenshots of a Run, and its trace beside them', async () => {
    assert.ok(failingRunId, 'set by the failing-plan test');
    const dir = path.join(tmp, 'evidence');
    const r = await qa(['evidence', failingRunId, '--download', dir, '--json']);
    assert.equal(r.code, 0, r.stderr);
    const evidence = (await call(s.app, s.org.apiKey, 'run.evidence', { runId: failingRunId })).body;
    const shots = evidence.steps.flatMap((x: any) => x.media.filter((m: any) => m.kind === 'screenshot'));
    assert.ok(shots.length >= 1, 'the failing Run has screenshots');
    const saved = fs.readdirSync(dir);
    // The Run failed, so it kept a trace: not evidence, but fetched with the API key (issue 30).
    const trace = `${failingRunId}-trace.zip`;
    assert.equal(saved.length, shots.length + 1, saved.join(', '));
    assert.ok(saved.includes(trace), saved.join(', '));
    for (const file of saved.filter((f) => f !== trace))
      assert.deepEqual([...fs.readFileSync(path.join(dir, file)).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], file);
    assert.deepEqual([...fs.readFileSync(path.join(dir, trace)).subarray(0, 4)], [0x50, 0x4b, 0x03, 0x04], 'a zip');
    assert.deepEqual(
      jsonDoc(r)
        .downloaded.map((f: string) => path.basename(f))
        .sort(),
      saved.sort(),
    );
    // Human output says where they went.
    const human = await qa(['evidence', failingRunId, '--download', dir]);
    assert.match(human.stdout, /saved .*\.png/);
    assert.match(human.stdout, /Report: http/);
  });

  it('on a terminal: a live view redrawn in place; in CI: plain lines (see the passing-plan test)', async () => {
    const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
    const command = [qaBin, 'run', '--plan', 'CLI passing', '--env', 'local', '--wait'].map(quote).join(' ');
    const env = qaEnv({});
    delete env.CI; // a developer's terminal
    // util-linux script gives qa a pseudo-terminal; -e passes its exit code on.
    const out = await new Promise<{ code: number | null; text: string }>((resolve, reject) => {
      const child = spawn('script', ['-qefc', command, '/dev/null'], { env, cwd: tmp });
      let text = '';
      child.stdout.on('data', (c) => (text += c));
      child.stderr.on('data', (c) => (text += c));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, text }));
    });
    assert.equal(out.code, EXIT.passed, out.text);
    // The view moves the cursor up over its lines and clears below before redrawing them.
    assert.match(out.text, /\x1b\[2A\x1b\[0J/, JSON.stringify(out.text.slice(0, 2000)));
    assert.match(out.text, /Home page: 1\/1 steps, passing/);
    assert.match(out.text, /Sign in: 4\/4 steps, passing/);
  });

  it('reads GitLab CI variables: branch, commit and merge request by default, one group per pipeline job', async () => {
    const gitlab = (pipeline: string, jobId: string) => ({
      GITLAB_CI: 'true',
      CI_PROJECT_ID: '321',
      CI_PIPELINE_ID: pipeline,
      CI_JOB_ID: jobId,
      CI_JOB_NAME: 'qa',
      CI_COMMIT_SHA: '0123456789abcdef',
      CI_COMMIT_REF_NAME: 'feature/gl',
      CI_MERGE_REQUEST_IID: '17',
    });
    // Runs that end at once: this test is about what is triggered, not how it ends.
    await plan('CLI gitlab', [{ name: 'Quick', steps: failsAtOnce }]);
    const args = ['run', '--plan', 'CLI gitlab', '--env', 'local', '--json'];
    const first = await qa(args, gitlab('5001', '1'));
    assert.equal(first.code, 0, first.stdout + first.stderr);
    const group = jsonDoc(first).planGroupRunId;
    // A retried job: a new job id in the same pipeline replays the first trigger.
    assert.equal(jsonDoc(await qa(args, gitlab('5001', '2'))).planGroupRunId, group);
    // Another pipeline is another trigger.
    assert.notEqual(jsonDoc(await qa(args, gitlab('5002', '3'))).planGroupRunId, group);
    const runId = (await planGroup(group)).members[0].runId;
    const run = await fetch(`${s.app.url}/api/runs/${runId}`, {
      headers: { Authorization: `Bearer ${s.org.apiKey}` },
    }).then((x) => x.json());
    assert.equal(run.trigger.branch, 'feature/gl');
    assert.equal(run.trigger.pr, '17');
    assert.equal(run.trigger.deployment.commitSha, '0123456789abcdef');
    // Flags win over the variables.
    const flagged = await qa([...args, '--branch', 'other'], gitlab('5003', '4'));
    const flaggedRun = (await planGroup(jsonDoc(flagged).planGroupRunId)).members[0].runId;
    const flaggedView = await fetch(`${s.app.url}/api/runs/${flaggedRun}`, {
      headers: { Authorization: `Bearer ${s.org.apiKey}` },
    }).then((x) => x.json());
    assert.equal(flaggedView.trigger.branch, 'other');
  });

  it('on GitHub Actions: at most 10 ::error annotations, and a Markdown table in $GITHUB_STEP_SUMMARY', async () => {
    const created = await fetch(`${s.app.url}/api/plans`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.org.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'CLI many failures',
        platforms: ['api'],
        apiAuthProfiles: [
          { name: 'alice', credentials: [{ kind: 'bearer', source: 'environment', variable: 'SHOP_ALICE_TOKEN' }] },
        ],
        // Alice may not read Bob's profile (403): twelve failed checks in one Run.
        steps: Array.from({ length: 12 }, () => ({
          action: 'request',
          target: 'GET /profiles/bob',
          config: { authProfile: 'alice', expectStatus: [200] },
        })),
      }),
    });
    assert.equal(created.status, 201, await created.clone().text());
    const { testPlanId } = await created.json();
    const summary = path.join(tmp, 'many-summary.md');
    fs.writeFileSync(summary, '# earlier step output\n');
    const r = await qa(['run', '--plan', testPlanId, '--env', 'shop', '--wait', '--json'], {
      ...github(1),
      GITHUB_RUN_ID: '9200',
      GITHUB_STEP_SUMMARY: summary,
    });
    assert.equal(r.code, EXIT.failed, r.stdout + r.stderr);
    const doc = jsonDoc(r);
    const failedSteps = doc.cases[0].steps.filter((x: any) => x.status === 'failed').length;
    assert.ok(failedSteps > 10, `failed steps: ${failedSteps}`);
    const annotations = r.stdout.split('\n').filter((l) => l.startsWith('::error '));
    assert.equal(annotations.length, 10, annotations.join('\n'));
    for (const a of annotations) assert.match(a, /^::error title=[^:]*step \d+ request GET \/profiles\/bob::/);
    assert.ok(!r.stdout.includes(TOKENS.alice));
    const md = fs.readFileSync(summary, 'utf8');
    assert.ok(md.startsWith('# earlier step output\n'), 'appended, not overwritten');
    assert.match(
      md,
      /\| Test Case \| Status \| Duration \| Report \|\n\| --- \| --- \| --- \| --- \|\n\| .+ \| failed \| [\d.]+ s \| \[report\]\(http[^)]+\) \|/,
    );
  });

  describe('exit 4: the service stays unavailable after retries', () => {
    const NO_PLAN = `tp_${'0'.repeat(26)}`;
    const servers: Array<{ close(cb?: () => void): unknown }> = [];
    after(() => servers.forEach((x) => x.close()));
    const listen = async (server: Server | ReturnType<typeof createTcpServer>) => {
      servers.push(server);
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };

    it('a loopback service that answers 503 every time: asked --retries times, then exit 4', async () => {
      let asked = 0;
      const url = await listen(
        createServer((_req, res) => {
          asked++;
          res.writeHead(503, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'down for maintenance' } }));
        }),
      );
      const r = await qa(['run', '--plan', NO_PLAN, '--env', 'local', '--retries', '3'], {
        QA_API_URL: url,
      });
      assert.equal(r.code, EXIT.unavailable, r.stdout + r.stderr);
      assert.equal(asked, 3);
      assert.match(r.stderr, /unavailable after 3 attempts/);
    });

    it('a loopback port that accepts and hangs up without an answer: exit 4', async () => {
      let accepted = 0;
      const url = await listen(
        createTcpServer((socket) => {
          accepted++;
          socket.destroy();
        }),
      );
      const r = await qa(['run', '--plan', NO_PLAN, '--env', 'local', '--retries', '2'], {
        QA_API_URL: url,
      });
      assert.equal(r.code, EXIT.unavailable, r.stdout + r.stderr);
      assert.equal(accepted, 2);
    });
  });
});
