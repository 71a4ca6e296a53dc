import assert from 'node:assert/strict';
import { useApp } from '../helpers/app';

/**
 * A known path called with a method it does not support is 405 Method Not Allowed with an
 * `Allow` header (RFC 9110 §15.5.6), in the envelope of its surface; an unknown path stays 404.
 */
describe('unsupported methods', () => {
  const t = useApp();
  const send = (method: string, path: string) =>
    fetch(`${t.app.url}${path}`, { method, headers: { Authorization: `Bearer ${t.org.apiKey}` } }).then(async (r) => ({
      status: r.status,
      allow: r.headers.get('allow'),
      body: await r.json(),
    }));

  it('answers 405 with Allow on v1 operations, resource-style endpoints and the OpenAPI document', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['GET', '/api/v1/test_case.list', /^POST$/],
      ['DELETE', '/api/v1/run.get', /^POST$/],
      ['GET', '/api/trigger', /POST/],
      ['DELETE', '/api/runs/run_00000000000000000000000000', /GET/],
      ['POST', '/api/openapi.json', /GET/],
      ['PATCH', '/api/plans', /GET.*POST|POST.*GET/],
    ];
    for (const [method, path, allow] of cases) {
      const res = await send(method, path);
      assert.equal(res.status, 405, `${method} ${path}`);
      assert.match(res.allow ?? '', allow, `${method} ${path} Allow`);
      const message = path.startsWith('/api/v1/') ? res.body.error.message : res.body.error;
      assert.match(message, new RegExp(`${method} is not supported`), `${method} ${path} says why`);
      if (path.startsWith('/api/v1/')) assert.equal(res.body.error.code, 'INVALID_ARGUMENT');
    }
  });

  it('keeps 404 for paths that do not exist', async () => {
    assert.equal((await send('GET', '/api/nothing-here')).status, 404);
    assert.equal((await send('DELETE', '/api/nothing/here')).status, 404);
  });
});
