import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call, environment, key, newCase, useApp } from '../helpers/app';
import { privateQueues, useWorkers } from '../helpers/temporal';

const root = path.resolve(__dirname, '../..');
const entry = path.join(root, 'action/dist/index.js');

/** Issue 79, point 1: the GitHub Action, its bundled JavaScript entry run as a runner runs it. */
describe('the GitHub Action (action/action.yml, action/dist/index.js)', function () {
  this.timeout(180_000);
  const t = useApp(() => ({ ...privateQueues() }));
  useWorkers(t, { runnerPlatforms: ['web'] });
  const tmp = mkdtempSync(path.join(tmpdir(), 'qa-action-'));

  before(async () => {
    await environment(t, 'local', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
    // A Run that ends at once (a value the Environment lacks): the Action's wiring is under test, not the runner.
    const failing = await newCase(t, {
      name: 'Sign in',
      steps: [{ action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'NO_SUCH_VALUE' } }],
    });
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Action plan',
      testCaseIds: [failing.id],
    });
    assert.equal(plan.status, 200, JSON.stringify(plan.body));
  });

  /** Runs the entry as the Actions runner does: inputs as INPUT_* variables, files for outputs and the summary. */
  function runAction(inputs: Record<string, string>, runId: string) {
    const output = path.join(tmp, `output-${runId}`);
    const summary = path.join(tmp, `summary-${runId}`);
    writeFileSync(output, '');
    writeFileSync(summary, '');
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      GITHUB_ACTIONS: 'true',
      GITHUB_RUN_ID: runId,
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_JOB: 'e2e',
      GITHUB_REPOSITORY: 'acme/shop',
      GITHUB_SHA: 'abcdef1234567',
      GITHUB_REF: 'refs/pull/7/merge',
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
      QA_RETRY_BACKOFF_MS: '50',
      'INPUT_API-URL': t.app.url,
      'INPUT_API-KEY': t.org.apiKey,
      ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
    };
    return new Promise<{ code: number | null; stdout: string; outputs: Record<string, string>; summary: string }>(
      (resolve, reject) => {
        const child = spawn(process.execPath, [entry], { env, cwd: tmp });
        let stdout = '';
        child.stdout.on('data', (c) => (stdout += c));
        child.stderr.on('data', (c) => (stdout += c));
        child.on('error', reject);
        child.on('close', (code) => {
          const outputs = Object.fromEntries(
            readFileSync(output, 'utf8')
              .split('\n')
              .filter(Boolean)
              .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
          );
          resolve({ code, stdout, outputs, summary: readFileSync(summary, 'utf8') });
        });
      },
    );
  }

  it('inputs in; outputs, JUnit and the job summary out; the gate fails the step on a failure', async () => {
    const ran = await runAction({ plan: 'Action plan', environment: 'local', junit: 'qa-junit.xml' }, '501');
    assert.equal(ran.code, 1, ran.stdout);
    assert.equal(ran.outputs.verdict, 'failed', JSON.stringify(ran.outputs));
    assert.equal(ran.outputs['exit-code'], '1');
    assert.equal(ran.outputs.total, '1');
    assert.equal(ran.outputs.failed, '1');
    assert.equal(ran.outputs.passed, '0');
    assert.match(ran.outputs['group-id'], /^pgr_/);
    assert.equal(ran.outputs['console-url'], `${t.app.url}/console/plan-groups/${ran.outputs['group-id']}`);
    assert.match(ran.summary, /Sign in/);
    assert.match(readFileSync(path.join(tmp, 'qa-junit.xml'), 'utf8'), /<testsuite/);
    // A retried step (same run, attempt and job) replays the trigger: the same group.
    const again = await runAction({ plan: 'Action plan', environment: 'local' }, '501');
    assert.equal(again.outputs['group-id'], ran.outputs['group-id']);
  });

  it('gate: false reports the verdict and passes the step', async () => {
    const ran = await runAction({ plan: 'Action plan', environment: 'local', gate: 'false' }, '502');
    assert.equal(ran.code, 0, ran.stdout);
    assert.equal(ran.outputs.verdict, 'failed');
  });

  it('accessibility: the input reaches the Run as `qa run --accessibility` sends it (its summary present)', async () => {
    const runOf = async (ran: { stdout: string }) => {
      const line = ran.stdout.split('\n').find((l) => l.startsWith('{"exitCode"'));
      const runId = (JSON.parse(line ?? '{}') as { cases?: Array<{ runId: string }> }).cases?.[0]?.runId;
      assert.ok(runId, ran.stdout);
      const state = await call(t.app, t.org.apiKey, 'run.get', { runId });
      assert.equal(state.status, 200, JSON.stringify(state.body));
      return state.body;
    };
    const checked = await runAction({ plan: 'Action plan', environment: 'local', accessibility: 'report' }, '503');
    assert.equal(checked.outputs.verdict, 'failed', checked.stdout);
    assert.equal((await runOf(checked)).accessibility?.mode, 'report');
    // Without the input the plan's setting holds (none here): no check, no summary.
    const unchecked = await runAction({ plan: 'Action plan', environment: 'local' }, '504');
    assert.equal((await runOf(unchecked)).accessibility, undefined);
  });

  it('the committed bundle is what scripts/build-action.js makes from cli/src', () => {
    const { bundle } = require('../../scripts/build-action.js') as { bundle: () => string };
    assert.ok(bundle() === readFileSync(entry, 'utf8'), 'run `node scripts/build-action.js` and commit action/dist');
  });
});
