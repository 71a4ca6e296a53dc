import assert from 'node:assert/strict';
import { limitRepository } from '../../db/repositories/limits';
import { createOrg, environment, newCase, triggerPlanOf, useApp } from '../helpers/app';

/**
 * The active-Run cap (ORG_MAX_ACTIVE_RUNS) at the level of its slots, on MariaDB: at most `cap`
 * Runs of an organization hold a slot; the others wait in arrival order and are handed a slot
 * as one is given back; a Run that holds one keeps it when it confirms, at the cap or not.
 */
describe('active-Run slots: the cap, the waiting order and renewals', () => {
  const t = useApp();
  const leaseMs = 60_000;

  it('holds at most the cap, keeps a held slot on renewal, and hands a freed one to the first waiting Run', async () => {
    // Three real queued Runs (no runner here: they stay queued), so their slots count.
    await environment(t, 'slots', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
    const cases = [];
    for (const name of ['first', 'second', 'third']) cases.push(await newCase(t, { name }));
    const triggered = await triggerPlanOf(
      t,
      cases.map((c) => c.id),
      'slots',
      'Slots',
    );
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const [a, b, c] = triggered.body.runIds as string[];
    const db = t.app.deps.db.manager;
    // Slots of their own org (the workflows of the real Runs never run here); times step forward.
    let now = Date.now();
    const take = (runId: string) =>
      limitRepository.takeRunSlot(db, { runId, orgId: t.org.orgId, cap: 2, now: ++now, leaseMs });
    const release = (runId: string) =>
      limitRepository.releaseRunSlot(db, { runId, orgId: t.org.orgId, cap: 2, now: ++now, leaseMs });

    assert.equal(await take(a), true);
    assert.equal(await take(b), true);
    assert.equal(await take(c), false, 'past the cap: waits');
    assert.equal(await take(a), true, 'a held slot is renewed, though the organization is at its cap');
    assert.equal(await take(c), false, 'still waiting');
    assert.deepEqual(await release(a), [c], 'the freed slot goes to the waiting Run');
    assert.equal(await take(c), true, 'and it holds it');
    assert.deepEqual(await release(b), [], 'nobody waits');
    assert.deepEqual(await release(b), [], 'a second release changes nothing');
  });

  it('five Runs asking at once, each finding a slot free at first: the cap still holds (2 held, 3 waiting)', async () => {
    const org = await createOrg(t.app.deps);
    const own = { app: t.app, org };
    await environment(own, 'slots', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
    const cases = [];
    for (let i = 0; i < 5; i++) cases.push(await newCase(own, { name: `racer ${i}` }));
    const triggered = await triggerPlanOf(
      own,
      cases.map((c) => c.id),
      'slots',
      'Race',
    );
    const runIds = triggered.body.runIds as string[];
    const now = Date.now();
    const taken = await Promise.all(
      runIds.map((runId) =>
        limitRepository.takeRunSlot(t.app.deps.db.manager, { runId, orgId: org.orgId, cap: 2, now, leaseMs }),
      ),
    );
    assert.equal(taken.filter(Boolean).length, 2, JSON.stringify(taken));
    const states = await t.app.deps.db.query(
      'SELECT state, COUNT(*) AS n FROM run_slots WHERE org_id = ? GROUP BY state',
      [org.orgId],
    );
    assert.deepEqual(states.map((r: { state: string; n: number }) => [r.state, Number(r.n)]).sort(), [
      ['held', 2],
      ['waiting', 3],
    ]);
  });
});
