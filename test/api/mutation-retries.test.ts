import assert from 'node:assert/strict';
import { z } from 'zod';
import { AppError } from '../../core/errors';
import { defineEndpoint } from '../../api/pipeline/model';
import { call, key, useApp } from '../helpers/app';

/**
 * docs/interface.md, Idempotency: a keyed mutation that MariaDB rolls back as a deadlock victim (or
 * whose lock wait times out) is run again, 4 attempts in all, then answers 503 UNAVAILABLE; any
 * other failure is answered at once, and the mutation ran once.
 */
describe('a keyed mutation is run again only when it lost a deadlock, 4 attempts at most', () => {
  /** What mysql2 gives a statement of a deadlock victim's transaction. */
  const deadlock = () =>
    Object.assign(new Error('Deadlock found when trying to get lock; try restarting transaction'), {
      code: 'ER_LOCK_DEADLOCK',
      errno: 1213,
    });
  /** A keyed v1 probe whose handler fails as `outcome` says for its nth call, and counts the calls. */
  const probe = (name: string, atomic: boolean, outcome: (n: number) => Error | null) => {
    const calls = { n: 0 };
    const endpoint = defineEndpoint({
      name,
      bindings: { v1: true },
      summary: 'test probe',
      access: { scope: 'svc:read' },
      idempotency: 'required',
      atomic,
      body: {},
      output: z.object({ attempts: z.number() }),
      async handler() {
        const failure = outcome(++calls.n);
        if (failure) throw failure;
        return { attempts: calls.n };
      },
    });
    return { endpoint, calls };
  };
  const variants = [true, false].map((atomic) => ({
    atomic,
    victim: probe(`probe.victim_${atomic}`, atomic, () => deadlock()),
    once: probe(`probe.once_${atomic}`, atomic, (n) => (n === 1 ? deadlock() : null)),
    missing: probe(`probe.missing_${atomic}`, atomic, () => new AppError('NOT_FOUND', 'Thing x not found')),
  }));
  const t = useApp(
    {},
    variants.flatMap((v) => [v.victim.endpoint, v.once.endpoint, v.missing.endpoint]),
  );

  for (const { atomic, victim, once, missing } of variants) {
    const kind = atomic ? 'in one transaction' : 'claim first';
    it(`${kind}: four deadlocks in a row answer 503 UNAVAILABLE with Retry-After, after 4 attempts`, async () => {
      const answer = await call(t.app, t.org.apiKey, victim.endpoint.name, { idempotencyKey: key() });
      assert.equal(answer.status, 503, JSON.stringify(answer.body));
      assert.equal(answer.body.error.code, 'UNAVAILABLE');
      assert.ok(Number(answer.headers.get('retry-after')) > 0);
      assert.equal(victim.calls.n, 4);
    });

    it(`${kind}: one deadlock is run again and answered as if it had not happened`, async () => {
      const answer = await call(t.app, t.org.apiKey, once.endpoint.name, { idempotencyKey: key() });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.deepEqual(answer.body, { attempts: 2 });
    });

    it(`${kind}: any other failure is answered at once, run once`, async () => {
      const answer = await call(t.app, t.org.apiKey, missing.endpoint.name, { idempotencyKey: key() });
      assert.equal(answer.status, 404, JSON.stringify(answer.body));
      assert.equal(missing.calls.n, 1);
    });
  }
});
