import assert from 'node:assert/strict';
import { call, key, newCase, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';

/**
 * Input the fuzzer (npm run fuzz) found answered 500 or described wrongly: bad input is a 4xx in
 * the surface's envelope (interface.md), and OPTIONS lists exactly the methods of the path.
 */
describe('hostile input', () => {
  const t = useApp();

  it('run.trigger with a non-ASCII artifact storageId is 400 INVALID_ARGUMENT, not 500', async () => {
    const testCase = await newCase(t);
    for (const storageId of ['k\u{f5bcb}\u00f0\u001c', '\u00dd\u00b6', 'sto_missing']) {
      const res = await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        platforms: ['ios'],
        targets: { ios: { storageId } },
      });
      assert.equal(res.status, 400, `${JSON.stringify(storageId)}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.error.code, 'INVALID_ARGUMENT');
    }
    const plan = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: 'Mobile',
      steps: [{ action: 'navigate', target: '/' }],
    });
    const viaResource = await rest(t.app, t.org.apiKey, 'POST', '/api/trigger', {
      testPlanId: plan.body.testPlanId,
      platforms: ['android'],
      targets: { android: { storageId: '\u00dd\u00b6' } },
    });
    assert.equal(viaResource.status, 400, JSON.stringify(viaResource.body));
    assert.equal(typeof viaResource.body.error, 'string');
  });

  it('a blank name (whitespace only, a form feed, a byte order mark) is refused, and the document says so', async () => {
    for (const name of ['\f', '\ufeff', ' \t ']) {
      const res = await call(t.app, t.org.apiKey, 'test_plan.create', { idempotencyKey: key(), name });
      assert.equal(res.status, 400, JSON.stringify(name));
      assert.equal(res.body.error.code, 'INVALID_ARGUMENT');
    }
    const doc = await (await fetch(`${t.app.url}/api/openapi.json`)).json();
    const schema = JSON.stringify(doc.paths['/api/v1/test_plan.create'].post.requestBody);
    assert.ok(schema.includes('"pattern":"[^\\\\s\\\\ufeff]"'), 'the name states its not-blank pattern');
  });

  it('OPTIONS lists the documented methods of the path only', async () => {
    const allow = async (path: string) =>
      (
        await fetch(`${t.app.url}${path}`, { method: 'OPTIONS', headers: { Authorization: `Bearer ${t.org.apiKey}` } })
      ).headers.get('allow') ?? '';
    // /api/runs/report also matches /api/runs/:runId (GET), which is not its method.
    assert.deepEqual((await allow('/api/runs/report')).split(', ').sort(), ['POST']);
    // GET and DELETE on /api/mcp only answer 405 (stateless server): not methods of the path.
    assert.deepEqual((await allow('/api/mcp')).split(', ').sort(), ['POST']);
    assert.deepEqual((await allow('/api/runs/run_00000000000000000000000000')).split(', ').sort(), ['GET', 'HEAD']);
  });

  it('the document requires the Idempotency-Key header where the server does (POST /api/runs/rerun)', async () => {
    const doc = await (await fetch(`${t.app.url}/api/openapi.json`)).json();
    const header = doc.paths['/api/runs/rerun'].post.parameters.find(
      (p: { name: string }) => p.name === 'Idempotency-Key',
    );
    assert.equal(header?.required, true);
    const res = await rest(t.app, t.org.apiKey, 'POST', '/api/runs/rerun', {
      planGroupRunId: 'pgr_00000000000000000000000000',
      only: 'not_passing',
    });
    assert.equal(res.status, 400, 'refused without the header, as documented');
  });

  it('a webhook URL is https to a host by name (as documented), or any URL to a host in EGRESS_ALLOW', async () => {
    const register = (url: string) =>
      rest(t.app, t.org.apiKey, 'POST', '/api/webhooks', { url, events: ['run.completed'] });
    for (const url of [
      'https://n.info*',
      'https://a_b.example/x',
      'https://example.com/a b',
      'https://8.8.8.8/hook',
      "https://a.x:2120/Wj%&Vn4%T0'",
    ]) {
      const res = await register(url);
      assert.equal(res.status, 400, `${url}: ${JSON.stringify(res.body)}`);
      assert.match(res.body.error, /^url: /);
    }
    const named = await register('https://hooks.example.com:8443/in?token=abc');
    assert.equal(named.status, 201, JSON.stringify(named.body));
    // Tests allow loopback (EGRESS_ALLOW=127.0.0.0/8,::1,localhost): plain http and literals too.
    const local = await register('http://127.0.0.1:9/hook');
    assert.equal(local.status, 201, JSON.stringify(local.body));
    const patched = await rest(t.app, t.org.apiKey, 'PATCH', `/api/webhooks/${named.body.id}`, {
      url: 'https://n.info*',
    });
    assert.equal(patched.status, 400, 'PATCH checks the same rule');
  });

  it('a webhook description with characters outside the Basic Multilingual Plane is kept as sent', async () => {
    // What the fuzzer sent to PATCH (answered 500): 4-byte UTF-8 characters and Latin-1 letters.
    const description = '\u00c4\u0082\ud91a\udfad{\ud9f2\udcd358\u00c6\ud8e7\ude5f';
    // A loopback URL (allowed in tests): nothing is ever delivered outside.
    const created = await rest(t.app, t.org.apiKey, 'POST', '/api/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['run.completed'],
      description,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.description, description);
    const patched = await rest(t.app, t.org.apiKey, 'PATCH', `/api/webhooks/${created.body.id}`, {
      url: 'http://127.0.0.1:9/hook',
      enabled: true,
      events: ['run_request.completed', 'plan_group.completed', 'run.completed'],
      description,
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.equal(patched.body.description, description);
  });

  it('a PATCH racing a DELETE of the same webhook answers 200 or 404, never 500', async () => {
    // The fuzzer met a DELETE landing between the PATCH's write and its read-back (a 500). Deletes
    // sent a little after the PATCH, at growing offsets, sweep across that window.
    for (let i = 0; i < 60; i++) {
      const created = await rest(t.app, t.org.apiKey, 'POST', '/api/webhooks', {
        url: 'http://127.0.0.1:9/hook',
        events: ['run.completed'],
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const path = `/api/webhooks/${created.body.id}`;
      const patching = rest(t.app, t.org.apiKey, 'PATCH', path, { description: `try ${i}` });
      await new Promise((resolve) => setTimeout(resolve, (i % 12) * 0.5));
      const [patched] = await Promise.all([patching, rest(t.app, t.org.apiKey, 'DELETE', path)]);
      assert.ok([200, 404].includes(patched.status), `try ${i}: ${patched.status} ${JSON.stringify(patched.body)}`);
    }
  });
});
