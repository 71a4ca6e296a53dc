import assert from 'node:assert/strict';
import { environment, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';
import { followRequest } from '../helpers/run-requests';
import { privateQueues, useWorkers } from '../helpers/temporal';

/**
 * A run request whose every entry fails to queue: its one Environment has no web target for the
 * plan's web steps. The specification gives each entry a `queueError`. The request ends without
 * a Run, not stuck in interpreting.
 */
describe('a run request none of whose entries can be queued', function () {
  this.timeout(120_000);
  const t = useApp(privateQueues());
  useWorkers(t);

  it('ends failed, each entry saying why, and queues no Run', async () => {
    await environment(t, 'bare', { name: 'Bare', targets: {} });
    const plan = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: 'Smoke',
      steps: [{ action: 'navigate', target: '/' }],
    });
    assert.equal(plan.status, 201, JSON.stringify(plan.body));
    const created = await rest(t.app, t.org.apiKey, 'POST', '/api/run-requests', {
      planNames: ['Smoke'],
      environmentSlugs: ['bare'],
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const done = await followRequest(t.app, t.org.apiKey, created.body.requestId);
    assert.equal(done.status, 'failed', JSON.stringify(done));
    assert.equal(done.entries.length, 1);
    assert.equal(typeof done.entries[0].queueError, 'string');
    assert.ok(!('runId' in done.entries[0]), 'no Run');
    const runs = await t.app.deps.db.query('SELECT COUNT(*) AS n FROM runs WHERE org_id = ?', [t.org.orgId]);
    assert.equal(Number(runs[0].n), 0);
  });
});
