import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { call, createOrg, environment, key, newCase } from '../helpers/app';
import {
  assertAccessible,
  assertAccessibleAt,
  assertOnlyOrigin,
  sharedChromium,
  signedInAsMember,
  useOidcConsoleApp,
} from '../helpers/console';
import { rest } from '../helpers/rest';
import { orgMemberRepository } from '../../db/repositories/org-members';

/** The scope the Members page and its endpoints need (docs/console.md, "Members"). */
const SCOPE = 'svc:org:admin';

describe('console (issue 76, point 9): members, API keys and the audit trail', function () {
  this.timeout(180_000);
  let browser: Browser;
  const oidc = useOidcConsoleApp();
  before(async () => {
    browser = await sharedChromium();
  });

  /** Signs `user` in at the issuer's form; answers the console page. */
  const signInAs = (user: string, width = 1280) => signedInAsMember(browser, oidc.app.url, user, { width });

  it('creates a key shown once, revokes it (refused after), and lists every kind of change with who, when, from where', async () => {
    const org = await createOrg(oidc.app.deps);
    await orgMemberRepository.add(oidc.app.deps.db.manager, org.orgId, 'ada', Date.now());
    oidc.issuer.addUser('ada', org.orgId, ['svc:read', 'svc:test_cases:write', 'svc:runs:write', SCOPE]);
    // Changes made by a script with the organization's first key (channel API).
    const testCase = await newCase({ app: oidc.app, org }, { name: 'Checkout' });
    const edited = await call(oidc.app, org.apiKey, 'test_case.update_steps', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      steps: [{ action: 'navigate', target: '/cart' }],
      confirm: true,
    });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    const quarantined = await rest(
      oidc.app,
      org.apiKey,
      'POST',
      `/api/test-cases/${testCase.id}/quarantine`,
      { reason: 'flaky on staging' },
      { 'Idempotency-Key': key(), 'User-Agent': 'ci-script/1.0' },
    );
    assert.equal(quarantined.status, 200, JSON.stringify(quarantined.body));
    await environment({ app: oidc.app, org }, 'staging', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
    const plan = await call(oidc.app, org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Nightly',
      testCaseIds: [testCase.id],
    });
    const schedule = await rest(oidc.app, org.apiKey, 'POST', '/api/schedules', {
      name: 'Nightly smoke',
      testPlanId: plan.body.id,
      environmentSlug: 'staging',
      every: '1h',
    });
    assert.equal(schedule.status, 201, JSON.stringify(schedule.body));

    const { page, requests, context } = await signInAs('ada');
    // A schedule paused from the console (channel console).
    await page.goto(`${oidc.app.url}/console/schedules`);
    await page.locator(`li[data-schedule-id="${schedule.body.id}"]`).getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Resume' }).waitFor();

    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
    await page.getByText('ada', { exact: false }).first().waitFor();
    await page.getByLabel('Name of the new key').fill('CI deploys');
    // Pressed twice, as an impatient person does: one key, shown once.
    await page.getByRole('button', { name: 'Create key' }).dblclick();
    const shown = page.getByLabel('New API key');
    await shown.waitFor();
    const newKey = await shown.inputValue();
    assert.match(newKey, /^aut_[A-Za-z0-9_-]{40,100}$/);
    const keys = await rest(oidc.app, org.apiKey, 'GET', '/api/keys');
    const named = keys.body.items.filter((k: { name: string | null }) => k.name === 'CI deploys');
    assert.equal(named.length, 1, JSON.stringify(keys.body));
    assert.equal(named[0].createdBy, 'ada');
    assert.equal(JSON.stringify(keys.body).includes(newKey.slice(20)), false, 'a listing never carries a secret');
    // The new key works until it is revoked, then it is refused.
    assert.equal((await call(oidc.app, newKey, 'test_case.list', {})).status, 200);
    const keysAfterUse = await rest(oidc.app, org.apiKey, 'GET', '/api/keys');
    const used = keysAfterUse.body.items.find((k: { keyId: string }) => k.keyId === named[0].keyId);
    assert.ok(used.lastUsedAt >= named[0].createdAt, JSON.stringify(used));
    await page.getByRole('button', { name: 'I have copied it' }).click();
    assert.equal(await page.getByLabel('New API key').count(), 0, 'the key is shown only once');
    await assertAccessible(page, 'Members');

    page.once('dialog', (d) => void d.accept());
    const row = page.locator(`tr[data-key-id="${named[0].keyId}"]`);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked').first().waitFor();
    const refused = await call(oidc.app, newKey, 'test_case.list', {});
    assert.equal(refused.status, 401, JSON.stringify(refused.body));
    assert.equal(refused.body.error.code, 'UNAUTHENTICATED');

    // The audit trail, read by the API and on the page.
    const audit = await rest(oidc.app, org.apiKey, 'GET', '/api/audit?limit=100');
    assert.equal(audit.status, 200, JSON.stringify(audit.body));
    const line = (action: string) => audit.body.items.find((l: { action: string }) => l.action === action);
    const expected: Array<[string, string, string, string]> = [
      // action, target, who, from where
      ['test_case.update_steps', testCase.id, org.keyId, 'API'],
      ['test_cases.quarantine', testCase.id, org.keyId, 'API'],
      ['schedules.create', schedule.body.id, org.keyId, 'API'],
      ['schedules.pause', schedule.body.id, 'ada', 'console'],
      ['keys.create', named[0].keyId, 'ada', 'console'],
      ['keys.revoke', named[0].keyId, 'ada', 'console'],
    ];
    for (const [action, target, who, channel] of expected) {
      const l = line(action);
      assert.ok(
        l,
        `no audit line for ${action}: ${JSON.stringify(audit.body.items.map((i: { action: string }) => i.action))}`,
      );
      assert.equal(l.target, target, action);
      assert.equal(l.actor.id, who, action);
      assert.equal(l.channel, channel, action);
      assert.ok(l.at > Date.now() - 120_000 && l.at <= Date.now(), action);
      assert.match(l.ip, /127\.0\.0\.1$/, action);
    }
    assert.equal(line('test_cases.quarantine').userAgent, 'ci-script/1.0');
    assert.equal(audit.body.items.filter((l: { action: string }) => l.action === 'keys.create').length, 1);
    await page.reload();
    const trail = page.getByRole('table', { name: 'Changes, newest first' });
    await trail.locator('tr[data-action="schedules.pause"]').getByText('paused a schedule').waitFor();
    await trail.locator('tr[data-action="keys.revoke"]').getByText('ada').waitFor();
    await trail.locator('tr[data-action="test_cases.quarantine"]').getByText('ci-script/1.0').waitFor();
    await assertAccessible(page, 'Members with an audit trail');
    await page.screenshot({ path: 'docs/console/members.png', fullPage: true });
    await assertAccessibleAt(page, 'Members', [375]);
    assertOnlyOrigin(
      requests.filter((u) => new URL(u).origin !== new URL(oidc.issuer.issuer).origin),
      oidc.app.url,
    );
    await context.close();
  });

  it('refuses a credential without svc:org:admin (403) and the page says why', async () => {
    const org = await createOrg(oidc.app.deps);
    await orgMemberRepository.add(oidc.app.deps.db.manager, org.orgId, 'rita', Date.now());
    oidc.issuer.addUser('rita', org.orgId, ['svc:read', 'svc:runs:write']);
    const token = await oidc.issuer.jwt({ sub: 'rita', org: org.orgId, scope: 'svc:read svc:runs:write' });
    for (const [method, path] of [
      ['GET', '/api/audit'],
      ['GET', '/api/keys'],
      ['GET', '/api/members'],
      ['POST', '/api/keys'],
    ] as const) {
      const reply = await rest(oidc.app, token, method, path, method === 'POST' ? { name: 'x' } : undefined, {
        'Idempotency-Key': key(),
      });
      assert.equal(reply.status, 403, `${method} ${path}: ${JSON.stringify(reply.body)}`);
      assert.equal(reply.body.code ?? reply.body.error?.code, 'PERMISSION_DENIED');
    }
    const { page, context } = await signInAs('rita');
    await page.goto(`${oidc.app.url}/console/members`);
    await page.getByRole('alert').getByText(`does not hold the scope ${SCOPE}`).waitFor();
    await assertAccessible(page, 'Members without the scope');
    await context.close();
  });

  it("never shows another organization's audit lines or keys, by id included", async () => {
    const ours = await createOrg(oidc.app.deps);
    const theirs = await createOrg(oidc.app.deps);
    await newCase({ app: oidc.app, org: theirs }, { name: 'Their secret case' });
    const theirKey = await rest(
      oidc.app,
      theirs.apiKey,
      'POST',
      '/api/keys',
      { name: 'their CI' },
      { 'Idempotency-Key': key() },
    );
    assert.equal(theirKey.status, 201, JSON.stringify(theirKey.body));
    // A replay answers the same key without its secret: the idempotency record never holds it.
    const replay = await rest(
      oidc.app,
      theirs.apiKey,
      'POST',
      '/api/keys',
      { name: 'their CI' },
      {
        'Idempotency-Key': 'fixed-key-for-replay',
      },
    );
    const again = await rest(
      oidc.app,
      theirs.apiKey,
      'POST',
      '/api/keys',
      { name: 'their CI' },
      {
        'Idempotency-Key': 'fixed-key-for-replay',
      },
    );
    assert.equal(again.body.keyId, replay.body.keyId);
    assert.ok(replay.body.apiKey && !again.body.apiKey, JSON.stringify(again.body));

    const audit = await rest(oidc.app, ours.apiKey, 'GET', '/api/audit?limit=100');
    assert.deepEqual(audit.body.items, [], JSON.stringify(audit.body));
    const keys = await rest(oidc.app, ours.apiKey, 'GET', '/api/keys?limit=100');
    assert.deepEqual(
      keys.body.items.map((k: { keyId: string }) => k.keyId),
      [ours.keyId],
    );
    const revoke = await rest(oidc.app, ours.apiKey, 'POST', `/api/keys/${theirKey.body.keyId}/revoke`, undefined, {
      'Idempotency-Key': key(),
    });
    assert.equal(revoke.status, 404, JSON.stringify(revoke.body));
    assert.equal(
      (await call(oidc.app, theirKey.body.apiKey, 'test_case.list', {})).status,
      200,
      'their key still works',
    );

    await orgMemberRepository.add(oidc.app.deps.db.manager, ours.orgId, 'otto', Date.now());
    oidc.issuer.addUser('otto', ours.orgId, ['svc:read', SCOPE]);
    const { page, context } = await signInAs('otto');
    await page.goto(`${oidc.app.url}/console/members`);
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    await page.getByText('No change has been made yet.').waitFor();
    assert.equal(await page.getByText('their CI').count(), 0);
    assert.equal(await page.getByText(theirKey.body.keyId).count(), 0);
    await context.close();
  });
});
