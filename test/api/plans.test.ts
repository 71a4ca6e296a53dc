import assert from 'node:assert/strict';
import { call, createOrg, environment, key, newCase, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';

describe('test_plan operations', () => {
  const t = useApp();
  const cases: Array<{ id: string; name: string }> = [];
  before(async () => {
    for (const name of ['A', 'B', 'C']) cases.push(await newCase(t, { name }));
    await environment(t, 'no-runner', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
  });

  const members = (plan: { members: Array<{ testCaseId: string }> }) => plan.members.map((m) => m.testCaseId);

  it('creates with ordered members and gets them back in order', async () => {
    const res = await call(t.app, t.org.apiKey, 'test_plan.create', {
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
    const got = await call(t.app, t.org.apiKey, 'test_plan.get', { testPlanId: res.body.id });
    assert.deepEqual(got.body, res.body);
    const list = await call(t.app, t.org.apiKey, 'test_plan.list', {});
    assert.equal(list.body.items[0].id, res.body.id);
    assert.equal(list.body.items[0].memberCount, 2);
  });

  it('adds and reorders without confirm, but removing needs confirm and lists what would be dropped', async () => {
    const plan = (
      await call(t.app, t.org.apiKey, 'test_plan.create', {
        idempotencyKey: key(),
        name: 'Reg',
        testCaseIds: [cases[0].id, cases[1].id],
      })
    ).body;
    const grown = await call(t.app, t.org.apiKey, 'test_plan.set_members', {
      idempotencyKey: key(),
      testPlanId: plan.id,
      testCaseIds: [cases[1].id, cases[0].id, cases[2].id],
    });
    assert.equal(grown.status, 200);
    assert.deepEqual(members(grown.body), [cases[1].id, cases[0].id, cases[2].id]);

    const shrink = await call(t.app, t.org.apiKey, 'test_plan.set_members', {
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
    assert.deepEqual(shrink.body.error.details.wouldChange.added, [], 'C is a member already');
    assert.deepEqual(shrink.body.error.details.wouldChange.memberCount, { from: 3, to: 1 });
    assert.deepEqual(members((await call(t.app, t.org.apiKey, 'test_plan.get', { testPlanId: plan.id })).body), [
      cases[1].id,
      cases[0].id,
      cases[2].id,
    ]);

    const confirmed = await call(t.app, t.org.apiKey, 'test_plan.set_members', {
      idempotencyKey: key(),
      testPlanId: plan.id,
      testCaseIds: [cases[2].id],
      confirm: true,
    });
    assert.deepEqual(members(confirmed.body), [cases[2].id]);
  });

  it('a trigger without scope "changed" runs every member, covers: tags or not (docs/ci.md)', async () => {
    // An organization of its own: the Runs it queues stay out of the other tests' counts.
    const own = { app: t.app, org: await createOrg(t.app.deps) };
    await environment(own, 'no-runner', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
    const tagged = await newCase(own, { name: 'Login', tags: ['covers:src/login/**'] });
    const untagged = await newCase(own, { name: 'A' });
    const plan = await call(t.app, own.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Tagged',
      testCaseIds: [tagged.id, untagged.id],
    });
    const trigger = (fields: Record<string, unknown>) =>
      call(t.app, own.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testPlanId: plan.body.id,
        environmentSlug: 'no-runner',
        ...fields,
      });
    const all = await trigger({});
    assert.equal(all.status, 200, JSON.stringify(all.body));
    assert.equal(all.body.runIds.length, 2);
    assert.ok(!('selection' in all.body), 'no selection was asked for');
    const unknownEnvironment = await trigger({ environmentSlug: 'nowhere' });
    assert.equal(unknownEnvironment.status, 404, JSON.stringify(unknownEnvironment.body));
    assert.equal(unknownEnvironment.body.error.code, 'NOT_FOUND');
    const unknownCase = await call(t.app, own.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: 'tc_00000000000000000000000000',
      environmentSlug: 'no-runner',
    });
    assert.equal(unknownCase.status, 404, JSON.stringify(unknownCase.body));
    const changed = await trigger({ scope: 'changed', changedFiles: ['docs/readme.md'] });
    assert.equal(changed.body.runIds.length, 1, 'only the member without a covers: tag');
    assert.deepEqual(
      changed.body.selection.map((m: { name: string; selected: boolean }) => [m.name, m.selected]),
      [
        ['Login', false],
        ['A', true],
      ],
    );
  });

  it('refuses unknown or foreign members, and duplicates', async () => {
    const other = await createOrg(t.app.deps);
    const foreign = await call(t.app, other.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'X',
      testCaseIds: [cases[0].id],
    });
    assert.equal(foreign.status, 404);
    assert.deepEqual(foreign.body.error.details.missingTestCaseIds, [cases[0].id]);
    const dup = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'X',
      testCaseIds: [cases[0].id, cases[0].id],
    });
    assert.equal(dup.status, 400);
    const missingPlan = await call(t.app, t.org.apiKey, 'test_plan.get', {
      testPlanId: 'tp_00000000000000000000000000',
    });
    assert.equal(missingPlan.status, 404);
  });

  /** A new plan of these cases, triggered on an Environment no runner serves here (its Runs stay queued). */
  const triggerNewPlan = async (name: string, testCaseIds: string[]) => {
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name,
      ...(testCaseIds.length ? { testCaseIds } : {}),
    });
    assert.equal(plan.status, 200, JSON.stringify(plan.body));
    return call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testPlanId: plan.body.id,
      environmentSlug: 'no-runner',
    });
  };

  it('re-runs a plan group only once it has ended: while a Run is queued it is FAILED_PRECONDITION', async () => {
    // No runner here: the group's Runs stay queued.
    const triggered = await triggerNewPlan('Still going', [cases[0].id]);
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const rerun = await call(t.app, t.org.apiKey, 'run.rerun', {
      idempotencyKey: key(),
      planGroupRunId: triggered.body.planGroupRunId,
      only: 'not_passing',
    });
    assert.equal(rerun.status, 422, JSON.stringify(rerun.body));
    assert.equal(rerun.body.error.code, 'FAILED_PRECONDITION');
    assert.match(rerun.body.error.message, /still running/);
    const runs = await call(t.app, t.org.apiKey, 'run.list', {});
    assert.equal(runs.body.items.length, 1, 'nothing more was queued');
  });

  it('re-runs one Run only once it has ended: while it is queued it is FAILED_PRECONDITION', async () => {
    const triggered = await triggerNewPlan('One still queued', [cases[0].id]);
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const [runId] = triggered.body.runIds;
    const before = (await call(t.app, t.org.apiKey, 'run.list', {})).body.items.length;
    const rerun = await rest(t.app, t.org.apiKey, 'POST', `/api/runs/${runId}/rerun`, {}, { 'Idempotency-Key': key() });
    assert.equal(rerun.status, 422, JSON.stringify(rerun.body));
    assert.equal(rerun.body.code, 'FAILED_PRECONDITION', JSON.stringify(rerun.body));
    const after = (await call(t.app, t.org.apiKey, 'run.list', {})).body.items.length;
    assert.equal(after, before, 'nothing more was queued');
  });

  it('refuses to trigger a plan with neither steps nor members, and queues nothing', async () => {
    const before = (await call(t.app, t.org.apiKey, 'run.list', {})).body.items.length;
    const triggered = await triggerNewPlan('Empty', []);
    assert.equal(triggered.status, 422, JSON.stringify(triggered.body));
    assert.equal(triggered.body.error.code, 'FAILED_PRECONDITION');
    assert.match(triggered.body.error.message, /no steps and no member Test Cases/);
    assert.equal((await call(t.app, t.org.apiKey, 'run.list', {})).body.items.length, before);
  });
});
