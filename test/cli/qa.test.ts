import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { parse as parseJunit } from 'junit2json';
import { call, key, newCase } from '../helpers/app';
import { startSite, type TestSite } from '../helpers/site';
import { useRunStack } from '../helpers/runs';

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

  const qa = (args: string[], env: Record<string, string> = {}): Promise<Result> =>
    new Promise((resolve, reject) => {
      const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !CI_VARS.test(k)));
      const child = spawn(qaBin, args, {
        env: {
          ...base,
          CI: 'true',
          QA_API_URL: s.app.url,
          QA_API_KEY: s.org.apiKey,
          QA_RETRY_BACKOFF_MS: '50',
          ...env,
        },
        cwd: tmp,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += c));
      child.stderr.on('data', (c) => (stderr += c));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
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
  });
  after(async () => {
    await browser?.close();
    await slow?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  let failingGroup = '';
  let failingRunReport = '';

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

  it('selects only the members a change touches (scope "changed", covers:<glob>)', async () => {
    const testPlanId = await plan('CLI changed', [
      { name: 'Login UI', steps: [{ action: 'navigate', target: '/login' }], tags: ['covers:web/login/**'] },
      { name: 'Billing', steps: [{ action: 'navigate', target: '/' }], tags: ['covers:billing/**'] },
      { name: 'Smoke', steps: [{ action: 'navigate', target: '/' }] },
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
    } finally {
      await page.close();
    }
  });
});
