import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { call, environment, key, newCase, useApp } from '../helpers/app';
import { assertAccessible, sharedChromium, signedIn } from '../helpers/console';
import { startGitLab, type GitLabServer } from '../helpers/gitlab-server';
import { startMovingPage, until } from '../helpers/moving-page';
import { rest } from '../helpers/rest';
import { followRun } from '../helpers/runs';
import { privateQueues, useWorkers } from '../helpers/temporal';

const TOKEN = 'glpat-ReviewToken0123456789abc';
const MR = '12';

/**
 * Issue 79, point 2, on GitLab: a person's review (the last visual change accepted in the console,
 * the last failing case quarantined) updates the commit status and the one merge-request note.
 */
describe('results on a GitLab commit after review: the status and the one note follow it', function () {
  this.timeout(300_000);
  const t = useApp(() => ({ ...privateQueues(), EGRESS_ALLOW: '127.0.0.1,::1,localhost' }));
  useWorkers(t, { runnerPlatforms: ['web'] });
  let gitlab: GitLabServer;
  let site: Awaited<ReturnType<typeof startMovingPage>>;
  let browser: Browser;

  before(async () => {
    gitlab = await startGitLab(TOKEN);
    site = await startMovingPage();
    browser = await sharedChromium();
    t.onClose(() => Promise.all([gitlab.close(), site.close()]));
    await environment(t, 'staging', { targets: { web: { baseUrl: site.url } } });
    const put = await rest(t.app, t.org.apiKey, 'PUT', '/api/commit-connections/gitlab', {
      apiUrl: `${gitlab.url}/api/v4`,
      token: TOKEN,
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
  });

  /** A push of `sha` to the merge request: the plan triggered for it, followed to its end. */
  async function push(testPlanId: string, sha: string) {
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testPlanId,
      environmentSlug: 'staging',
      pr: MR,
      deployment: { commitSha: sha, repository: 'group/app', provider: 'gitlab' },
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const runId = triggered.body.runIds[0] as string;
    return { runId, status: (await followRun(t.app, t.org.apiKey, runId)).state.status as string };
  }
  const lastState = (sha: string) => gitlab.statuses.filter((s) => s.sha === sha).at(-1)?.state;
  const note = () => gitlab.notes[0]?.body ?? '';

  it('the last visual change accepted in the console: the status turns success, the note says passed', async () => {
    const plan = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: 'Pay',
      steps: [{ action: 'navigate', target: '/' }],
      config: { visual: { mode: 'fail', threshold: 0.001 } },
    });
    assert.equal(plan.status, 201, JSON.stringify(plan.body));
    assert.equal((await push(plan.body.testPlanId, 'aaaaaaa1111111')).status, 'passing', 'the baseline');
    site.shift = 40;
    const sha = 'bbbbbbb2222222';
    const moved = await push(plan.body.testPlanId, sha);
    assert.equal(moved.status, 'failed');
    await until(
      'a failed status',
      () => lastState(sha) === 'failed',
      () => gitlab.statuses,
    );
    await until(
      'the note lists the change waiting for review',
      () => note().includes('bbbbbbb22222') && note().includes('waiting for review'),
      () => gitlab.notes,
    );

    const { page, context } = await signedIn(browser, t.app.url, t.org.apiKey);
    await page.goto(`${t.app.url}/console/runs/${moved.runId}`);
    await page.getByRole('button', { name: 'Accept visual change' }).click();
    await page.getByText(/^Accepted by /).waitFor();
    await assertAccessible(page, 'a Run whose visual change was accepted');
    await context.close();

    await until(
      'the status turns success',
      () => lastState(sha) === 'success',
      () => gitlab.statuses,
    );
    assert.match(gitlab.statuses.at(-1)!.description!, /^passed: /);
    await until(
      'the note says passed',
      () => note().includes('**passed**'),
      () => gitlab.notes,
    );
    assert.doesNotMatch(note(), /waiting for review/);
    assert.match(note(), /\| failed, visual change accepted \|/);
    assert.equal(gitlab.notes.length, 1, 'one note per merge request, updated in place');
  });

  it('the last failing case quarantined: success and passed; released: failed again', async () => {
    const failing = await newCase(t, {
      name: 'Sign in',
      steps: [{ action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'NO_SUCH_VALUE' } }],
    });
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Checkout',
      testCaseIds: [failing.id],
    });
    assert.equal(plan.status, 200, JSON.stringify(plan.body));
    const sha = 'ccccccc3333333';
    assert.equal((await push(plan.body.id, sha)).status, 'failed');
    await until(
      'a failed status and note',
      () => lastState(sha) === 'failed' && note().includes('ccccccc33333') && note().includes('**failed**'),
      () => [gitlab.statuses, gitlab.notes],
    );

    const path = `/api/test-cases/${failing.id}/quarantine`;
    const quarantined = await rest(
      t.app,
      t.org.apiKey,
      'POST',
      path,
      { reason: 'being redone' },
      { 'Idempotency-Key': key() },
    );
    assert.equal(quarantined.status, 200, JSON.stringify(quarantined.body));
    await until(
      'the status turns success, the note says passed',
      () => lastState(sha) === 'success' && note().includes('**passed**'),
      () => [gitlab.statuses, gitlab.notes],
    );
    assert.match(note(), /\[Sign in\]\(.+\) \| failed, quarantined \|/);

    const released = await rest(t.app, t.org.apiKey, 'DELETE', path, undefined, { 'Idempotency-Key': key() });
    assert.equal(released.status, 200, JSON.stringify(released.body));
    await until(
      'the status fails again, the note says failed',
      () => lastState(sha) === 'failed' && note().includes('**failed**'),
      () => [gitlab.statuses, gitlab.notes],
    );
    assert.equal(gitlab.notes.length, 1, 'one note per merge request, updated in place');
  });
});
