import assert from 'node:assert/strict';
import { createLogger } from '../../core/log';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { requestId, requestIdOf, toAppError } from '../../api/middleware/errors';

/**
 * The rules of api/middleware/errors.ts that no request through the stack can break on its own: an
 * error marked as the server's (status 500 and up) is never blamed on the caller, the request log
 * line is written when debug lines are, and every request id is well formed and its own, from the
 * first a process gives.
 */
describe('errors and request ids', () => {
  const lines: string[] = [];
  const log = createLogger('debug', 'test', (line) => lines.push(line));

  it("answers an HTTP error of the server (500 or more) as INTERNAL, never as the caller's bad request", () => {
    for (const status of [500, 502, 503]) {
      const error = toAppError(Object.assign(new Error('upstream broke'), { status }), 'req-errors-1', log);
      assert.equal(error.code, 'INTERNAL', `status ${status}`);
      assert.doesNotMatch(error.message, /upstream broke/, 'the raw message stays in the log');
    }
    for (const status of [400, 413, 499]) {
      const error = toAppError(Object.assign(new Error('bad'), { status }), 'req-errors-2', log);
      assert.equal(error.code, 'INVALID_ARGUMENT', `status ${status}`);
    }
  });

  it('gives a well-formed id of its own to the very first request of a process, and to every one after', () => {
    // A fresh copy of the module: its pool of random bytes is drawn for the first time.
    const path = require.resolve('../../api/middleware/errors');
    const loaded = require.cache[path];
    delete require.cache[path];
    try {
      const fresh = require(path) as typeof import('../../api/middleware/errors');
      const ids = Array.from({ length: 600 }, () => fresh.requestIdOf(undefined)); // past the pool of 256
      for (const id of ids) assert.match(id, /^[A-Za-z0-9_-]{16}$/);
      assert.equal(new Set(ids).size, ids.length, 'no id given twice');
    } finally {
      require.cache[path] = loaded;
    }
  });

  it('keeps a well-formed X-Request-Id it was sent, and replaces any other', () => {
    assert.equal(requestIdOf('ci-build-42.step_7'), 'ci-build-42.step_7');
    for (const sent of ['short', 'has space in it', 'x'.repeat(101), ['a-list-of', 'ids'], 42])
      assert.match(requestIdOf(sent), /^[A-Za-z0-9_-]{16}$/, JSON.stringify(sent));
  });

  it('logs each request at debug level with its id, method, path, status and time', async () => {
    const app = new Koa().use(requestId(log)).use((ctx) => {
      ctx.status = 204;
    });
    const server = app.listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/test_case.list`;
      const res = await fetch(url, { method: 'POST', headers: { 'X-Request-Id': 'debug-line-check-1' } });
      assert.equal(res.status, 204);
      const line = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request' && l.id === 'debug-line-check-1');
      assert.ok(line, 'a request line');
      assert.deepEqual(
        { level: line.level, method: line.method, path: line.path, status: line.status },
        { level: 'debug', method: 'POST', path: '/api/v1/test_case.list', status: 204 },
      );
      assert.equal(typeof line.ms, 'number');
    } finally {
      server.close();
    }
  });
});
