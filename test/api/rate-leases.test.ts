import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { LEASE_MS, RateLeases } from '../../api/middleware/rate-leases';
import { createOrg, useApp } from '../helpers/app';

/**
 * The rate leases a process holds (api/middleware/rate-leases.ts) are bounded: past the bound, the
 * buckets with nothing held are forgotten, and only those. A bucket still holding unspent tokens,
 * or a refusal it remembers, keeps them, so the bound never costs an organization its tokens.
 */
describe('rate leases: the memory of buckets stays bounded without losing what is held', () => {
  const t = useApp();
  const fast = { perSecond: 100, burst: 40 };
  const slow = { perSecond: 0.01, burst: 1 };

  it('forgets only idle buckets, and only once the bound is reached', async () => {
    const db = t.app.deps.db.manager;
    const [idle, holding, refused, newcomer] = await Promise.all([1, 2, 3, 4].map(() => createOrg(t.app.deps)));
    const leases = new RateLeases(3);

    assert.equal((await leases.take(db, idle.orgId, 'api', fast)).granted, 1);
    await sleep(LEASE_MS + 50); // its lease lapses: nothing held
    assert.equal((await leases.take(db, refused.orgId, 'api', slow)).granted, 1);
    const refusal = await leases.take(db, refused.orgId, 'api', slow);
    assert.equal(refusal.granted, 0, 'its one token is spent');
    assert.equal(leases.remembered, 2, 'under the bound nothing is forgotten, idle or not');
    // Just before the bound is met, so its lease (LEASE_MS) is still running at the sweep.
    assert.equal((await leases.take(db, holding.orgId, 'api', fast)).granted, 1);
    assert.equal(leases.remembered, 3);

    // At the bound, a new bucket makes the process forget the idle one, and only it.
    assert.equal((await leases.take(db, newcomer.orgId, 'api', fast)).granted, 1);
    assert.equal(leases.remembered, 3);
    // Its tokens kept (on a loaded machine its lease may already ask for renewal: that is not a loss).
    const held = leases.takeHeld(holding.orgId, 'api');
    assert.deepEqual(
      { granted: held?.granted, retryAfterMs: held?.retryAfterMs },
      { granted: 1, retryAfterMs: 0 },
      'its tokens kept',
    );
    assert.equal(leases.takeHeld(refused.orgId, 'api')?.granted, 0, 'its refusal kept');
  });

  // 1,000 a second, bursts of 1,000: leases of 250 tokens (1,000 × LEASE_MS, a quarter of the burst).
  const busy = { perSecond: 1000, burst: 1000 };
  const batch = 250;
  const drain = (leases: RateLeases, orgId: string) => {
    let spent = 0;
    while (leases.takeHeld(orgId, 'api')?.granted) spent++;
    return spent;
  };

  /**
   * A lease, then held tokens spent every few ms until one says the lease wants renewing (its
   * second half). On a busy machine a timer may fire past the lease's end: then a new lease.
   * Answers when the lease was taken: it ends at most LEASE_MS after that.
   */
  async function untilRenewalDue(leases: RateLeases, orgId: string): Promise<number> {
    const db = t.app.deps.db.manager;
    for (let attempt = 0; attempt < 10; attempt++) {
      assert.equal((await leases.take(db, orgId, 'api', busy)).granted, 1);
      const takenAt = performance.now();
      for (let answer = leases.takeHeld(orgId, 'api'); answer?.granted; answer = leases.takeHeld(orgId, 'api')) {
        if (answer.renew) return takenAt;
        await sleep(5);
      }
    }
    throw new Error('no lease was seen in its second half');
  }

  const pastEnd = (takenAt: number) => sleep(Math.max(0, takenAt + LEASE_MS + 10 - performance.now()));

  it('a lease near its end is renewed ahead: tokens go on past its end, and a process holds at most a batch', async () => {
    const db = t.app.deps.db.manager;
    const org = await createOrg(t.app.deps);
    assert.equal(RateLeases.batch(busy), batch);
    for (let attempt = 0; ; attempt++) {
      const leases = new RateLeases();
      assert.equal((await leases.take(db, org.orgId, 'api', busy)).granted, 1);
      assert.equal(leases.takeHeld(org.orgId, 'api')?.renew, undefined, 'a fresh lease wants no renewing');
      const takenAt = await untilRenewalDue(leases, org.orgId);
      assert.equal(leases.takeHeld(org.orgId, 'api')?.granted, 1, 'held tokens are still spent meanwhile');
      const renewedAt = performance.now();
      await leases.renew(db, org.orgId, 'api', busy);
      await pastEnd(takenAt);
      // The renewed lease lasts LEASE_MS from its answer: a timer that fired later cannot tell.
      if (performance.now() > renewedAt + LEASE_MS && attempt < 5) continue;
      assert.equal(leases.takeHeld(org.orgId, 'api')?.granted, 1, 'a held token after the first lease ended');
      assert.equal(drain(leases, org.orgId), batch - 1, 'topped up to a batch, not a batch more');
      return;
    }
  });

  it('while a top-up is written, the held tokens stay good past the end of their lease', async () => {
    const { db } = t.app.deps;
    const org = await createOrg(t.app.deps);
    const leases = new RateLeases();
    const takenAt = await untilRenewalDue(leases, org.orgId);
    // The bucket's row locked by another transaction: the top-up's write waits for it.
    const other = db.createQueryRunner();
    await other.connect();
    let renewed: Promise<void> | undefined;
    try {
      await other.startTransaction();
      await other.query('SELECT tokens FROM rate_buckets WHERE org_id = ? AND bucket = ? FOR UPDATE', [
        org.orgId,
        'api',
      ]);
      renewed = leases.renew(db.manager, org.orgId, 'api', busy);
      await pastEnd(takenAt);
      assert.equal(leases.takeHeld(org.orgId, 'api')?.granted, 1, 'good while the top-up waits');
      await other.commitTransaction();
    } finally {
      await other.release();
    }
    await renewed;
    // Topped up by what the batch lacked when it asked: the token spent meanwhile is not taken again.
    assert.equal(drain(leases, org.orgId), batch - 1);
  });

  it('renews a lease once however many requests ask at the same time: still at most a batch held', async () => {
    const db = t.app.deps.db.manager;
    const org = await createOrg(t.app.deps);
    const leases = new RateLeases();
    await untilRenewalDue(leases, org.orgId);
    // Every request in a lease's second half says `renew`; a burst of them must not top up twice.
    await Promise.all(Array.from({ length: 5 }, () => leases.renew(db, org.orgId, 'api', busy)));
    assert.ok(drain(leases, org.orgId) <= batch, 'one top-up: a process holds at most a batch');
  });
});
