import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { call, environment, key, newCase, useApp } from '../helpers/app';
import { startChatReceiver, type ChatReceiver } from '../helpers/chat-receivers';
import { assertAccessible, assertAccessibleAt, assertOnlyOrigin, sharedChromium, signedIn } from '../helpers/console';
import { rest } from '../helpers/rest';
import { keptLog, privateQueues, useWorkers } from '../helpers/temporal';

/** The parts of a channel's URL and a connection's token that are their credential. */
const SLACK_PATH = '/services/T0CONSOLE/B0CONSOLE/ConsoleSecretToken0123456789';
const GITHUB_TOKEN = 'github_pat_ConsoleToken_0123456789abcdefghijklmnopqrstuvwxyz';
const GITLAB_TOKEN = 'glpat-ConsoleGitlabToken0123456789';

/**
 * Issue 79, point 4: channels and commit connections configured in the console: listed, added,
 * sent a test message, removed; every URL and token written once and never shown back (not on the
 * page, not in any answer the page reads, not in a log).
 */
describe('console (issue 79): notification channels and commit connections', function () {
  this.timeout(240_000);
  const t = useApp(() => ({ ...privateQueues(), EGRESS_ALLOW: '127.0.0.1,::1,localhost' }));
  const worker = keptLog();
  useWorkers(t, { runnerPlatforms: [], log: worker.log });
  let browser: Browser;
  let slack: ChatReceiver;
  before(async () => {
    browser = await sharedChromium();
    slack = await startChatReceiver('slack');
    t.onClose(() => slack.close());
  });

  it('adds a Slack channel with a rule, sends it a test message, connects GitHub and GitLab, removes both; no secret comes back', async () => {
    await environment(t, 'staging', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
    const testCase = await newCase(t, { name: 'Checkout pays' });
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Checkout',
      testCaseIds: [testCase.id],
    });
    const { page, requests, context } = await signedIn(browser, t.app.url, t.org.apiKey);
    // Every answer the page reads, to show none carries a secret.
    const answers: string[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/'))
        void r.text().then(
          (b) => answers.push(b),
          () => undefined,
        );
    });
    await page.getByRole('link', { name: 'Notifications' }).click();
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await page.getByText('No channel yet').waitFor();
    await assertAccessible(page, 'Notifications without channels');

    // A URL outside the egress policy is refused inline, with the API's reason.
    const form = page.getByRole('form', { name: 'Add a channel' });
    await form.getByLabel('Name').fill('#qa');
    await form.getByLabel(/Incoming-webhook URL/).fill('http://hooks.example.com/services/x');
    await form.getByRole('button', { name: 'Add channel' }).click();
    await page.getByRole('alert').filter({ hasText: 'Adding the channel failed' }).waitFor();

    await form.getByLabel(/Incoming-webhook URL/).fill(`${slack.url}${SLACK_PATH}`);
    await form.getByLabel('Send').selectOption({ label: 'failures only' });
    await form.getByLabel('Test Plan').selectOption({ label: 'Checkout' });
    await form.getByLabel('Environment').selectOption('staging');
    await form.getByLabel('Branch (optional)').fill('main');
    // Pressed twice, as an impatient person does: one channel.
    await form.getByRole('button', { name: 'Add channel' }).dblclick();
    await page.getByText('Added #qa.').waitFor();
    const listed = await rest(t.app, t.org.apiKey, 'GET', '/api/notification-channels');
    assert.equal(listed.body.items.length, 1, JSON.stringify(listed.body));
    const channel = listed.body.items[0];
    assert.deepEqual(channel.rules, [
      { when: 'failures', testPlanIds: [plan.body.id], environmentSlugs: ['staging'], branches: ['main'] },
    ]);
    const row = page.locator(`tr[data-channel-id="${channel.id}"]`);
    await row.getByText('failures only · plans Checkout · Environments staging · branches main').waitFor();
    assert.equal(await form.getByLabel(/Incoming-webhook URL/).inputValue(), '', 'the URL field is emptied');

    await row.getByRole('button', { name: 'Send a test message to #qa' }).click();
    await row.getByText('Test message delivered (HTTP 200)').waitFor();
    const [message] = slack.accepted(SLACK_PATH);
    assert.match(message.blocks[0].text.text, /Test message for #qa/);
    // The channel refuses the next one: the page says so with Slack's answer.
    slack.fail(SLACK_PATH, { status: 404, body: 'no_service' });
    await row.getByRole('button', { name: 'Send a test message to #qa' }).click();
    await row.getByText(/Test message failed \(HTTP 404\): .*no_service/).waitFor();

    // GitHub with a token, GitLab with its own.
    const github = page.locator('section[data-provider="github"]');
    await github.getByText('Not connected.').waitFor();
    await github.locator('summary').click();
    await github.getByLabel(/GitHub token/).fill(GITHUB_TOKEN);
    await github.getByLabel('Check name').fill('QA checks');
    await github.getByRole('button', { name: 'Connect GitHub' }).click();
    await github.getByText('GitHub connected.').waitFor();
    await github.getByText('check named').waitFor();
    await github.getByText('QA checks').first().waitFor();
    const gitlab = page.locator('section[data-provider="gitlab"]');
    await gitlab.locator('summary').click();
    await gitlab.getByLabel(/GitLab token/).fill(GITLAB_TOKEN);
    await gitlab.getByRole('button', { name: 'Connect GitLab' }).click();
    await gitlab.getByText('GitLab connected.').waitFor();
    const connected = await rest(t.app, t.org.apiKey, 'GET', '/api/commit-connections/github');
    assert.equal(connected.status, 200, JSON.stringify(connected.body));
    assert.equal(connected.body.authKind, 'token');
    assert.equal(connected.body.checkName, 'QA checks');
    assert.equal((await rest(t.app, t.org.apiKey, 'GET', '/api/commit-connections/gitlab')).status, 200);

    await page.reload();
    await row.waitFor();
    await github.getByText('Connected').first().waitFor();
    await assertAccessibleAt(page, 'Notifications with a channel and connections');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: 'docs/console/notifications.png', fullPage: true });
    const html = await page.content();
    for (const secret of [SLACK_PATH, GITHUB_TOKEN, GITLAB_TOKEN]) {
      assert.ok(!html.includes(secret), `the page shows ${secret}`);
      for (const answer of answers) assert.ok(!answer.includes(secret), `an answer carried ${secret}: ${answer}`);
      for (const line of worker.lines) assert.ok(!line.includes(secret), `a log line carried ${secret}: ${line}`);
    }

    // Removing and disconnecting, each confirmed.
    page.on('dialog', (d) => void d.accept());
    await github.getByRole('button', { name: 'Disconnect GitHub' }).click();
    await github.getByText('Not connected.').waitFor();
    await gitlab.getByRole('button', { name: 'Disconnect GitLab' }).click();
    await gitlab.getByText('Not connected.').waitFor();
    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('No channel yet').waitFor();
    assert.equal((await rest(t.app, t.org.apiKey, 'GET', '/api/notification-channels')).body.items.length, 0);
    assert.equal((await rest(t.app, t.org.apiKey, 'GET', '/api/commit-connections/github')).status, 404);
    assertOnlyOrigin(requests, t.app.url);
    await context.close();
  });
});
