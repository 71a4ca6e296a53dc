import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { defineEndpoint } from '../../api/pipeline/model';
import { call, key, newCase, runNewCase, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';
import { followRun, useRunStack } from '../helpers/runs';
import { privateQueues } from '../helpers/temporal';

/** The specification's limits, as data. */
const MEDIA_LINK_VALIDITY_MS = 15 * 60 * 1000;
const MAX_WAIT_MS = 25_000;

describe('signed evidence media links expire after 15 minutes (controllable clock)', function () {
  this.timeout(120_000);
  const s = useRunStack('unused-password');

  it('a correctly signed link answers 302 until its expiry and 403 one millisecond after, unedited', async () => {
    const testCase = await newCase(s, { name: 'media' });
    const trigger = await call(s.app, s.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      environmentSlug: 'local',
    });
    const runId = trigger.body.runIds[0];
    assert.equal((await followRun(s.app, s.org.apiKey, runId)).state.status, 'passing');
    const before = Date.now();
    const [media] = (await call(s.app, s.org.apiKey, 'run.evidence', { runId })).body.steps[0].media;
    const after = Date.now();
    assert.ok(media.expiresAt >= before + MEDIA_LINK_VALIDITY_MS && media.expiresAt <= after + MEDIA_LINK_VALIDITY_MS);
    const open = (at: number) => {
      s.app.deps.clock = () => at;
      return fetch(media.url, { redirect: 'manual' });
    };
    try {
      assert.equal((await open(Date.now())).status, 302);
      assert.equal((await open(media.expiresAt - 1)).status, 302, 'still valid just before expiry');
      assert.equal((await open(media.expiresAt)).status, 302, 'valid at its expiry instant');
      const expired = await open(media.expiresAt + 1);
      assert.equal(expired.status, 403);
      assert.equal((await expired.json()).error.code, 'PERMISSION_DENIED');
      assert.equal((await open(media.expiresAt + 24 * 3600_000)).status, 403);
      // A fresh run.evidence at the later time gives a working link again.
      s.app.deps.clock = undefined;
      const [fresh] = (await call(s.app, s.org.apiKey, 'run.evidence', { runId })).body.steps[0].media;
      assert.equal((await fetch(fresh.url, { redirect: 'manual' })).status, 302);
      // A link missing one of its parameters is not correctly signed: 403, as an edited one.
      for (const name of ['kind', 'exp', 'sig']) {
        const edited = new URL(fresh.url);
        edited.searchParams.delete(name);
        const answer = await fetch(edited, { redirect: 'manual' });
        assert.equal(answer.status, 403, `without ${name}`);
        assert.equal((await answer.json()).error.code, 'PERMISSION_DENIED', `without ${name}`);
      }
    } finally {
      s.app.deps.clock = undefined;
    }
  });
});

describe('run.get waitMs is clamped at 25 s', function () {
  this.timeout(90_000);
  // No workers: the Run stays queued and nothing changes, so only the clamp ends the wait.
  const t = useApp(() => privateQueues());

  it('a waiter asking for 60 s answers timedOut at about 25 s', async () => {
    const testCase = await newCase(t);
    const trigger = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
    });
    const runId = trigger.body.runIds[0];
    const first = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
    const started = Date.now();
    const waited = await call(t.app, t.org.apiKey, 'run.get', { runId, cursor: first.cursor, waitMs: 60_000 });
    const elapsed = Date.now() - started;
    assert.equal(waited.status, 200, JSON.stringify(waited.body));
    assert.equal(waited.body.timedOut, true);
    assert.equal(waited.body.status, 'queued');
    // The parked reply is written as a 200 would be: none of a 405's headers.
    assert.equal(waited.headers.get('allow'), null);
    assert.ok(elapsed >= MAX_WAIT_MS - 500, `answered after ${elapsed} ms, before the 25 s bound`);
    assert.ok(elapsed < MAX_WAIT_MS + 8_000, `answered after ${elapsed} ms, long after the 25 s bound`);
  });
});

