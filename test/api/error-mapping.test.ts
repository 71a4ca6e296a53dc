import assert from 'node:assert/strict';
import { QueryFailedError } from 'typeorm';
import { toAppError } from '../../api/middleware/errors';
import { createLogger } from '../../core/log';

/** How failures of dependencies reach a client (interface.md: UNAVAILABLE is retryable, INTERNAL is not). */
describe('error mapping of dependency failures', () => {
  const log = createLogger('silent', 'test');

  it('answers UNAVAILABLE for a pooled MySQL connection that closed as it was handed out', () => {
    // What mysql2 gives a query on a connection whose server went away: fatal, and no code.
    const closed = Object.assign(new Error("Can't add new command when connection is in closed state"), {
      fatal: true,
    });
    for (const raw of [closed, new QueryFailedError('SELECT 1', [], closed)]) {
      const error = toAppError(raw, 'req-1', log);
      assert.equal(error.code, 'UNAVAILABLE');
      assert.equal(error.status, 503);
      assert.ok(error.headers?.['Retry-After'], 'a retry hint');
    }
  });

  it('keeps INTERNAL for a failure that is not a dependency going away', () => {
    const error = toAppError(new QueryFailedError('SELECT x', [], new Error("Unknown column 'x'")), 'req-2', log);
    assert.equal(error.code, 'INTERNAL');
    assert.equal(error.status, 500);
  });
});
