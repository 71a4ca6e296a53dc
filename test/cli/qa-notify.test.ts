import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { call, key, newCase, useApp } from '../helpers/app';
import { startChatReceiver, type ChatReceiver } from '../helpers/chat-receivers';
import { rest } from '../helpers/rest';
import { keptLog, privateQueues, useWorkers } from '../helpers/temporal';

const root = path.resolve(__dirname, '../..');
// The exit codes of the issue ("CI integration"), as data.
const EXIT = { passed: 0, failed: 1, usage: 2 };
const SLACK_PATH = '/services/T0QACLI/B0QACLI/QaCliSecretToken0123456789';
const GITHUB_TOKEN = 'ghp_QaCliToken0123456789abcdefghijklmnopqrs';

/**
 * Issue 79, point 4: channels and commit connections from `qa`, the secrets taken from the
 * environment and never printed back.
 */
describe('qa channels and qa connections, against the real stack', function () {
  this.timeout(180_000);
  const t = useApp(() => ({ ...privateQueues(), EGRESS_ALLOW: '127.0.0.1,::1,localhost' }));
  const worker = keptLog();
  useWorkers(t, { runnerPlatforms: [], log: worker.log });
  const tmp = mkdtempSync(path.join(tmpdir(), 'qa-notify-'));
  const qaFile = path.join(tmp, 'qa.js');
  let slack: ChatReceiver;
  const printed: string[] = [];

  before(async () => {
    // qa's sources bundled as the Action bundles them, run as its bin runs.
    buildSync({ entryPoints: [path.join(root, 'cli/src/qa.ts')], bundle: true, platform: 'node', outfile: qaFile });
    slack = await startChatReceiver('slack');
    t.onClose(() => slack.close());
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  const qa = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [qaFile, ...args], {
        env: { PATH: process.env.PATH ?? '', QA_API_URL: t.app.url, QA_API_KEY: t.org.apiKey, ...env },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += c));
      child.stderr.on('data', (c) => (stderr += c));
      child.on('error', reject);
      child.on('close', (code) => {
        printed.push(stdout, stderr);
        resolve({ code, stdout, stderr });
      });
    });

  it('adds a channel with a rule, lists it, sends a test message (exit 1 when refused), removes it', async () => {
    const testCase = await newCase(t, { name: 'Checkout pays' });
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Checkout',
      testCaseIds: [testCase.id],
    });
    const missing = await qa(['channels', 'add', '--name', '#qa', '--kind', 'slack']);
    assert.equal(missing.code, EXIT.usage, missing.stderr);
    assert.match(missing.stderr, /QA_CHANNEL_URL/);
    const added = await qa(
      ['channels', 'add', '--name', '#qa', '--kind', 'slack', '--when', 'change', '--plan', 'Checkout', '--json'],
      { QA_CHANNEL_URL: `${slack.url}${SLACK_PATH}` },
    );
    assert.equal(added.code, EXIT.passed, added.stderr);
    const channel = JSON.parse(added.stdout);
    assert.deepEqual(channel.rules, [{ when: 'change', testPlanIds: [plan.body.id] }]);

    const listed = await qa(['channels', 'list']);
    assert.equal(listed.code, EXIT.passed, listed.stderr);
    assert.match(listed.stdout, new RegExp(`${channel.id}\\s+#qa\\s+slack\\s+enabled\\s+change plans ${plan.body.id}`));

    const sent = await qa(['channels', 'test', channel.id]);
    assert.equal(sent.code, EXIT.passed, sent.stderr);
    assert.match(sent.stdout, /test message delivered \(HTTP 200\)/);
    assert.equal(slack.accepted(SLACK_PATH).length, 1);
    slack.fail(SLACK_PATH, { status: 410, body: 'channel_is_archived' });
    const refused = await qa(['channels', 'test', channel.id]);
    assert.equal(refused.code, EXIT.failed, refused.stdout + refused.stderr);
    assert.match(refused.stdout, /test message failed \(HTTP 410\): .*channel_is_archived/);

    assert.equal((await qa(['channels', 'test', 'nch_nope'])).code, EXIT.usage);
    assert.equal((await qa(['channels', 'add', '--name', 'x', '--kind', 'email'])).code, EXIT.usage);
    const removed = await qa(['channels', 'remove', channel.id]);
    assert.equal(removed.code, EXIT.passed, removed.stderr);
    assert.equal((await rest(t.app, t.org.apiKey, 'GET', '/api/notification-channels')).body.items.length, 0);
  });

  it("updates a channel's rule in place: the fields given change, the others stay; keyed; the URL never shown", async () => {
    const testCase = await newCase(t, { name: 'Search finds' });
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Search',
      testCaseIds: [testCase.id],
    });
    const added = await qa(['channels', 'add', '--name', '#ops', '--kind', 'slack', '--env', 'staging', '--json'], {
      QA_CHANNEL_URL: `${slack.url}${SLACK_PATH}`,
    });
    assert.equal(added.code, EXIT.passed, added.stderr);
    const id = JSON.parse(added.stdout).id as string;
    const update = (args: string[], env: Record<string, string> = {}) =>
      qa(['channels', 'update', id, ...args, '--json'], env);

    const narrowed = await update(['--when', 'failures', '--plan', 'Search', '--branch', 'main']);
    assert.equal(narrowed.code, EXIT.passed, narrowed.stderr);
    const rule = { when: 'failures', testPlanIds: [plan.body.id], environmentSlugs: ['staging'], branches: ['main'] };
    assert.deepEqual(JSON.parse(narrowed.stdout).rules, [rule]);
    assert.equal(JSON.parse(narrowed.stdout).id, id, 'the same channel, not a new one');
    const cleared = await update(['--env', '', '--name', '#ops-main']);
    assert.equal(cleared.code, EXIT.passed, cleared.stderr);
    const after = (await rest(t.app, t.org.apiKey, 'GET', `/api/notification-channels/${id}`)).body;
    assert.equal(after.name, '#ops-main');
    assert.deepEqual(after.rules, [{ when: 'failures', testPlanIds: [plan.body.id], branches: ['main'] }]);

    // One key, one change: the step retried answers the first change again.
    const once = await update(['--disable', '--idempotency-key', 'ci-77-update'], {});
    const again = await update(['--disable', '--idempotency-key', 'ci-77-update'], {});
    assert.equal(once.code, EXIT.passed, once.stderr);
    assert.equal(JSON.parse(once.stdout).enabled, false);
    assert.equal(JSON.parse(again.stdout).updatedAt, JSON.parse(once.stdout).updatedAt);

    // A new URL comes from the environment only; the test message goes there.
    const NEW_PATH = '/services/T0QACLI/B0QACLI/QaCliRotatedToken987654321';
    assert.equal((await update(['--new-url'])).code, EXIT.usage, 'no QA_CHANNEL_URL: a usage error');
    const rotated = await update(['--new-url', '--enable'], { QA_CHANNEL_URL: `${slack.url}${NEW_PATH}` });
    assert.equal(rotated.code, EXIT.passed, rotated.stderr);
    assert.ok(!rotated.stdout.includes(NEW_PATH), rotated.stdout);
    assert.equal((await qa(['channels', 'test', id])).code, EXIT.passed);
    assert.equal(slack.accepted(NEW_PATH).length, 1);
    for (const text of printed) assert.ok(!text.includes(NEW_PATH), `qa printed the URL: ${text}`);

    assert.equal((await update([])).code, EXIT.usage, 'nothing to change');
    assert.equal((await update(['--when', 'sometimes'])).code, EXIT.usage);
    assert.equal((await qa(['channels', 'remove', id])).code, EXIT.passed);
  });

  it('connects GitHub with a token from QA_SCM_TOKEN, lists and removes it; no secret is printed or logged', async () => {
    const none = await qa(['connections', 'list']);
    assert.equal(none.code, EXIT.passed, none.stderr);
    assert.match(none.stdout, /github\s+not connected/);
    assert.match(none.stdout, /gitlab\s+not connected/);
    assert.equal((await qa(['connections', 'set', 'github'])).code, EXIT.usage, 'no token: a usage error');
    const set = await qa(['connections', 'set', 'github', '--check-name', 'QA e2e'], { QA_SCM_TOKEN: GITHUB_TOKEN });
    assert.equal(set.code, EXIT.passed, set.stderr);
    assert.match(set.stdout, /github: connected with a token \(check "QA e2e"\)/);
    const listed = await qa(['connections', 'list', '--json']);
    const { connections } = JSON.parse(listed.stdout);
    assert.deepEqual(
      connections.map((c: { provider: string; authKind: string; checkName: string }) => [
        c.provider,
        c.authKind,
        c.checkName,
      ]),
      [['github', 'token', 'QA e2e']],
    );
    assert.equal((await qa(['connections', 'remove', 'github'])).code, EXIT.passed);
    assert.equal((await rest(t.app, t.org.apiKey, 'GET', '/api/commit-connections/github')).status, 404);
    assert.equal((await qa(['connections', 'set', 'bitbucket'])).code, EXIT.usage);
    for (const secret of [SLACK_PATH, GITHUB_TOKEN]) {
      for (const text of printed) assert.ok(!text.includes(secret), `qa printed ${secret}: ${text}`);
      for (const line of worker.lines) assert.ok(!line.includes(secret), `a log line carried ${secret}`);
    }
  });
});
