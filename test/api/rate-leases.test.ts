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
    assert.deepEqual(leases.takeHeld(holding.orgId, 'api'), { granted: 1, retryAfterMs: 0 }, 'its tokens kept');
    assert.equal(leases.takeHeld(refused.orgId, 'api')?.granted, 0, 'its refusal kept');
  });
});
