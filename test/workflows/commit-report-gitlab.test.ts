import assert from 'node:assert/strict';
import { call, environment, key, newCase, useApp } from '../helpers/app';
import { startGitLab, type GitLabServer } from '../helpers/gitlab-server';
import { rest } from '../helpers/rest';
import { followRun } from '../helpers/runs';
import { startSite, type TestSite } from '../helpers/site';
import { keptLog, privateQueues, useWorkers } from '../helpers/temporal';

/** Issue 79, point 2, on GitLab: a commit status and one merge-request note per plan group of a commit. */
const TOKEN = 'glpat-ConnectionToken0123456789';

async function until(what: string, check: () => boolean, seen: () => unknown, limitMs = 60_000) {
  const end = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: ${JSON.stringify(seen(), null, 1)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('results on the commit: a GitLab commit status and one merge-request note', function () {
  this.timeout(300_000);
  const t = useApp(() => ({ ...privateQueues(), EGRESS_ALLOW: '127.0.0.1,::1,localhost' }));
  const worker = keptLog();
  let gitlab: GitLabServer;
  let site: TestSite;
  let testPlanId: string;
  const responses: string[] = [];

  before(async () => {
    gitlab = await startGitLab(TOKEN);
    site = await startSite('pw', { slowMs: 4000 });
    t.onClose(() => Promise.all([gitlab.close(), site.close()]));
    await environment(t, 'staging', { targets: { web: { baseUrl: site.url } } });
    const slow = await newCase(t, { name: 'Slow page loads', steps: [{ action: 'navigate', target: '/slow' }] });
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Checkout',
      testCaseIds: [slow.id],
    });
    testPlanId = plan.body.id;
    const put = await rest(t.app, t.org.apiKey, 'PUT', '/api/commit-connections/gitlab', {
      apiUrl: `${gitlab.url}/api/v4`,
      token: TOKEN,
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    responses.push(
      JSON.stringify(put.body),
      JSON.stringify((await rest(t.app, t.org.apiKey, 'GET', '/api/commit-connections/gitlab')).body),
    );
  });
  useWorkers(t, { runnerPlatforms: ['web'], log: worker.log });

  async function push(sha: string) {
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testPlanId,
      environmentSlug: 'staging',
      pr: '12',
      deployment: { commitSha: sha, repository: 'group/app', provider: 'gitlab' },
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    return triggered.body as { planGroupRunId: string; runIds: string[] };
  }

  const statesOf = (sha: string) => gitlab.statuses.filter((s) => s.sha === sha).map((s) => s.state);

  it('pending → running → success on the commit, and one note on the merge request', async () => {
    const sha = 'abcdef0000001';
    const group = await push(sha);
    await until(
      'a final status',
      () => statesOf(sha).includes('success'),
      () => gitlab.statuses,
    );
    assert.deepEqual(statesOf(sha), ['pending', 'running', 'success']);
    const last = gitlab.statuses.at(-1)!;
    assert.equal(last.project, 'group/app');
    assert.equal(last.name, 'QA');
    assert.ok(last.target_url!.endsWith(`/console/plan-groups/${group.planGroupRunId}`));
    assert.match(last.description!, /^passed: 1 Runs, 1 passed, 0 failed/);
    await until(
      'the note',
      () => !!gitlab.notes[0]?.body.includes('**passed**'),
      () => gitlab.notes,
    );
    assert.equal(gitlab.notes.length, 1);
  });

  it('a later push, GitLab answering 429 then 502 first: the status arrives, the same note is updated', async () => {
    gitlab.fail('POST', /\/statuses\//, { status: 429, headers: { 'retry-after': '1' } }, { status: 502 });
    const sha = 'abcdef0000002';
    const group = await push(sha);
    for (const runId of group.runIds) await followRun(t.app, t.org.apiKey, runId);
    await until(
      'a final status',
      () => statesOf(sha).includes('success'),
      () => gitlab.statuses,
    );
    await until(
      'the note names the new commit',
      () =>
        gitlab.notes[0].body.includes('abcdef000000') &&
        gitlab.notes[0].body.includes('**passed**') &&
        gitlab.notes[0].updates > 2,
      () => gitlab.notes,
    );
    assert.equal(gitlab.notes.length, 1, 'one note per merge request');
    assert.deepEqual(
      gitlab.requests.filter((r) => r.status >= 429).map((r) => r.status),
      [429, 502],
    );
  });

  it('the token is in no answer and no worker log line', () => {
    for (const body of responses) assert.ok(!body.includes(TOKEN), body);
    for (const line of worker.lines) assert.ok(!line.includes(TOKEN), line);
  });
});
