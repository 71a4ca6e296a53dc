import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { orgMemberRepository } from '../../db/repositories/org-members';
import { apiKeyRepository } from '../../db/repositories/organizations';
import { issueApiKey } from '../../domain/organizations';
import { call, useApp } from '../helpers/app';

const root = path.resolve(__dirname, '../..');

/**
 * The administration command as users run it (`npm run -s admin -- …`, interface.md
 * "Administration"): exactly one JSON line on stdout, keys that work, revocation that holds.
 */
describe('the admin command, as users run it', function () {
  this.timeout(120_000);
  const t = useApp();
  // Not spawnSync: a blocked event loop let the app's keep-alive timer close a socket as the next
  // call reused it (fetch failed) when the command took long on a loaded machine.
  const admin = async (...args: string[]) => {
    const res = await new Promise<{ status: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn('npm', ['run', '-s', 'admin', '--', ...args], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: t.app.deps.config.DATABASE_URL,
          SECRETS_KEY: t.app.deps.config.SECRETS_KEY,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout }));
    });
    const lines = res.stdout.trim().split('\n').filter(Boolean);
    assert.equal(lines.length, 1, `one JSON line on stdout, got: ${res.stdout}`);
    return { status: res.status, body: JSON.parse(lines[0]) };
  };

  it('org create prints {"orgId","apiKey"} with a working aut_ key; key create adds one; key revoke revokes it', async () => {
    const created = await admin('org', 'create', '--name', 'Acme QA');
    assert.equal(created.status, 0);
    assert.deepEqual(Object.keys(created.body).sort(), ['apiKey', 'orgId']);
    assert.match(created.body.apiKey, /^aut_/);
    assert.match(created.body.orgId, /^org_/);
    assert.equal((await call(t.app, created.body.apiKey, 'test_case.list', {})).status, 200);

    const second = await admin('key', 'create', '--org', created.body.orgId);
    assert.equal(second.status, 0);
    assert.match(second.body.apiKey, /^aut_/);
    assert.notEqual(second.body.apiKey, created.body.apiKey);
    const listed = await call(t.app, second.body.apiKey, 'test_case.list', {});
    assert.equal(listed.status, 200, 'the new key selects the same organization');

    const revoked = await admin('key', 'revoke', '--key', second.body.apiKey);
    assert.equal(revoked.status, 0);
    assert.equal(revoked.body.revoked, true);
    const again = await admin('key', 'revoke', '--key', second.body.apiKey);
    assert.notEqual(again.status, 0, 'revoking twice is an error');
    assert.equal(typeof again.body.error, 'string');
    assert.equal(
      (await call(t.app, created.body.apiKey, 'test_case.list', {})).status,
      200,
      'the other key still works',
    );
  });

  it('revocation in this process too (the command above runs in another): a key is revoked once, then it is not active', async () => {
    const db = t.app.deps.db.manager;
    const { keyId, apiKey } = await issueApiKey(db, t.org.orgId);
    assert.equal(await apiKeyRepository.revoke(db, keyId, Date.now()), true);
    assert.equal(await apiKeyRepository.revoke(db, keyId, Date.now()), false, 'no such active key the second time');
    assert.equal(await apiKeyRepository.revoke(db, 'no-such-key-id', Date.now()), false);
    assert.equal((await call(t.app, apiKey, 'test_case.list', {})).status, 401);
  });

  it('membership in this process too: added once, removed once, then not a member', async () => {
    const db = t.app.deps.db.manager;
    const user = 'user|in-process';
    assert.equal(await orgMemberRepository.add(db, t.org.orgId, user, Date.now()), true);
    assert.equal(await orgMemberRepository.add(db, t.org.orgId, user, Date.now()), false, 'already a member');
    assert.equal(await orgMemberRepository.remove(db, t.org.orgId, user), true);
    assert.equal(await orgMemberRepository.remove(db, t.org.orgId, user), false, 'not a member any more');
    assert.equal(await orgMemberRepository.isMember(db, t.org.orgId, user), false);
  });

  it('refuses bad usage with an error line and a non-zero exit', async () => {
    const missing = await admin('org', 'create');
    assert.notEqual(missing.status, 0);
    assert.match(missing.body.error, /--name is required/);
    const unknown = await admin('key', 'create', '--org', 'org_00000000000000000000000000');
    assert.notEqual(unknown.status, 0);
    assert.match(unknown.body.error, /not found/);
  });
});
