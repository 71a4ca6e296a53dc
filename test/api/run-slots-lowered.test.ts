import assert from 'node:assert/strict';
import { limitRepository } from '../../db/repositories/limits';
import { environment, newCase, triggerPlanOf, useApp } from '../helpers/app';

/**
 * An operator may lower ORG_MAX_ACTIVE_RUNS (docs/configuration.md) while more Runs hold slots
 * than the new cap allows; each take and release is given the cap in force. The Runs already running
 * finish, and each release hands nothing on while the organization is still at or over the new
 * cap. Once it is under the cap, the first waiting Run gets the slot. A release never fails.
 */
describe('active-Run slots after the cap is lowered', () => {
  const t = useApp();
  const leaseMs = 60_000;

  it('releases hand nothing on until the count is under the new cap, then the first waiting Run gets the slot', async () => {
    // Four real queued Runs (no runner here: they stay queued), so their slots count.
    await environment(t, 'slots', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
    const cases = [];
    for (const name of ['a', 'b', 'c', 'd']) cases.push(await newCase(t, { name }));
    const triggered = await triggerPlanOf(
      t,
      cases.map((c) => c.id),
      'slots',
      'Lowered',
    );
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const [a, b, c, d] = triggered.body.runIds as string[];
    const db = t.app.deps.db.manager;
    let now = Date.now();
    const slot = (runId: string, cap: number) => ({ runId, orgId: t.org.orgId, cap, now: ++now, leaseMs });

    for (const runId of [a, b, c]) assert.equal(await limitRepository.takeRunSlot(db, slot(runId, 3)), true);
    assert.equal(await limitRepository.takeRunSlot(db, slot(d, 3)), false, 'past the cap of 3: waits');
    // The cap is now 1, with three slots held.
    assert.deepEqual(await limitRepository.releaseRunSlot(db, slot(a, 1)), [], 'two still held: over the cap');
    assert.deepEqual(await limitRepository.releaseRunSlot(db, slot(b, 1)), [], 'one still held: at the cap');
    assert.deepEqual(await limitRepository.releaseRunSlot(db, slot(c, 1)), [d], 'under the cap: the waiting Run');
  });
});
