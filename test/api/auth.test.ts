import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { call, createOrg, useApp } from '../helpers/app';
import { ApiKeyCache } from '../../api/middleware/key-cache';
import { splitApiKey } from '../../core/crypto';
import { apiKeyRepository } from '../../db/repositories/organizations';

describe('authentication and errors', () => {
  const t = useApp({ SITE_URL: 'https://app.example.test' });

  const challenge = 'Bearer resource_metadata="https://app.example.test/.well-known/oauth-protected-resource/api/mcp"';

  async function raw(headers: Record<string, string>, body = '{}', path = '/api/v1/test_case.list') {
    const res = await fetch(`${t.app.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
    });
    return { status: res.status, headers: res.headers, body: await res.json() };
  }

  it('refuses missing, malformed, unknown and non-bearer credentials with 401 and the challenge', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { Authorization: 'Basic abc' },
      { Authorization: 'Bearer' },
      { Authorization: `Bearer ${t.org.apiKey}x` },
      { Authorization: 'Bearer aut_short' },
      { Authorization: 'Bearer some.oauth.token' },
    ];
    for (const headers of attempts) {
      const res = await raw(headers);
      assert.equal(res.status, 401, JSON.stringify(headers));
      assert.equal(res.body.error.code, 'UNAUTHENTICATED');
      assert.match(
        res.headers.get('www-authenticate')!,
        /^Bearer .*resource_metadata="https:\/\/app\.example\.test\/\.well-known\/oauth-protected-resource\/api\/mcp"$/,
      );
    }
    assert.equal((await raw({})).headers.get('www-authenticate'), challenge);
  });

  it('takes a credential only after "Bearer ": a valid key under another scheme is refused as malformed', async () => {
    // RFC 6750: a request that is not a bearer request is invalid_request, whatever follows the scheme.
    for (const scheme of ['Basic  ', 'Token  ', 'bearer:']) {
      const res = await raw({ Authorization: `${scheme}${t.org.apiKey}` });
      assert.equal(res.status, 401, scheme);
      assert.equal(res.body.error.code, 'UNAUTHENTICATED');
      assert.match(res.headers.get('www-authenticate')!, /error="invalid_request"/, scheme);
    }
    assert.equal((await raw({ Authorization: `Bearer ${t.org.apiKey}` })).status, 200);
  });

  it('refuses two Authorization headers', async () => {
    const res = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${t.app.url}/api/v1/test_case.list`);
      const req = require('node:http').request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: [
            'Host',
            url.host,
            'Content-Type',
            'application/json',
            'Authorization',
            `Bearer ${t.org.apiKey}`,
            'Authorization',
            `Bearer ${t.org.apiKey}`,
          ],
        },
        (r: { statusCode: number; resume(): void }) => {
          r.resume();
          resolve(r.statusCode);
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    assert.equal(res, 401);
  });

  it('counts only Authorization headers: other 13-letter ones (Cache-Control, If-None-Match) are no second credential', async () => {
    const res = await fetch(`${t.app.url}/api/v1/test_case.list`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${t.org.apiKey}`,
        'Cache-Control': 'no-cache',
        'If-None-Match': '"x"',
      },
      body: '{}',
    });
    assert.equal(res.status, 200, await res.text());
  });

  it('refuses a key revoked with the admin command within the stated bound (API_KEY_CACHE_TTL_MS, 5 s)', async () => {
    const victim = await createOrg(t.app.deps);
    assert.equal((await call(t.app, victim.apiKey, 'test_case.list', {})).status, 200, 'the key is now cached');
    // Run asynchronously: a blocking spawnSync stalls the app served from this process, and on a
    // loaded machine its keep-alive sockets expire meanwhile (the next call then met ECONNRESET).
    const revoked = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'api/admin.ts', 'key', 'revoke', '--key', victim.apiKey],
      {
        cwd: path.resolve(__dirname, '../..'),
        env: {
          ...process.env,
          DATABASE_URL: t.app.deps.config.DATABASE_URL,
          SECRETS_KEY: t.app.deps.config.SECRETS_KEY,
        },
        encoding: 'utf8',
      },
    );
    assert.deepEqual(JSON.parse(revoked.stdout), { revoked: true, keyId: victim.keyId });
    const since = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - since < 10_000) {
      status = (await call(t.app, victim.apiKey, 'test_case.list', {})).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(status, 401);
    assert.ok(Date.now() - since <= 5_000 + 500, `refused ${Date.now() - since} ms after the revocation`);
  });

  it('never caches an unknown key as valid, and checks the secret on every request', async () => {
    const known = await createOrg(t.app.deps);
    assert.equal((await call(t.app, known.apiKey, 'test_case.list', {})).status, 200);
    // Same key id (the cache key), wrong secret: refused although the id is cached.
    const forged = `${known.apiKey.slice(0, 20)}${'A'.repeat(known.apiKey.length - 20)}`;
    const res = await call(t.app, forged, 'test_case.list', {});
    assert.equal(res.status, 401);
    assert.equal(res.body.error.code, 'UNAUTHENTICATED');
    const unknown = `aut_${'Z'.repeat(16)}${'B'.repeat(43)}`;
    for (let i = 0; i < 2; i++) assert.equal((await call(t.app, unknown, 'test_case.list', {})).status, 401);
  });

  it('looks a key up once for a burst of requests that all miss the cache', async () => {
    const org = await createOrg(t.app.deps);
    const keyId = splitApiKey(org.apiKey)!.keyId;
    const cache = new ApiKeyCache(5_000);
    let queries = 0;
    const db = t.app.deps.db.manager;
    const counting = new Proxy(db, {
      get: (target, name) =>
        name === 'query'
          ? (...args: unknown[]) => {
              queries++;
              return (target.query as (...a: unknown[]) => unknown).apply(target, args);
            }
          : Reflect.get(target, name),
    });
    const found = await Promise.all(Array.from({ length: 200 }, () => cache.find(counting, keyId)));
    assert.ok(found.every((k) => k?.orgId === org.orgId));
    assert.equal(queries, 1, 'one query for 200 concurrent lookups of one key');
    assert.equal((await cache.find(counting, keyId))?.orgId, org.orgId);
    assert.equal(queries, 1, 'and none for the next request while the key is cached');
    assert.equal(await cache.find(counting, 'key_unknown00000000'), null);
    assert.equal(await cache.find(counting, 'key_unknown00000000'), null);
    assert.equal(queries, 3, 'an unknown key is looked up every time (never cached as valid)');
  });

  it('accepts a key again on the same header, and refuses a wrong secret sent after it', async () => {
    const org = await createOrg(t.app.deps);
    for (let i = 0; i < 3; i++) assert.equal((await call(t.app, org.apiKey, 'test_case.list', {})).status, 200);
    const wrong = `${org.apiKey.slice(0, -1)}${org.apiKey.endsWith('A') ? 'B' : 'A'}`;
    assert.equal((await call(t.app, wrong, 'test_case.list', {})).status, 401);
    assert.equal((await raw({ Authorization: `bearer ${org.apiKey}` })).status, 200, 'the scheme in any case');
    assert.equal((await call(t.app, org.apiKey, 'test_case.list', {})).status, 200);
  });

  it("records a key's last use only once its secret matched, and at most once in 5 s", async () => {
    const org = await createOrg(t.app.deps);
    const db = t.app.deps.db.manager;
    const lastUsed = async () => (await apiKeyRepository.list(db, org.orgId, null, 10))[0].lastUsedAt;
    const settled = () => new Promise((r) => setTimeout(r, 200)); // the write is in the background
    const wrong = `${org.apiKey.slice(0, -1)}${org.apiKey.endsWith('A') ? 'B' : 'A'}`;
    assert.equal((await call(t.app, wrong, 'test_case.list', {})).status, 401);
    await settled();
    assert.equal(await lastUsed(), null, 'a wrong secret is no use of the key');
    const before = Date.now();
    assert.equal((await call(t.app, org.apiKey, 'test_case.list', {})).status, 200);
    await settled();
    const first = await lastUsed();
    assert.ok(typeof first === 'number' && first >= before - 5, `last used ${first}, request at ${before}`);
    assert.equal((await call(t.app, org.apiKey, 'test_case.list', {})).status, 200);
    await settled();
    assert.equal(await lastUsed(), first, 'not written again within 5 s');
  });

  it('with API_KEY_CACHE_TTL_MS 0 looks an active key up on every request (nothing cached)', async () => {
    const org = await createOrg(t.app.deps);
    const keyId = splitApiKey(org.apiKey)!.keyId;
    const uncached = new ApiKeyCache(0);
    const db = t.app.deps.db.manager;
    assert.equal((await uncached.find(db, keyId))?.orgId, org.orgId);
    await apiKeyRepository.revoke(db, keyId, Date.now());
    assert.equal(await uncached.find(db, keyId), null, 'the revocation is seen at once');
  });

  it('answers bad requests with 4xx envelopes, never 500', async () => {
    const auth = { Authorization: `Bearer ${t.org.apiKey}` };
    const cases: Array<[Record<string, string>, string, string, number]> = [
      [auth, '{broken', '/api/v1/test_case.list', 400],
      [auth, '[]', '/api/v1/test_case.list', 400],
      [auth, '"text"', '/api/v1/test_case.list', 400],
      [auth, JSON.stringify({ query: 'x'.repeat(2_000_000) }), '/api/v1/test_case.list', 400],
      [auth, '{}', '/api/v1/test_case.fly', 404],
      [{ ...auth, 'Content-Type': 'text/plain' }, '{}', '/api/v1/test_case.list', 400],
    ];
    for (const [headers, body, path, status] of cases) {
      const res = await raw(headers, body, path);
      assert.equal(res.status, status, `${path} ${body.slice(0, 20)}`);
      assert.equal(typeof res.body.error.code, 'string');
      assert.equal(typeof res.body.error.message, 'string');
      assert.ok(!JSON.stringify(res.body).includes('    at '), 'no stack');
    }
    const get = await fetch(`${t.app.url}/api/v1/test_case.list`, { headers: auth });
    assert.equal(get.status, 405, 'a v1 operation with GET is Method Not Allowed');
    assert.equal(get.headers.get('allow'), 'POST');
  });

  it('gives every response an X-Request-Id, its own', async () => {
    const ids = [];
    for (let i = 0; i < 2; i++) {
      const res = await raw({ Authorization: `Bearer ${t.org.apiKey}` });
      // Opaque (shared/interface.md): a token a client can log and quote, of header-safe characters.
      assert.match(res.headers.get('x-request-id') ?? '', /^[A-Za-z0-9._-]{8,}$/);
      ids.push(res.headers.get('x-request-id'));
    }
    assert.notEqual(ids[0], ids[1], 'two requests, two ids');
  });
});
