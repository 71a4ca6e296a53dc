import assert from 'node:assert/strict';
import { retentionRepository } from '../../db/repositories/retention';
import { call, environment, key, newCase, useApp } from '../helpers/app';
import { startChatReceiver, type ChatReceiver } from '../helpers/chat-receivers';
import { rest } from '../helpers/rest';
import { followRun } from '../helpers/runs';
import { startSite, type TestSite } from '../helpers/site';
import { keptLog, privateQueues, useWorkers } from '../helpers/temporal';

/**
 * Issue 79, point 3: Slack and Teams channels beside webhooks. Local imitations of both incoming
 * webhooks validate each payload's shape; a short retry schedule stands in for the webhook one.
 */
const settings = () => ({
  ...privateQueues(),
  EGRESS_ALLOW: '127.0.0.1,::1,localhost',
  WEBHOOK_RETRY_SCHEDULE: '0,1,1,1,1',
});

/** The part of an incoming-webhook URL that is its credential, as Slack issues them. */
const SLACK_TOKEN = 'T0A1B2C3D/B0E1F2G3H/XyZsecretToken0123456789';
const TEAMS_TOKEN = 'workflows/abcdef0123456789/triggers/manual/paths/invoke?sig=TeamsSig0123456789';

describe('notification channels: Slack and Teams messages, routed and delivered durably', function () {
  this.timeout(300_000);
  const t = useApp(settings);
  const worker = keptLog();
  let slack: ChatReceiver;
  let teams: ChatReceiver;
  let site: TestSite;
  const responses: string[] = [];

  /** A REST call whose answer is kept, so the test can show no answer ever carried a channel's URL. */
  async function api(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
    const reply = await rest(t.app, t.org.apiKey, method, path, body, { 'Idempotency-Key': key() });
    responses.push(JSON.stringify(reply.body));
    return reply;
  }

  async function channel(fields: Record<string, unknown>) {
    const created = await api('POST', '/api/notification-channels', fields);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body as { id: string };
  }

  /** A channel's messages once at least `count` exist and none is pending. */
  async function settled(channelId: string, count: number) {
    const until = Date.now() + 60_000;
    for (;;) {
      const list = await api('GET', `/api/notification-channels/${channelId}/messages?limit=100`);
      assert.equal(list.status, 200, JSON.stringify(list.body));
      const items = list.body.items as Array<{
        status: string;
        verdict: string;
        previousVerdict?: string;
        attempts: number;
      }>;
      if (items.length >= count && items.every((d) => d.status !== 'pending')) return items.reverse();
      if (Date.now() > until) throw new Error(`messages still pending: ${JSON.stringify(items)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  before(async () => {
    slack = await startChatReceiver('slack');
    teams = await startChatReceiver('teams');
    site = await startSite('pw');
    t.onClose(() => Promise.all([slack.close(), teams.close(), site.close()]));
    await environment(t, 'staging', { targets: { web: { baseUrl: site.url } } });
  });
  useWorkers(t, { runnerPlatforms: ['web'], log: worker.log });

  it('a test message: a valid Block Kit message and a valid Adaptive Card; the URL is never answered', async () => {
    const s = await channel({ name: 'Slack #qa', kind: 'slack', url: `${slack.url}/services/${SLACK_TOKEN}` });
    const tm = await channel({ name: 'Teams QA', kind: 'teams', url: `${teams.url}/${TEAMS_TOKEN}` });
    const sent = await api('POST', `/api/notification-channels/${s.id}/test`);
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.status, 'delivered');
    assert.equal(sent.body.verdict, 'test');
    const [message] = slack.accepted(`/services/${SLACK_TOKEN}`);
    assert.equal(message.blocks[0].type, 'header');
    assert.match(message.blocks[0].text.text, /Test message for Slack #qa/);
    assert.match(JSON.stringify(message.blocks), /Example case/);

    const card = await api('POST', `/api/notification-channels/${tm.id}/test`);
    assert.equal(card.body.status, 'delivered', JSON.stringify(card.body));
    const [posted] = teams.accepted(`/${TEAMS_TOKEN}`);
    assert.equal(posted.attachments[0].content.type, 'AdaptiveCard');
    assert.equal(teams.posts.filter((p) => !p.accepted).length, 0, JSON.stringify(teams.posts));

    // A test message that the channel refuses is answered failed, once, with the channel's answer.
    slack.fail(`/services/${SLACK_TOKEN}`, { status: 404, body: 'no_service' });
    const refused = await api('POST', `/api/notification-channels/${s.id}/test`);
    assert.equal(refused.body.status, 'failed', JSON.stringify(refused.body));
    assert.equal(refused.body.statusCode, 404);
    assert.match(refused.body.error, /no_service/);

    for (const path of [`/api/notification-channels/${s.id}`, '/api/notification-channels'])
      assert.equal((await api('GET', path)).status, 200);
    const renamed = await api('PATCH', `/api/notification-channels/${s.id}`, { name: 'Slack #quality' });
    assert.equal(renamed.body.name, 'Slack #quality');
    for (const gone of [s.id, tm.id])
      assert.equal((await api('DELETE', `/api/notification-channels/${gone}`)).status, 200);
  });

  it('refuses a URL that is not https outside EGRESS_ALLOW, or that carries credentials', async () => {
    for (const url of ['http://hooks.example.com/services/x', 'https://user:pw@hooks.slack.com/services/x']) {
      const refused = await api('POST', '/api/notification-channels', { name: 'x', kind: 'slack', url });
      assert.equal(refused.status, 400, url);
      assert.equal(refused.body.code, 'INVALID_ARGUMENT');
    }
  });

  it('routing over fail → pass → fail → fail: each channel gets exactly what its rule names, once', async () => {
    const passing = await newCase(t, { name: 'Home page opens' });
    const failing = await newCase(t, {
      name: 'Sign in',
      steps: [{ action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'NO_SUCH_VALUE' } }],
    });
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Checkout',
      testCaseIds: [failing.id],
    });
    const other = await call(t.app, t.org.apiKey, 'test_plan.create', { idempotencyKey: key(), name: 'Other' });
    const testPlanId = plan.body.id as string;
    const change = await channel({
      name: 'on change',
      kind: 'slack',
      url: `${slack.url}/change/${SLACK_TOKEN}`,
      rules: [{ testPlanIds: [testPlanId], when: 'change' }],
    });
    const failures = await channel({
      name: 'failures only',
      kind: 'teams',
      url: `${teams.url}/failures/${TEAMS_TOKEN}`,
      rules: [{ environmentSlugs: ['staging'], branches: ['main'], when: 'failures' }],
    });
    const elsewhere = await channel({
      name: 'another plan, another branch',
      kind: 'slack',
      url: `${slack.url}/elsewhere/${SLACK_TOKEN}`,
      rules: [
        { testPlanIds: [other.body.id], when: 'every' },
        { branches: ['release'], when: 'every' },
      ],
    });
    // Created last, so its message is decided after the others of the same group.
    const every = await channel({ name: 'every group', kind: 'slack', url: `${slack.url}/every/${SLACK_TOKEN}` });
    // Teams answers the first message 502, then 429 with Retry-After: it arrives once, later.
    teams.fail(`/failures/${TEAMS_TOKEN}`, { status: 502 }, { status: 429, headers: { 'retry-after': '1' } });

    const sequence = ['failed', 'passed', 'failed', 'failed'];
    for (const [i, verdict] of sequence.entries()) {
      const members = await call(t.app, t.org.apiKey, 'test_plan.set_members', {
        idempotencyKey: key(),
        testPlanId,
        testCaseIds: [verdict === 'passed' ? passing.id : failing.id],
        confirm: true,
      });
      assert.equal(members.status, 200, JSON.stringify(members.body));
      const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testPlanId,
        environmentSlug: 'staging',
        branch: 'main',
        deployment: { commitSha: '0123456789abcdef' },
      });
      assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
      for (const runId of triggered.body.runIds)
        assert.equal(
          (await followRun(t.app, t.org.apiKey, runId)).state.status,
          verdict === 'passed' ? 'passing' : 'failed',
        );
      // The "every" channel's message of this group is decided last: then every channel's is.
      await settled(every.id, i + 1);
    }

    const headers = (bodies: any[]) => bodies.map((b) => b.blocks[0].text.text);
    assert.deepEqual(
      (await settled(change.id, 3)).map((m) => [m.verdict, m.previousVerdict]),
      [
        ['failed', undefined],
        ['passed', 'failed'],
        ['failed', 'passed'],
      ],
    );
    assert.deepEqual(headers(slack.accepted(`/change/${SLACK_TOKEN}`)), [
      'Checkout: failed',
      'Checkout: passed (was failed)',
      'Checkout: failed (was passed)',
    ]);
    assert.deepEqual(headers(slack.accepted(`/every/${SLACK_TOKEN}`)).length, 4);
    assert.deepEqual(slack.accepted(`/elsewhere/${SLACK_TOKEN}`), []);
    assert.equal((await settled(elsewhere.id, 0)).length, 0);

    const cards = teams.accepted(`/failures/${TEAMS_TOKEN}`);
    assert.equal(cards.length, 3, 'failures only: the three failed groups, the first after two refusals');
    const first = cards[0].attachments[0].content;
    assert.match(first.body[0].text, /^Checkout: failed/);
    // The failed case by name with its diagnosis, and links to the console.
    assert.equal(first.body[2].facts[0].title, 'Sign in');
    assert.match(first.body[2].facts[0].value, /failed — \w+: /);
    assert.ok(
      first.actions.some((a: any) => a.url.includes('/console/plan-groups/pgr_')),
      JSON.stringify(first.actions),
    );
    const teamsMessages = await settled(failures.id, 3);
    assert.equal(teamsMessages[0].attempts, 3, 'refused twice, delivered on the third attempt');
    assert.ok(teamsMessages.every((m) => m.status === 'delivered'));
    const failing2 = await api('GET', `/api/notification-channels/${failures.id}`);
    assert.equal(failing2.body.failureStreak, 0, 'a message that finally arrived is no failure');
    assert.equal(
      slack.posts.filter((p) => !p.accepted).length,
      0,
      JSON.stringify(slack.posts.filter((p) => !p.accepted)),
    );
  });

  it('a channel that refuses every attempt shows a failing streak, and nothing else waits on it', async () => {
    const dead = await channel({ name: 'archived', kind: 'slack', url: `${slack.url}/dead/${SLACK_TOKEN}` });
    for (let i = 0; i < 5; i++) slack.fail(`/dead/${SLACK_TOKEN}`, { status: 500, body: 'internal_error' });
    const testCase = await newCase(t, { name: 'Lonely' });
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      environmentSlug: 'staging',
    });
    // A single Test Case's Run is no plan group: no message.
    await followRun(t.app, t.org.apiKey, triggered.body.runIds[0]);
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Streak',
      testCaseIds: [testCase.id],
    });
    const group = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testPlanId: plan.body.id,
      environmentSlug: 'staging',
    });
    await followRun(t.app, t.org.apiKey, group.body.runIds[0]);
    const [message] = await settled(dead.id, 1);
    assert.equal(message.status, 'failed');
    assert.equal(message.attempts, 5);
    const shown = await api('GET', `/api/notification-channels/${dead.id}`);
    assert.equal(shown.body.failureStreak, 1);
    assert.equal(typeof shown.body.failingSince, 'number');
    assert.match(shown.body.lastError, /HTTP 500/);
  });

  it("no answer, worker log line or stored row carries a channel's URL", async () => {
    const secrets = [SLACK_TOKEN, TEAMS_TOKEN, 'XyZsecretToken0123456789', 'TeamsSig0123456789'];
    for (const s of secrets) {
      for (const body of responses) assert.ok(!body.includes(s), `an answer carried ${s}: ${body}`);
      for (const line of worker.lines) assert.ok(!line.includes(s), `a log line carried ${s}: ${line}`);
    }
    const rows: unknown[] = await t.app.deps.db.query(
      'SELECT * FROM notification_channels c JOIN notification_deliveries d ON d.channel_id = c.id WHERE c.org_id = ?',
      [t.org.orgId],
    );
    assert.ok(rows.length > 0);
    assert.ok(!secrets.some((s) => JSON.stringify(rows).includes(s)));
    assert.ok(responses.length > 20);
  });

  it('retention trims finished messages with the webhook log', async () => {
    const [{ n: before }] = await t.app.deps.db.query(
      "SELECT COUNT(*) AS n FROM notification_deliveries WHERE org_id = ? AND status <> 'pending'",
      [t.org.orgId],
    );
    assert.ok(Number(before) > 0);
    // Aged far into the past, so the purge below touches only this suite's rows in the shared database.
    await t.app.deps.db.query('UPDATE notification_deliveries SET created_at = 1000 WHERE org_id = ?', [t.org.orgId]);
    await retentionRepository.deleteWebhookLog(t.app.deps.db.manager, 2000, 1000);
    const [{ n: after }] = await t.app.deps.db.query(
      'SELECT COUNT(*) AS n FROM notification_deliveries WHERE org_id = ?',
      [t.org.orgId],
    );
    assert.equal(Number(after), 0);
  });
});
