import assert from 'node:assert/strict';
import { z } from 'zod';
import { defineEndpoint } from '../../api/endpoints/model';
import { call, key, newCase, useApp } from '../helpers/app';
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
    assert.ok(elapsed >= MAX_WAIT_MS - 500, `answered after ${elapsed} ms, before the 25 s bound`);
    assert.ok(elapsed < MAX_WAIT_MS + 8_000, `answered after ${elapsed} ms, long after the 25 s bound`);
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
  ]);

  for (const path of ['/api/probe/sql', '/api/probe/throw']) {
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
