import assert from 'node:assert/strict';
import { QueryFailedError } from 'typeorm';
import { toAppError } from '../../api/middleware/errors';
import { createLogger } from '../../core/log';
import { createDataSource } from '../../db/data-source';
import { testConfig } from '../helpers/app';

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

  it('answers UNAVAILABLE for a transaction MariaDB rolled back as a deadlock victim (a retry is safe)', async function () {
    this.timeout(30_000);
    const ds = createDataSource(testConfig().DATABASE_URL, 2);
    await ds.initialize();
    const a = ds.createQueryRunner();
    const b = ds.createQueryRunner();
    try {
      await a.query('CREATE TABLE IF NOT EXISTS deadlock_probe (id INT PRIMARY KEY, n INT) ENGINE=InnoDB');
      await a.query('INSERT IGNORE INTO deadlock_probe VALUES (1, 0), (2, 0)');
      await a.startTransaction();
      await b.startTransaction();
      await a.query('UPDATE deadlock_probe SET n = n + 1 WHERE id = 1');
      await b.query('UPDATE deadlock_probe SET n = n + 1 WHERE id = 2');
      // Each now waits for the other's row: InnoDB rolls one of them back at once.
      const outcomes = await Promise.allSettled([
        a.query('UPDATE deadlock_probe SET n = n + 1 WHERE id = 2'),
        b.query('UPDATE deadlock_probe SET n = n + 1 WHERE id = 1'),
      ]);
      const victim = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult | undefined;
      assert.ok(victim, 'one transaction was chosen as the victim');
      const error = toAppError(victim.reason, 'req-3', log);
      assert.equal(error.code, 'UNAVAILABLE');
      assert.equal(error.status, 503);
    } finally {
      for (const runner of [a, b]) {
        if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
        await runner.release();
      }
      await ds.query('DROP TABLE IF EXISTS deadlock_probe');
      await ds.destroy();
    }
  });
});