describe('a long-poll outlasts the request deadline, over HTTP and over MCP alike', function () {
  this.timeout(60_000);
  // A 1 s deadline and no workers: the Run stays queued, so each wait ends only by its own bound.
  const t = useApp(
    () => ({ ...privateQueues(), REQUEST_DEADLINE_MS: '1000' }),
    [
      defineEndpoint({
        name: 'probe.hang',
        bindings: { rest: { method: 'GET', path: '/api/probe/hang' } },
        summary: 'test probe whose dependency never answers',
        access: 'public',
        output: z.object({ ok: z.boolean() }),
        handler: () => new Promise<never>(() => {}),
      }),
    ],
  );

  it('a request whose dependency never answers gets 503 UNAVAILABLE at the deadline', async () => {
    const res = await rest(t.app, null, 'GET', '/api/probe/hang');
    assert.equal(res.status, 503);
    assert.equal(res.body.code, 'UNAVAILABLE');
  });

  it('a 3 s wait answers timedOut after 3 s, not UNAVAILABLE after 1 s', async () => {
    const runId = await runNewCase(t, {}, { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
    const { cursor } = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
    const overHttp = await call(t.app, t.org.apiKey, 'run.get', { runId, cursor, waitMs: 3000 });
    assert.equal(overHttp.status, 200, JSON.stringify(overHttp.body));
    assert.equal(overHttp.body.timedOut, true);

    const client = new Client({ name: 'boundaries', version: '1.0.0' });
    t.onClose(() => client.close());
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.app.url}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${t.org.apiKey}` } },
      }),
    );
    const overMcp = (await client.callTool({
      name: 'run_get',
      arguments: { runId, cursor, waitMs: 3000 },
    })) as CallToolResult;
    assert.ok(!overMcp.isError, JSON.stringify(overMcp.content));
    assert.equal((overMcp.structuredContent as { timedOut?: boolean }).timedOut, true);
  });
});

describe('the 500 path shows no stack, SQL or path', function () {
  const boom = (path: string, fail: (deps: any) => Promise<unknown>) =>
    defineEndpoint({
      name: 'probe.fail',
      bindings: { rest: { method: 'GET', path } },
      summary: 'test probe that fails',
      access: 'public',
      output: z.object({ ok: z.boolean() }),
      async handler(_input, { deps }) {
        await fail(deps);
        return { ok: true };
      },
    });
  const t = useApp({}, [
    // A real failing query on the real database: the driver's message names the table and the SQL.
    boom('/api/probe/sql', (deps) => deps.db.query('SELECT secret_column FROM no_such_table_x WHERE id = 1')),
    boom('/api/probe/throw', async () => {
      throw new Error(`ENOENT: no such file or directory, open '${__filename}'`);
    }),
    // A library's own HTTP error of status 500 is still ours to hide, not a client's bad request.
    boom('/api/probe/http500', async () => {
      throw Object.assign(new Error(`upstream failed reading ${__filename}`), { status: 500, expose: false });
    }),
  ]);

  for (const path of ['/api/probe/sql', '/api/probe/throw', '/api/probe/http500']) {
    it(`${path}: INTERNAL with a correlation id and nothing else`, async () => {
      const res = await rest(t.app, null, 'GET', path);
      assert.equal(res.status, 500);
      assert.equal(res.body.code, 'INTERNAL');
      const requestId = res.headers.get('x-request-id');
      assert.ok(requestId && res.body.error.includes(requestId), 'the message carries the correlation id');
      const text = JSON.stringify(res.body);
      for (const leak of [
        'no_such_table_x',
        'secret_column',
        'SELECT',
        'ER_NO_SUCH_TABLE',
        'ENOENT',
        __dirname,
        '.ts:',
        '    at ',
        'QueryFailedError',
      ])
        assert.ok(!text.includes(leak), `the body shows ${leak}: ${text}`);
    });
  }
});
