import assert from 'node:assert/strict';
import { call, environment, key, newCase, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';

/**
 * "Rerun the N that did not pass" (docs/console.md, POST /api/runs/rerun with only: not_passing):
 * every member whose Run ended other than passing (failed, unverified, canceled, invalid) runs
 * again, and none that passed; those are carried as passed_in_original. The outcomes are written
 * straight to the group's Runs (no runner serves this app): what is tested is the choice.
 */
describe('a rerun of the members of a plan group that did not pass', () => {
  const t = useApp();
  const ended = ['passing', 'failed', 'unverified', 'canceled', 'invalid', 'passing'];

  it('carries every member that did not pass, whatever its final status, and none that passed', async () => {
    await environment(t, 'rerun-env', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
    const cases = [];
    for (const [i, status] of ended.entries()) cases.push(await newCase(t, { name: `${status} ${i}` }));
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Rerun not passing',
      testCaseIds: cases.map((c) => c.id),
    });
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testPlanId: plan.body.id,
      environmentSlug: 'rerun-env',
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const groupId: string = triggered.body.planGroupRunId;
    const statusOf = new Map(cases.map((c, i) => [c.id, ended[i]]));
    const runs: Array<{ id: string; test_case_id: string }> = await t.app.deps.db.query(
      'SELECT id, test_case_id FROM runs WHERE plan_group_id = ?',
      [groupId],
    );
    assert.equal(runs.length, cases.length);
    for (const r of runs)
      await t.app.deps.db.query('UPDATE runs SET status = ?, finished_at = ? WHERE id = ?', [
        statusOf.get(r.test_case_id),
        Date.now(),
        r.id,
      ]);

    const notPassing = cases.filter((c) => statusOf.get(c.id) !== 'passing').map((c) => c.id);
    const passed = cases.filter((c) => statusOf.get(c.id) === 'passing').map((c) => c.id);
    // The number the console's button shows.
    const group = await rest(t.app, t.org.apiKey, 'GET', `/api/plan-groups/${groupId}`);
    assert.equal(group.body.summary.failed + group.body.summary.inconclusive, notPassing.length);

    const rerun = await rest(
      t.app,
      t.org.apiKey,
      'POST',
      '/api/runs/rerun',
      { planGroupRunId: groupId, only: 'not_passing' },
      { 'Idempotency-Key': key() },
    );
    assert.ok(rerun.status < 300, JSON.stringify(rerun.body));
    assert.equal(rerun.body.rerunOf, groupId);
    const rerunCases = [];
    for (const runId of rerun.body.runIds)
      rerunCases.push((await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${runId}`)).body.testCaseId);
    assert.deepEqual(rerunCases.sort(), [...notPassing].sort(), 'every member that did not pass, once');
    assert.deepEqual(
      rerun.body.carried.map((c: { testCaseId: string }) => c.testCaseId).sort(),
      [...passed].sort(),
      'the ones that passed are carried, not run',
    );

    const next = await rest(t.app, t.org.apiKey, 'GET', `/api/plan-groups/${rerun.body.planGroupRunId}`);
    const members = new Map(
      next.body.members.map((m: { testCaseId: string; status: string }) => [m.testCaseId, m.status]),
    );
    for (const id of passed) assert.equal(members.get(id), 'passed_in_original');
    for (const id of notPassing) assert.equal(members.get(id), 'queued');
  });
});
