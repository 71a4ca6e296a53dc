import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createOrg, startApp, type TestApp } from '../helpers/app';
import {
  asConsole,
  issuerCallbackUrl,
  keySession,
  oidcCallback,
  oidcSession,
  oidcStart,
} from '../helpers/console-http';
import { consoleClient, startIssuer, type TestIssuer } from '../helpers/oidc';
import { useOidcConsoleApp } from '../helpers/console';
import { orgMemberRepository } from '../../db/repositories/org-members';

// The console's OpenID Connect sign-in of docs/console.md, over HTTP as a browser drives it: the
// authorization code flow with PKCE against a real provider (test/helpers/oidc.ts), and membership
// read on every request.

const CALLBACK = '/api/console/oidc/callback';
const refusedTo = (location: string) => location.startsWith('/console/sign-in?error=');

describe("console sign-in with the organization's OpenID Connect issuer", () => {
  const oidc = useOidcConsoleApp();

  /** A new organization with `user` as a member holding `scopes` at the issuer. */
  async function memberOfNewOrg(user: string, scopes?: string[]) {
    const org = await createOrg(oidc.app.deps);
    await orgMemberRepository.add(oidc.app.deps.db.manager, org.orgId, user, Date.now());
    oidc.issuer.addUser(user, org.orgId, scopes);
    return org;
  }

  it('asks the issuer for a code with PKCE (S256), a state and a nonce kept in a short-lived HttpOnly cookie of the callback', async () => {
    const { authorizationUrl, transaction } = await oidcStart(oidc.app);
    assert.equal(authorizationUrl.origin, oidc.issuer.issuer);
    const q = authorizationUrl.searchParams;
    assert.equal(q.get('response_type'), 'code');
    assert.equal(q.get('client_id'), consoleClient.id);
    assert.equal(q.get('redirect_uri'), `${oidc.app.url}${CALLBACK}`);
    assert.equal(q.get('code_challenge_method'), 'S256');
    assert.ok((q.get('state') ?? '').length >= 16 && (q.get('nonce') ?? '').length >= 16);
    assert.ok(q.get('scope')!.split(' ').includes('openid'));

    assert.equal(transaction.attributes.get('httponly'), '');
    assert.equal(transaction.attributes.get('path'), CALLBACK);
    // Lax: the issuer's redirect back is a top-level navigation from its site.
    assert.equal(transaction.attributes.get('samesite'), 'Lax');
    const maxAge = Number(transaction.attributes.get('max-age'));
    assert.ok(maxAge > 0 && maxAge <= 3600, `Max-Age ${maxAge}`);
    // The challenge is of the verifier this sign-in keeps (the cookie's signed body): the code is
    // worth nothing without it.
    const tx = JSON.parse(Buffer.from(transaction.value.split('.')[0], 'base64url').toString('utf8'));
    assert.equal(q.get('code_challenge'), createHash('sha256').update(tx.verifier).digest('base64url'));
    assert.equal(q.get('state'), tx.state);
    assert.equal(q.get('nonce'), tx.nonce);
  });

  it("signs a member in with the scopes the issuer granted; the transaction cookie is cleared and the session is the member's", async () => {
    const org = await memberOfNewOrg('alice', ['svc:read']);
    const { authorizationUrl, transaction } = await oidcStart(oidc.app);
    const back = await oidcCallback(
      await issuerCallbackUrl(authorizationUrl, 'alice'),
      `${transaction.name}=${transaction.value}`,
    );
    assert.equal(back.status, 302);
    assert.equal(back.location, '/console');
    assert.equal(back.cookies.get('qa_console_oidc')?.attributes.get('max-age'), '0', 'used once');
    const session = back.cookies.get('qa_console');
    assert.ok(session);
    assert.equal(session.attributes.get('httponly'), '');
    assert.equal(session.attributes.get('samesite'), 'Strict');
    const own = await asConsole(oidc.app, { cookie: `qa_console=${session.value}` }, 'GET', '/api/console/session');
    assert.equal(own.status, 200);
    assert.deepEqual([own.body.kind, own.body.subject, own.body.orgId], ['oidc', 'alice', org.orgId]);
    // The name of who is signed in (docs/console.md): the member, never "key …".
    assert.equal(own.body.name, 'alice');
    assert.deepEqual(own.body.scopes, ['svc:read']);
    const read = await asConsole(oidc.app, { cookie: `qa_console=${session.value}` }, 'GET', '/api/runs');
    assert.equal(read.status, 200);
  });

  it('refuses a member removed from the organization on every request, reads included, and deletes the session', async () => {
    const org = await memberOfNewOrg('bob');
    const s = await oidcSession(oidc.app, 'bob');
    assert.equal((await asConsole(oidc.app, s, 'GET', '/api/runs')).status, 200);
    await orgMemberRepository.remove(oidc.app.deps.db.manager, org.orgId, 'bob');
    for (const [method, path] of [
      ['GET', '/api/runs'],
      ['HEAD', '/api/runs'],
      ['POST', '/api/v1/run.list'],
    ]) {
      const refused = await asConsole(oidc.app, s, method, path, {
        csrf: s.csrfToken,
        ...(method === 'POST' ? { body: {} } : {}),
      });
      assert.equal(refused.status, 401, `${method} ${path}`);
    }
    // Added back, the member signs in again: the old session was deleted, not only refused.
    await orgMemberRepository.add(oidc.app.deps.db.manager, org.orgId, 'bob', Date.now());
    assert.equal((await asConsole(oidc.app, s, 'GET', '/api/runs')).status, 401);
    assert.equal((await asConsole(oidc.app, s, 'GET', '/api/console/session')).status, 401);
  });

  it('does not sign in a user who is not a member of the organization the token names', async () => {
    const org = await createOrg(oidc.app.deps);
    oidc.issuer.addUser('mallory', org.orgId);
    const { authorizationUrl, transaction } = await oidcStart(oidc.app);
    const back = await oidcCallback(
      await issuerCallbackUrl(authorizationUrl, 'mallory'),
      `${transaction.name}=${transaction.value}`,
    );
    assert.ok(refusedTo(back.location), back.location);
    assert.match(decodeURIComponent(back.location), /not a member/);
    assert.equal(back.cookies.get('qa_console'), undefined);
  });

  it('refuses a sign-in whose ID token names another user than its access token', async () => {
    const org = await createOrg(oidc.app.deps);
    await orgMemberRepository.add(oidc.app.deps.db.manager, org.orgId, 'dave', Date.now());
    oidc.issuer.addUser('dave', org.orgId, ['svc:read'], 'erin');
    const { authorizationUrl, transaction } = await oidcStart(oidc.app);
    const back = await oidcCallback(
      await issuerCallbackUrl(authorizationUrl, 'dave'),
      `${transaction.name}=${transaction.value}`,
    );
    assert.equal(back.status, 302);
    assert.ok(refusedTo(back.location), back.location);
    assert.match(decodeURIComponent(back.location), /different users/);
    assert.equal(back.cookies.get('qa_console'), undefined);
  });

  it("refuses a callback without its transaction cookie, with a forged one, with another sign-in's, or with another state", async () => {
    await memberOfNewOrg('carol');
    const mine = await oidcStart(oidc.app);
    const callback = await issuerCallbackUrl(mine.authorizationUrl, 'carol');
    const theirs = await oidcStart(oidc.app);
    const cookie = (c: { name: string; value: string }) => `${c.name}=${c.value}`;
    const [body] = mine.transaction.value.split('.');
    const otherState = new URL(callback);
    otherState.searchParams.set('state', theirs.authorizationUrl.searchParams.get('state')!);

    const attempts: Array<[string, URL, string | null]> = [
      ['no transaction cookie', callback, null],
      ['a transaction signed by someone else', callback, `qa_console_oidc=${body}.${'0'.repeat(64)}`],
      ['an unsigned transaction', callback, `qa_console_oidc=${body}`],
      ["another sign-in's transaction (a code planted in someone's browser)", callback, cookie(theirs.transaction)],
      ['a state that is not the transaction’s', otherState, cookie(mine.transaction)],
    ];
    for (const [what, url, jar] of attempts) {
      const back = await oidcCallback(url, jar);
      assert.equal(back.status, 302, what);
      assert.ok(refusedTo(back.location), `${what}: ${back.location}`);
      assert.equal(back.cookies.get('qa_console'), undefined, what);
    }
    // None of them spent the code: with its own transaction it still signs in.
    const back = await oidcCallback(callback, cookie(mine.transaction));
    assert.equal(back.location, '/console');
  });
});

describe('console sign-in on an install whose OAuth issuer has no console client', () => {
  let issuer: TestIssuer;
  let app: TestApp;
  before(async () => {
    issuer = await startIssuer('https://qa.test/api/mcp');
    app = await startApp(issuer.settings);
  });
  after(async () => {
    await app?.close();
    await issuer?.close();
  });

  it('signs in with an API key: CONSOLE_OIDC_CLIENT_ID is what turns OpenID Connect on', async () => {
    const none = await fetch(`${app.url}/api/console/session`);
    assert.equal(none.status, 401);
    assert.equal(((await none.json()) as any).details?.signIn, 'api_key');
    const start = await fetch(`${app.url}/api/console/oidc/start`, { redirect: 'manual' });
    assert.equal(start.status, 422);
    const org = await createOrg(app.deps);
    await keySession(app, org.apiKey);
  });
});
