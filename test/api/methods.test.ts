import assert from 'node:assert/strict';
import http from 'node:http';
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
      // Also matches GET /api/runs/:runId, but the literal path is POST only.
      ['GET', '/api/runs/report', /^POST$/],
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

  it('answers 405 with Allow for methods no route knows (TRACE, PROPFIND), never 501', async () => {
    // fetch() refuses to send TRACE, so this goes through node:http.
    const raw = (method: string, path: string) =>
      new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
        const req = http.request(`${t.app.url}${path}`, { method }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const [method, path, allow] of [
      ['TRACE', '/api/flows/some-flow', /GET.*PUT|PUT.*GET/],
      ['TRACE', '/.well-known/oauth-protected-resource/api/mcp', /GET/],
      ['PROPFIND', '/api/artifacts/scan', /POST/],
    ] as const) {
      const res = await raw(method, path);
      assert.equal(res.status, 405, `${method} ${path}`);
      assert.match(res.allow ?? '', allow, `${method} ${path} Allow`);
      assert.match(JSON.parse(res.body).error.message ?? JSON.parse(res.body).error, /is not supported/);
    }
  });

  it('keeps 404 for paths that do not exist', async () => {
    assert.equal((await send('GET', '/api/nothing-here')).status, 404);
    assert.equal((await send('DELETE', '/api/nothing/here')).status, 404);
  });
});
