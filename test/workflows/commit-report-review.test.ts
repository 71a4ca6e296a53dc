import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { call, environment, key, useApp } from '../helpers/app';
import { assertAccessible, sharedChromium, signedIn } from '../helpers/console';
import { startGitHub, type GitHubServer } from '../helpers/github-server';
import { startMovingPage, until } from '../helpers/moving-page';
import { rest } from '../helpers/rest';
import { followRun } from '../helpers/runs';
import { privateQueues, useWorkers } from '../helpers/temporal';

const TOKEN = 'ghp_ReviewToken0123456789abcdefABCDEFghij';

/**
 * Issue 79, point 2: the check lists the visual changes waiting for review, and accepting the last
 * one in the console updates it in place (it passes).
 */
describe('results on the commit after review: a visual change accepted in the console', function () {
  this.timeout(300_000);
  const t = useApp(() => ({ ...privateQueues(), EGRESS_ALLOW: '127.0.0.1,::1,localhost' }));
  useWorkers(t, { runnerPlatforms: ['web'] });
  let github: GitHubServer;
  let site: Awaited<ReturnType<typeof startMovingPage>>;
  let browser: Browser;

  before(async () => {
    github = await startGitHub({ token: TOKEN });
    site = await startMovingPage();
    browser = await sharedChromium();
    t.onClose(() => Promise.all([github.close(), site.close()]));
    await environment(t, 'staging', { targets: { web: { baseUrl: site.url } } });
    const put = await rest(t.app, t.org.apiKey, 'PUT', '/api/commit-connections/github', {
      apiUrl: github.url,
      auth: { kind: 'token', token: TOKEN },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
  });

  it('a failed visual check is listed as waiting; the console accept passes the check and the comment', async () => {
    const plan = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: 'Pay',
      steps: [{ action: 'navigate', target: '/' }],
      config: { visual: { mode: 'fail', threshold: 0.001 } },
    });
    assert.equal(plan.status, 201, JSON.stringify(plan.body));
    const push = async (sha: string) => {
      const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testPlanId: plan.body.testPlanId,
        environmentSlug: 'staging',
        pr: '12',
        deployment: { commitSha: sha, repository: 'acme/shop' },
      });
      assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
      const runId = triggered.body.runIds[0] as string;
      return { runId, status: (await followRun(t.app, t.org.apiKey, runId)).state.status as string };
    };
    const check = (sha: string) => github.checkRuns.find((c) => c.head_sha === sha);
    assert.equal((await push('1111111aaaaaaa')).status, 'passing', 'the first Run is the baseline');
    site.shift = 40;
    const moved = await push('2222222bbbbbbb');
    assert.equal(moved.status, 'failed');
    await until(
      'a failed check',
      () => check('2222222bbbbbbb')?.conclusion === 'failure',
      () => github.checkRuns,
    );
    assert.match(
      check('2222222bbbbbbb')!.output!.summary,
      /Visual changes waiting for review: \[Pay\]\(.+\/console\/runs\/run_\w+\)/,
    );
    await until(
      'the comment lists it',
      () => !!github.comments[0]?.body.includes('waiting for review'),
      () => github.comments,
    );

    const { page, context } = await signedIn(browser, t.app.url, t.org.apiKey);
    await page.goto(`${t.app.url}/console/runs/${moved.runId}`);
    await page.getByRole('button', { name: 'Accept visual change' }).click();
    await page.getByText(/^Accepted by /).waitFor();
    await assertAccessible(page, 'a Run whose visual change was accepted');
    await context.close();

    await until(
      'the check passes',
      () => check('2222222bbbbbbb')?.conclusion === 'success',
      () => github.checkRuns,
    );
    const passed = check('2222222bbbbbbb')!;
    assert.equal(github.checkRuns.filter((c) => c.head_sha === '2222222bbbbbbb').length, 1, 'updated in place');
    assert.doesNotMatch(passed.output!.summary, /waiting for review/);
    assert.match(passed.output!.text!, /\| failed, visual change accepted \|/);
    await until(
      'the comment says passed',
      () => github.comments[0].body.includes('**passed**'),
      () => github.comments,
    );
    assert.equal(github.comments.length, 1);
  });
});
