import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { call, createOrg, key, newCase, useApp } from '../helpers/app';
import { asConsole, cookiesSet, keySession } from '../helpers/console-http';
import { allScopes, type Scope } from '../../core/scopes';
import { sha256 } from '../../core/crypto';
import { apiKeyRepository } from '../../db/repositories/organizations';
import { consoleSessionRepository } from '../../db/repositories/console-sessions';

// The console's session rules of docs/console.md, at the HTTP level: what a signed-in browser, a
// page of another site and a script each get. Expected values are the doc's, not the code's.

const TTL_MS = 2 * 3_600_000;
const newCaseBody = (name: string) => ({
  idempotencyKey: key('tc'),
  name,
  platforms: ['web'],
  steps: [{ action: 'navigate', target: '/' }],
});

describe('console sessions signed in with an API key', () => {
  // No key cache: a revocation is seen on the next request (the 5 s bound has its own test in auth.test.ts).
  const t = useApp({ API_KEY_CACHE_TTL_MS: '0', CONSOLE_SESSION_TTL_MS: String(TTL_MS) });

  const namesOf = async (apiKey: string) =>
    (await call(t.app, apiKey, 'test_case.list', { limit: 100 })).body.items.map((i: { name: string }) => i.name);

  it('sets one cookie, qa_console: HttpOnly, SameSite=Strict, Path=/, Max-Age of CONSOLE_SESSION_TTL_MS, not Secure on http, never the key', async () => {
    const before = Date.now();
    const s = await keySession(t.app, t.org.apiKey);
    const { name, value, attributes } = s.setCookie;
    assert.equal(name, 'qa_console');
    assert.ok(value.length >= 32 && !value.includes(t.org.apiKey) && !value.includes(t.org.keyId));
    assert.equal(attributes.get('httponly'), '');
    assert.equal(attributes.get('samesite'), 'Strict');
    assert.equal(attributes.get('path'), '/');
    assert.equal(attributes.get('max-age'), String(TTL_MS / 1000));
    assert.equal(attributes.has('secure'), false, 'Secure only when SITE_URL is https');
    assert.ok(s.body.expiresAt >= before + TTL_MS && s.body.expiresAt <= Date.now() + TTL_MS);
    assert.ok(!JSON.stringify(s.body).includes(t.org.apiKey), 'the key is checked and dropped');
  });

  it('signs in only with the key in the Authorization header: a key in the body is refused and opens no session', async () => {
    // interface.md: "an API key sent as Authorization: Bearer <key> to the sign-in endpoint; a key
    // never travels in a request body".
    const inBody = await fetch(`${t.app.url}/api/console/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiKey: t.org.apiKey }),
    });
    const refused = await inBody.json();
    assert.equal(inBody.status, 400, JSON.stringify(refused));
    assert.equal(refused.code, 'INVALID_ARGUMENT');
    assert.match(refused.error, /Authorization: Bearer <key>, never in a request body/);
    assert.ok(!JSON.stringify(refused).includes(t.org.apiKey), 'the refusal does not repeat the key');
    assert.equal(inBody.headers.getSetCookie().length, 0, 'no cookie');
    // Beside a good header too: the body is refused, so a client learns not to send it.
    const both = await fetch(`${t.app.url}/api/console/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${t.org.apiKey}` },
      body: JSON.stringify({ key: t.org.apiKey }),
    });
    assert.equal(both.status, 400);
    assert.equal((await both.json()).code, 'INVALID_ARGUMENT');
    assert.equal(both.headers.getSetCookie().length, 0, 'no cookie');
    const none = await fetch(`${t.app.url}/api/console/session`, { method: 'POST' });
    assert.equal(none.status, 401);
    assert.match(none.headers.get('www-authenticate') ?? '', /^Bearer/);
    const wrong = await fetch(`${t.app.url}/api/console/session`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${t.org.apiKey}x` },
    });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.headers.getSetCookie().length, 0, 'no cookie');
    assert.equal((await keySession(t.app, t.org.apiKey)).body.csrfToken.length > 20, true);
  });

  it('a read (GET, HEAD, OPTIONS) needs no anti-CSRF token', async () => {
    const s = await keySession(t.app, t.org.apiKey);
    assert.equal((await asConsole(t.app, s, 'GET', '/api/runs')).status, 200);
    assert.equal((await asConsole(t.app, s, 'HEAD', '/api/runs')).status, 200);
    const options = await asConsole(t.app, s, 'OPTIONS', '/api/runs');
    assert.ok(options.status < 400, `OPTIONS answered ${options.status}`);
    const own = await asConsole(t.app, s, 'GET', '/api/console/session');
    assert.equal(own.status, 200);
    assert.equal(own.body.csrfToken, s.csrfToken);
  });

  it("refuses a changing request without the anti-CSRF token, with a wrong one or with another session's, and writes nothing", async () => {
    const s = await keySession(t.app, t.org.apiKey);
    const other = await keySession(t.app, t.org.apiKey);
    const last = s.csrfToken.at(-1) === 'A' ? 'B' : 'A';
    const wrong = [undefined, '', `${s.csrfToken.slice(0, -1)}${last}`, other.csrfToken, `${s.csrfToken}x`];
    const name = `csrf-${randomBytes(3).toString('hex')}`;
    for (const csrf of wrong) {
      const refused = await asConsole(t.app, s, 'POST', '/api/v1/test_case.create', { body: newCaseBody(name), csrf });
      assert.equal(refused.status, 403, `token ${JSON.stringify(csrf)}`);
      assert.equal(refused.body.error.code, 'PERMISSION_DENIED');
    }
    assert.ok(!(await namesOf(t.org.apiKey)).includes(name), 'a refused request wrote nothing');
    const done = await asConsole(t.app, s, 'POST', '/api/v1/test_case.create', {
      body: newCaseBody(name),
      csrf: s.csrfToken,
    });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.ok((await namesOf(t.org.apiKey)).includes(name));
  });

  it('refuses a changing request that the browser says came from another site, even with the right token', async () => {
    const s = await keySession(t.app, t.org.apiKey);
    const list = (headers: Record<string, string>) =>
      asConsole(t.app, s, 'POST', '/api/v1/test_case.list', { body: {}, csrf: s.csrfToken, headers });
    const elsewhere: Array<Record<string, string>> = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { 'Sec-Fetch-Site': 'none' },
      { Origin: 'http://127.0.0.2:9' },
      { Origin: 'null' },
      { Origin: t.app.url.replace('127.0.0.1', 'localhost') },
      { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://attacker.example' },
    ];
    for (const headers of elsewhere) {
      const refused = await list(headers);
      assert.equal(refused.status, 403, JSON.stringify(headers));
      assert.equal(refused.body.error.code, 'PERMISSION_DENIED');
    }
    // The console's own page: same origin, or a browser that says nothing.
    for (const headers of [{}, { 'Sec-Fetch-Site': 'same-origin' }, { Origin: t.app.url }] as Array<
      Record<string, string>
    >)
      assert.equal((await list(headers)).status, 200, JSON.stringify(headers));
  });

  it("a request with an Authorization header is a script's: the header decides, the cookie is ignored", async () => {
    const b = await createOrg(t.app.deps);
    const aCase = `a-${randomBytes(3).toString('hex')}`;
    const bCase = `b-${randomBytes(3).toString('hex')}`;
    await newCase(t, { name: aCase });
    await newCase({ app: t.app, org: b }, { name: bCase });
    const s = await keySession(t.app, t.org.apiKey);

    // Organization A's cookie with B's key acts as B, with no anti-CSRF token (a script has none).
    const asB = await asConsole(t.app, s, 'POST', '/api/v1/test_case.list', {
      body: { limit: 100 },
      headers: { Authorization: `Bearer ${b.apiKey}` },
    });
    assert.equal(asB.status, 200, JSON.stringify(asB.body));
    const names = asB.body.items.map((i: { name: string }) => i.name);
    assert.ok(names.includes(bCase) && !names.includes(aCase), 'acted as B');

    // A bad header beside a good cookie is refused: it never falls back to the cookie.
    for (const authorization of [`Bearer ${t.org.apiKey}x`, 'Bearer aut_nothing', 'Basic abc', 'Bearer']) {
      for (const [method, path] of [
        ['GET', '/api/runs'],
        ['POST', '/api/v1/test_case.list'],
      ]) {
        const refused = await asConsole(t.app, s, method, path, {
          ...(method === 'POST' ? { body: {} } : {}),
          csrf: s.csrfToken,
          headers: { Authorization: authorization },
        });
        assert.equal(refused.status, 401, `${method} ${path} with ${authorization}`);
        assert.equal(refused.body.error?.code ?? refused.body.code, 'UNAUTHENTICATED');
      }
    }
  });

  it('a revoked key ends its sessions: every request, a read too, is refused and the session is deleted', async () => {
    const c = await createOrg(t.app.deps);
    const s = await keySession(t.app, c.apiKey);
    assert.equal((await asConsole(t.app, s, 'GET', '/api/runs')).status, 200);
    await apiKeyRepository.revoke(t.app.deps.db.manager, c.keyId, Date.now());
    const refused = await asConsole(t.app, s, 'GET', '/api/runs');
    assert.equal(refused.status, 401);
    assert.equal(refused.body.code, 'UNAUTHENTICATED');
    const own = await asConsole(t.app, s, 'GET', '/api/console/session');
    assert.equal(own.status, 401, 'the session row is gone, not only refused once');
  });

  it('a session whose key belongs to another organization is refused', async () => {
    const d = await createOrg(t.app.deps);
    // Sessions are opened from the key's own organization; this row is what a tampered table would hold.
    const id = randomBytes(32).toString('base64url');
    const now = Date.now();
    await consoleSessionRepository.insert(t.app.deps.db.manager, {
      idHash: sha256(id),
      orgId: t.org.orgId,
      kind: 'api_key',
      subject: d.keyId,
      scopes: [...allScopes] as Scope[],
      csrfToken: randomBytes(32).toString('base64url'),
      createdAt: now,
      expiresAt: now + TTL_MS,
    });
    const refused = await asConsole(t.app, { cookie: `qa_console=${id}` }, 'GET', '/api/runs');
    assert.equal(refused.status, 401);
    assert.equal(refused.body.code, 'UNAUTHENTICATED');
  });

  it('signing out needs the token, then deletes the session and clears the cookie', async () => {
    const s = await keySession(t.app, t.org.apiKey);
    const forged = await asConsole(t.app, s, 'DELETE', '/api/console/session');
    assert.equal(forged.status, 403, 'another site cannot sign the console out');
    assert.equal((await asConsole(t.app, s, 'GET', '/api/runs')).status, 200);

    const out = await asConsole(t.app, s, 'DELETE', '/api/console/session', { csrf: s.csrfToken });
    assert.equal(out.status, 204);
    const cleared = cookiesSet(out.headers).get('qa_console');
    assert.ok(cleared, 'the cookie is cleared');
    assert.equal(cleared.value, '');
    assert.equal(cleared.attributes.get('max-age'), '0');
    assert.equal(cleared.attributes.get('path'), '/');
    const after = await asConsole(t.app, s, 'GET', '/api/runs');
    assert.equal(after.status, 401);
    assert.equal(after.body.code, 'UNAUTHENTICATED');
  });
});

