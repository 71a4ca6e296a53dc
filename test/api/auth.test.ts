import assert from 'node:assert/strict';
import { apiKeyRepository } from '../../db/repositories/organizations';
import { call, createOrg, useApp } from '../helpers/app';

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

  it('refuses a revoked key at once', async () => {
    const victim = await createOrg(t.app.deps);
    assert.equal((await call(t.app, victim.apiKey, 'test_case.list', {})).status, 200);
    await apiKeyRepository.revoke(t.app.deps.db.manager, victim.keyId, Date.now());
    assert.equal((await call(t.app, victim.apiKey, 'test_case.list', {})).status, 401);
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
    assert.equal(get.status, 400);
  });

  it('gives every response an X-Request-Id', async () => {
    const res = await raw({ Authorization: `Bearer ${t.org.apiKey}` });
    assert.match(res.headers.get('x-request-id')!, /^[0-9a-f-]{36}$/);
  });
});
