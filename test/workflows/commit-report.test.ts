import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { call, environment, key, newCase, useApp } from '../helpers/app';
import { SECONDARY_RATE_LIMIT, startGitHub, type GitHubServer } from '../helpers/github-server';
import { rest } from '../helpers/rest';
import { followRun } from '../helpers/runs';
import { startSite, type TestSite } from '../helpers/site';
import { keptLog, privateQueues, useWorkers } from '../helpers/temporal';

/** Issue 79, point 2: a GitHub check run and one pull-request comment per plan group of a commit. */
const TOKEN = 'ghp_ConnectionToken0123456789abcdefABCDEF';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const PUBLIC_PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();

const settings = () => ({ ...privateQueues(), EGRESS_ALLOW: '127.0.0.1,::1,localhost' });

/** Waits until `check` holds (polling what the imitation received), or fails with what it saw. */
async function until(what: string, check: () => boolean, seen: () => unknown, limitMs = 60_000) {
  const end = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: ${JSON.stringify(seen(), null, 1)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('results on the commit: a GitHub check run and one pull-request comment', function () {
  this.timeout(300_000);
  const t = useApp(settings);
  const worker = keptLog();
  let github: GitHubServer;
  let site: TestSite;
  let testPlanId: string;
  let failingCaseId: string;
  const responses: string[] = [];

  before(async () => {
    github = await startGitHub({ token: TOKEN, app: { id: '314159', publicKeyPem: PUBLIC_PEM } });
    site = await startSite('pw', { slowMs: 4000 });
    t.onClose(() => Promise.all([github.close(), site.close()]));
    await environment(t, 'staging', { targets: { web: { baseUrl: site.url } } });
    // One case that runs for four seconds (so the group is seen in progress) and one that fails at once.
    const slow = await newCase(t, { name: 'Slow page loads', steps: [{ action: 'navigate', target: '/slow' }] });
    const failing = await newCase(t, {
      name: 'Sign in',
      steps: [{ action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'NO_SUCH_VALUE' } }],
    });
    failingCaseId = failing.id;
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Checkout',
      testCaseIds: [slow.id, failing.id],
    });
    testPlanId = plan.body.id;
  });
  useWorkers(t, { runnerPlatforms: ['web'], log: worker.log });

  async function connect(auth: Record<string, unknown>) {
    const put = await rest(t.app, t.org.apiKey, 'PUT', '/api/commit-connections/github', { apiUrl: github.url, auth });
    responses.push(JSON.stringify(put.body));
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const got = await rest(t.app, t.org.apiKey, 'GET', '/api/commit-connections/github');
    responses.push(JSON.stringify(got.body));
    return got.body;
  }

  async function push(sha: string) {
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testPlanId,
      environmentSlug: 'staging',
      branch: 'feature/pay',
      pr: '7',
      deployment: { commitSha: sha, repository: 'acme/shop' },
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    return triggered.body as { planGroupRunId: string; runIds: string[] };
  }

  const checksOf = (sha: string) => github.checkRuns.filter((c) => c.head_sha === sha);
  const completed = (sha: string) => () => checksOf(sha).some((c) => c.status === 'completed');

  it('a push reports queued → in progress → completed with verdict, counts, failed cases and links; one comment', async () => {
    const connection = await connect({ kind: 'token', token: TOKEN });
    assert.equal(connection.authKind, 'token');
    const sha = 'aaaaaaa1111111';
    const group = await push(sha);
    await until('a completed check', completed(sha), () => github.checkRuns);
    const [check] = checksOf(sha);
    assert.equal(checksOf(sha).length, 1);
    assert.deepEqual(
      check.statuses.filter((s, i, all) => s !== all[i - 1]),
      ['queued', 'in_progress', 'completed'],
    );
    assert.equal(check.name, 'QA');
    assert.equal(check.external_id, group.planGroupRunId);
    assert.equal(check.conclusion, 'failure');
    assert.match(check.output!.title, /^Checkout: failed — 2 Runs: 1 passed, 1 failed/);
    assert.match(
      check.output!.text!,
      /\[Sign in\]\(http:\/\/127\.0\.0\.1:\d+\/console\/runs\/run_\w+\) \| failed \| \w+: /,
    );
    assert.ok(check.details_url!.endsWith(`/console/plan-groups/${group.planGroupRunId}`));
    await until(
      'one comment, completed',
      () => !!github.comments[0]?.body.includes('**failed**'),
      () => github.comments,
    );
    assert.equal(github.comments.length, 1);
    assert.match(github.comments[0].body, /QA · Checkout: \*\*failed\*\* · 2 Runs: 1 passed, 1 failed/);
    assert.match(github.comments[0].body, /\| \[Sign in\]\(.+\) \| failed \| \w+: /);
    assert.match(github.comments[0].body, /aaaaaaa11111/);
  });

  it('a later push updates the same comment in place, never a second one', async () => {
    const sha = 'bbbbbbb2222222';
    await push(sha);
    await until('a completed check', completed(sha), () => github.checkRuns);
    await until(
      'the comment names the new commit',
      () => github.comments[0].body.includes('bbbbbbb22222'),
      () => github.comments,
    );
    assert.equal(github.comments.length, 1, JSON.stringify(github.comments));
    assert.ok(github.comments[0].updates >= 1);
    assert.equal(github.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/comments')).length, 1);
  });

  it('quarantining the last failing case updates the completed check in place: it passes; releasing it fails again', async () => {
    const sha = 'bbbbbbb2222222';
    const [check] = checksOf(sha);
    assert.equal(check.conclusion, 'failure');
    const updatesBefore = check.statuses.length;
    const quarantined = await rest(
      t.app,
      t.org.apiKey,
      'POST',
      `/api/test-cases/${failingCaseId}/quarantine`,
      { reason: 'the password field is being redone' },
      { 'Idempotency-Key': key() },
    );
    assert.equal(quarantined.status, 200, JSON.stringify(quarantined.body));
    await until(
      'the check passes',
      () => checksOf(sha)[0].conclusion === 'success',
      () => checksOf(sha),
    );
    assert.equal(checksOf(sha).length, 1, 'the same check, updated');
    assert.ok(checksOf(sha)[0].statuses.length > updatesBefore);
    assert.match(checksOf(sha)[0].output!.title, /^Checkout: passed — 2 Runs: 1 passed, 1 failed/);
    assert.match(checksOf(sha)[0].output!.text!, /\[Sign in\]\(.+\) \| failed, quarantined \|/);
    await until(
      'the comment says passed',
      () => github.comments[0].body.includes('**passed**'),
      () => github.comments,
    );
    assert.equal(github.comments.length, 1);

    const released = await rest(
      t.app,
      t.org.apiKey,
      'DELETE',
      `/api/test-cases/${failingCaseId}/quarantine`,
      undefined,
      {
        'Idempotency-Key': key(),
      },
    );
    assert.equal(released.status, 200, JSON.stringify(released.body));
    await until(
      'the check fails again',
      () => checksOf(sha)[0].conclusion === 'failure',
      () => checksOf(sha),
    );
    assert.equal(checksOf(sha).length, 1);
  });

  it('a GitHub App: 403 secondary rate limit then 502 delay the check, never the Run, and it arrives once', async () => {
    const connection = await connect({ kind: 'app', appId: '314159', privateKey: PRIVATE_PEM });
    assert.equal(connection.authKind, 'app');
    assert.equal(connection.appId, '314159');
    // Refused for longer than the Runs take (about 4 s): a limit (Retry-After 2 s), then 502 three times (backoff 1, 2, 4 s).
    // The last 502 is a lost answer: GitHub made the check, the reply never came; the retry must find it.
    const down = { status: 502 };
    github.fail('POST', /\/repos\/acme\/shop\/check-runs$/, SECONDARY_RATE_LIMIT, down, down, { ...down, lost: true });
    const sha = 'ccccccc3333333';
    const group = await push(sha);
    const ends: number[] = [];
    for (const runId of group.runIds) {
      await followRun(t.app, t.org.apiKey, runId);
      ends.push(Date.now());
    }
    await until('a completed check', completed(sha), () => github.checkRuns);
    const creates = github.requests.filter((r) => r.method === 'POST' && r.path === '/repos/acme/shop/check-runs');
    const refused = creates.filter((r) => r.status >= 400);
    assert.deepEqual(
      refused.map((r) => r.status),
      [403, 502, 502, 502],
    );
    assert.equal(checksOf(sha).length, 1, 'the check arrives once');
    // The secondary limit's Retry-After (2 s) was waited for: the retry came no sooner.
    const afterLimit = creates[creates.indexOf(refused[0]) + 1];
    assert.ok(afterLimit.at - refused[0].at >= 1900, `${afterLimit.at - refused[0].at} ms after the limit`);
    // Every Run ended while GitHub was still refusing: reporting never held them.
    assert.ok(Math.max(...ends) < creates.at(-1)!.at, `Runs ended ${creates.at(-1)!.at - Math.max(...ends)} ms before`);
    assert.ok(github.minted.length >= 1, 'an installation token was minted from the App key');
    assert.equal(github.comments.length, 1);
  });

  it('no answer or worker log line carries the token or the private key', () => {
    const secrets = [TOKEN, PRIVATE_PEM.split('\n')[1], ...github.minted];
    for (const s of secrets) {
      for (const body of responses) assert.ok(!body.includes(s), `an answer carried a secret: ${body}`);
      for (const line of worker.lines) assert.ok(!line.includes(s), `a log line carried a secret: ${line}`);
    }
  });
});
