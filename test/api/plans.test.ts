import assert from 'node:assert/strict';
import { call, createOrg, key, startApp, type TestApp } from '../helpers/app';

describe('test_plan operations', () => {
  let app: TestApp;
  let org: { apiKey: string };
  const cases: Array<{ id: string; name: string }> = [];
  before(async () => {
    app = await startApp();
    org = await createOrg(app.deps);
    for (const name of ['A', 'B', 'C']) {
      const res = await call(app, org.apiKey, 'test_case.create', {
        idempotencyKey: key(),
        name,
        platforms: ['web'],
        steps: [{ action: 'navigate', target: '/' }],
      });
      cases.push(res.body);
    }
  });
  after(() => app.close());

  const members = (plan: { members: Array<{ testCaseId: string }> }) => plan.members.map((m) => m.testCaseId);

  it('creates with ordered members and gets them back in order', async () => {
    const res = await call(app, org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Smoke',
      testCaseIds: [cases[2].id, cases[0].id],
    });
    assert.equal(res.status, 200);
    assert.match(res.body.id, /^tp_/);
    assert.deepEqual(res.body.members, [
      { testCaseId: cases[2].id, name: 'C', position: 0 },
      { testCaseId: cases[0].id, name: 'A', position: 1 },
    ]);
    const got = await call(app, org.apiKey, 'test_plan.get', { testPlanId: res.body.id });
    assert.deepEqual(got.body, res.body);
    const list = await call(app, org.apiKey, 'test_plan.list', {});
    assert.equal(list.body.items[0].id, res.body.id);
    assert.equal(list.body.items[0].memberCount, 2);
  });

  it('adds and reorders without confirm, but removing needs confirm and lists what would be dropped', async () => {
    const plan = (
      await call(app, org.apiKey, 'test_plan.create', {
        idempotencyKey: key(),
        name: 'Reg',
        testCaseIds: [cases[0].id, cases[1].id],
      })
    ).body;
    const grown = await call(app, org.apiKey, 'test_plan.set_members', {
      idempotencyKey: key(),
      testPlanId: plan.id,
      testCaseIds: [cases[1].id, cases[0].id, cases[2].id],
    });
    assert.equal(grown.status, 200);
    assert.deepEqual(members(grown.body), [cases[1].id, cases[0].id, cases[2].id]);

    const shrink = await call(app, org.apiKey, 'test_plan.set_members', {
      idempotencyKey: key(),
      testPlanId: plan.id,
      testCaseIds: [cases[2].id],
    });
    assert.equal(shrink.status, 400);
    assert.equal(shrink.body.error.details.confirmRequired, true);
    assert.deepEqual(shrink.body.error.details.wouldChange.removed, [
      { testCaseId: cases[1].id, name: 'B' },
      { testCaseId: cases[0].id, name: 'A' },
    ]);
    assert.deepEqual(members((await call(app, org.apiKey, 'test_plan.get', { testPlanId: plan.id })).body), [
      cases[1].id,
      cases[0].id,
      cases[2].id,
    ]);

    const confirmed = await call(app, org.apiKey, 'test_plan.set_members', {
      idempotencyKey: key(),
      testPlanId: plan.id,
      testCaseIds: [cases[2].id],
      confirm: true,
    });
    assert.deepEqual(members(confirmed.body), [cases[2].id]);
  });

  it('refuses unknown or foreign members, and duplicates', async () => {
    const other = await createOrg(app.deps);
    const foreign = await call(app, other.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'X',
      testCaseIds: [cases[0].id],
    });
    assert.equal(foreign.status, 404);
    assert.deepEqual(foreign.body.error.details.missingTestCaseIds, [cases[0].id]);
    const dup = await call(app, org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'X',
      testCaseIds: [cases[0].id, cases[0].id],
    });
    assert.equal(dup.status, 400);
    const missingPlan = await call(app, org.apiKey, 'test_plan.get', { testPlanId: 'tp_00000000000000000000000000' });
    assert.equal(missingPlan.status, 404);
  });
});