describe('console sessions expire after CONSOLE_SESSION_TTL_MS', () => {
  const t = useApp({ CONSOLE_SESSION_TTL_MS: '1000' });

  it('an expired session is refused on every request, and the console is told to sign in again', async () => {
    const s = await keySession(t.app, t.org.apiKey);
    assert.equal(s.setCookie.attributes.get('max-age'), '1');
    assert.equal((await asConsole(t.app, s, 'GET', '/api/runs')).status, 200);
    // The session's end is a time, not an event: wait past it.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, s.body.expiresAt - Date.now()) + 50));
    const refused = await asConsole(t.app, s, 'GET', '/api/runs');
    assert.equal(refused.status, 401);
    assert.equal(refused.body.code, 'UNAUTHENTICATED');
    const own = await asConsole(t.app, s, 'GET', '/api/console/session');
    assert.equal(own.status, 401);
  });
});

describe('console sessions on an https site', () => {
  const site = 'https://console.example.test';
  const t = useApp({ SITE_URL: site });

  it('names the cookie __Host-qa_console and marks it Secure; only that name is a session', async () => {
    const s = await keySession(t.app, t.org.apiKey, '__Host-qa_console');
    const { attributes } = s.setCookie;
    assert.equal(attributes.get('secure'), '');
    assert.equal(attributes.get('path'), '/');
    assert.equal(attributes.has('domain'), false);
    assert.equal(attributes.get('httponly'), '');
    assert.equal(attributes.get('samesite'), 'Strict');
    assert.equal(cookiesSet((await fetch(`${t.app.url}/`)).headers).size, 0);
    assert.equal((await asConsole(t.app, s, 'GET', '/api/runs')).status, 200);
    const plain = await asConsole(t.app, { cookie: `qa_console=${s.setCookie.value}` }, 'GET', '/api/runs');
    assert.equal(plain.status, 401, 'a cookie without the prefix could have been set by another host');

    // The site's origin is SITE_URL's, not the address the request reached.
    const list = (origin: string) =>
      asConsole(t.app, s, 'POST', '/api/v1/test_case.list', {
        body: {},
        csrf: s.csrfToken,
        headers: { Origin: origin },
      });
    assert.equal((await list(site)).status, 200);
    assert.equal((await list(t.app.url)).status, 403);
    assert.equal((await list('http://console.example.test')).status, 403);

    const out = await asConsole(t.app, s, 'DELETE', '/api/console/session', { csrf: s.csrfToken });
    const cleared = cookiesSet(out.headers).get('__Host-qa_console');
    assert.ok(cleared && cleared.attributes.has('secure') && cleared.attributes.get('max-age') === '0');
  });
});
