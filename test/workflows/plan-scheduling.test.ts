import assert from 'node:assert/strict';
import { call, environment, key, newCase, useApp, type AppFixture } from '../helpers/app';
import { recordHistory } from '../helpers/histories';
import { rest } from '../helpers/rest';
import { startSite, type TestSite } from '../helpers/site';
import { privateQueues, useWorkers } from '../helpers/temporal';

/**
 * Plan groups scheduled by what is known (issue 80): members start failed-last-time first, then
 * longest first by their history on the Environment (no history: by step count); fail fast and a
 * superseding group cancel the right members, which end canceled, never failed, and the group's
 * counts stay right. Real stack: app, Temporal, workers with Chromium, a loopback site.
 */

interface Member {
  testCaseId: string;
  runId: string;
  status: string;
  reason?: string;
  scheduling?: { order: number; basis: string; failedLast: boolean; reason: string; canceledBy?: string };
}
interface Group {
  finished: boolean;
  members: Member[];
  summary: { total: number; passed: number; failed: number; inconclusive: number; running: number };
  scheduling?: { slots: number; expectedEndAt?: number; stopped?: { cause: string; supersededBy?: string } };
}

const pass = (target = '/') => ({ action: 'navigate', target });
/** Fails at once, before its first step: it needs a runtime value the Environment lacks. */
const fail = { action: 'fill', target: 'Email', valueSpec: { kind: 'environment', variable: 'NO_SUCH_VALUE' } };

function suite(t: AppFixture, slowMs: number) {
  let site: TestSite;
  before(async () => {
    site = await startSite('Sched-Passphrase-31', { slowMs });
    t.onClose(() => site.close());
    await environment(t, 'local', { targets: { web: { baseUrl: site.url } } });
  });
  const group = async (id: string) => (await rest<Group>(t.app, t.org.apiKey, 'GET', `/api/plan-groups/${id}`)).body;
  return {
    group,
    async until(id: string, done: (g: Group) => boolean, limitMs = 120_000): Promise<Group> {
      const deadline = Date.now() + limitMs;
      for (;;) {
        const g = await group(id);
        if (done(g)) return g;
        if (Date.now() > deadline) throw new Error(`plan group ${id}: ${JSON.stringify(g.summary)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    async plan(cases: Array<{ name: string; steps: unknown[] }>, fields: Record<string, unknown> = {}) {
      const ids: string[] = [];
      for (const c of cases) ids.push((await newCase(t, c)).id);
      const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
        idempotencyKey: key(),
        name: `plan ${key()}`,
        testCaseIds: ids,
        ...fields,
      });
      assert.equal(plan.status, 200, JSON.stringify(plan.body));
      return { testPlanId: plan.body.id as string, ids };
    },
    async trigger(body: Record<string, unknown>) {
      const reply = await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        environmentSlug: 'local',
        ...body,
      });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      return reply.body as { planGroupRunId: string; runIds: string[]; superseded?: string[] };
    },
  };
}

const startedAt = async (t: AppFixture, runIds: string[]) => {
  const rows: Array<{ id: string; started_at: string | null }> = await t.app.deps.db.query(
    'SELECT id, started_at FROM runs WHERE id IN (?)',
    [runIds],
  );
  return new Map(rows.map((r) => [r.id, r.started_at === null ? null : Number(r.started_at)]));
};

describe('plan groups scheduled by what is known: one member at a time', function () {
  this.timeout(300_000);
  const t = useApp(() => ({ ...privateQueues(), PLAN_GROUP_WINDOW: '1' }));
  useWorkers(t);
  const s = suite(t, 6_000);

  it('starts the case that failed last time first, then the longest (a long case listed last), then by step count', async () => {
    // Listed: short A, short B (failed last time), D (4 steps, never ran here), long C last.
    const { testPlanId, ids } = await s.plan([
      { name: 'short A', steps: [pass()] },
      { name: 'short B', steps: [pass()] },
      { name: 'four steps D', steps: [pass(), pass(), pass(), pass()] },
      { name: 'long C', steps: [pass()] },
    ]);
    const [a, b, d, c] = ids;
    // History on this Environment: one earlier group, its Runs' outcomes and durations set as known.
    const first = await s.trigger({ testPlanId });
    await s.until(first.planGroupRunId, (g) => g.finished);
    const past = new Map([
      [a, { status: 'passing', ms: 1_000 }],
      [b, { status: 'failed', ms: 1_000 }],
      [c, { status: 'passing', ms: 20_000 }],
    ]);
    for (const m of (await s.group(first.planGroupRunId)).members) {
      const known = past.get(m.testCaseId);
      if (known)
        await t.app.deps.db.query('UPDATE runs SET status = ?, started_at = 1000, finished_at = ? WHERE id = ?', [
          known.status,
          1_000 + known.ms,
          m.runId,
        ]);
      // D has no history here: its earlier Run is taken out of the Environment.
      else await t.app.deps.db.query('UPDATE runs SET environment_slug = NULL WHERE id = ?', [m.runId]);
    }

    const second = await s.trigger({ testPlanId });
    const done = await s.until(second.planGroupRunId, (g) => g.finished);
    const byCase = new Map(done.members.map((m) => [m.testCaseId, m] as const));
    const expected = [b, c, d, a];
    assert.deepEqual(
      expected.map((id) => byCase.get(id)!.scheduling?.order),
      [1, 2, 3, 4],
      'failed last time first, then longest first; D by its 4 steps (4 × the 1 s a step takes here) before A',
    );
    assert.equal(byCase.get(b)!.scheduling!.failedLast, true);
    assert.match(byCase.get(b)!.scheduling!.reason, /failed last time/);
    assert.equal(byCase.get(c)!.scheduling!.basis, 'history');
    assert.equal(byCase.get(d)!.scheduling!.basis, 'step_count');
    // What happened, not only what was planned: one slot, so the starts follow the order.
    const starts = await startedAt(
      t,
      expected.map((id) => byCase.get(id)!.runId),
    );
    const times = expected.map((id) => starts.get(byCase.get(id)!.runId)!);
    assert.deepEqual(
      [...times].sort((x, y) => x - y),
      times,
      'the members started in that order',
    );
    assert.equal(done.summary.passed, 4);
    await recordHistory(t.app, `plan-group-${second.planGroupRunId}`, 'planGroupWorkflow-scheduled-completed');
  });

  it('a superseding trigger cancels the older group of the same plan, Environment and branch only', async () => {
    const { testPlanId, ids } = await s.plan([
      { name: 'slow S', steps: [pass('/slow')] },
      { name: 'quick Q1', steps: [pass()] },
      { name: 'quick Q2', steps: [pass()] },
    ]);
    const other = await s.trigger({ testPlanId, branch: 'feature' });
    const older = await s.trigger({ testPlanId, branch: 'main' });
    // The older group's slow member is running when the newer trigger arrives.
    const running = await s.until(older.planGroupRunId, (g) => g.members.some((m) => m.status === 'running'));
    // While it runs the group shows when it is expected to end: not before now.
    const readAt = Date.now();
    assert.equal(typeof running.scheduling?.expectedEndAt, 'number');
    assert.ok(running.scheduling!.expectedEndAt! >= readAt - 5_000, 'the expected end is not in the past');
    const newer = await s.trigger({ testPlanId, branch: 'main', cancelSuperseded: true });
    assert.deepEqual(newer.superseded, [older.planGroupRunId], 'the older group on main; not the one on feature');

    const stopped = await s.until(older.planGroupRunId, (g) => g.finished);
    for (const m of stopped.members) {
      assert.equal(m.status, 'canceled', `${m.testCaseId} canceled, never failed`);
      assert.equal(m.scheduling?.canceledBy, 'superseded');
      assert.match(m.reason ?? '', new RegExp(newer.planGroupRunId));
    }
    assert.equal(stopped.scheduling?.stopped?.cause, 'superseded');
    assert.equal(stopped.scheduling?.stopped?.supersededBy, newer.planGroupRunId);
    assert.deepEqual(
      [stopped.summary.total, stopped.summary.passed, stopped.summary.failed, stopped.summary.inconclusive],
      [3, 0, 0, 3],
    );
    const run = await call(t.app, t.org.apiKey, 'run.get', { runId: stopped.members[0].runId });
    assert.equal(run.body.status, 'canceled');
    assert.notEqual(run.body.verdict, 'failed');

    const [kept, next] = await Promise.all([
      s.until(other.planGroupRunId, (g) => g.finished),
      s.until(newer.planGroupRunId, (g) => g.finished),
    ]);
    assert.equal(kept.summary.passed, ids.length, 'the group on another branch ran on');
    assert.equal(kept.scheduling?.stopped, undefined);
    assert.equal(next.summary.passed, ids.length);
    await recordHistory(t.app, `plan-group-${older.planGroupRunId}`, 'planGroupWorkflow-scheduled-superseded');
  });

  it('refuses failFast and cancelSuperseded on a single Test Case', async () => {
    const testCase = await newCase(t, { name: 'single' });
    const reply = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      environmentSlug: 'local',
      failFast: {},
    });
    assert.equal(reply.status, 400);
    assert.equal(reply.body.error.code, 'INVALID_ARGUMENT');
  });
});

describe('plan groups scheduled by what is known: fail fast on two slots', function () {
  this.timeout(300_000);
  const t = useApp(() => ({ ...privateQueues(), PLAN_GROUP_WINDOW: '2' }));
  useWorkers(t);
  // The slow page answers after 10 s: the slow member is still running when its neighbour fails.
  const s = suite(t, 10_000);

  it('cancels the running and the unstarted members after the first failure; they end canceled, not failed', async () => {
    const { testPlanId, ids } = await s.plan([
      { name: 'slow S', steps: [pass('/slow')] },
      { name: 'failing F', steps: [fail] },
      { name: 'passing P', steps: [pass()] },
    ]);
    const [slow, failing, passing] = ids;
    const triggered = await s.trigger({ testPlanId, failFast: {} });
    const done = await s.until(triggered.planGroupRunId, (g) => g.finished);
    const status = new Map(done.members.map((m) => [m.testCaseId, m] as const));
    assert.equal(status.get(failing)!.status, 'failed');
    for (const id of [slow, passing]) {
      assert.equal(status.get(id)!.status, 'canceled');
      assert.equal(status.get(id)!.scheduling?.canceledBy, 'fail_fast');
      assert.match(status.get(id)!.reason ?? '', /fail fast/);
    }
    assert.deepEqual(
      [done.summary.total, done.summary.passed, done.summary.failed, done.summary.inconclusive, done.summary.running],
      [3, 0, 1, 2, 0],
    );
    assert.equal(done.scheduling?.stopped?.cause, 'fail_fast');
    // The Run itself says so too, for a client that reads only run.get.
    const slowRun = await call(t.app, t.org.apiKey, 'run.get', { runId: status.get(slow)!.runId });
    assert.equal(slowRun.body.status, 'canceled');
    assert.match(slowRun.body.diagnosis?.reason ?? '', /fail fast/);
    // The unstarted member never ran: no step of it reached the site.
    const started = await startedAt(t, [status.get(passing)!.runId]);
    assert.equal(started.get(status.get(passing)!.runId), null);
    await recordHistory(t.app, `plan-group-${triggered.planGroupRunId}`, 'planGroupWorkflow-scheduled-fail-fast');
  });

  it('after N failures: one failure of two allowed lets the others finish', async () => {
    const { testPlanId, ids } = await s.plan([
      { name: 'failing F', steps: [fail] },
      { name: 'passing P1', steps: [pass()] },
      { name: 'passing P2', steps: [pass()] },
    ]);
    const triggered = await s.trigger({ testPlanId, failFast: { afterFailures: 2 } });
    const done = await s.until(triggered.planGroupRunId, (g) => g.finished);
    assert.deepEqual([done.summary.passed, done.summary.failed, done.summary.inconclusive], [ids.length - 1, 1, 0]);
    assert.equal(done.scheduling?.stopped, undefined);
  });

  it("a plan's own failFast stops its groups when the trigger says nothing", async () => {
    const { testPlanId, ids } = await s.plan(
      [
        { name: 'failing F', steps: [fail] },
        { name: 'slow S', steps: [pass('/slow')] },
        { name: 'passing P', steps: [pass()] },
      ],
      { failFast: {} },
    );
    const plan = await call(t.app, t.org.apiKey, 'test_plan.get', { testPlanId });
    assert.deepEqual(plan.body.failFast, { afterFailures: 1 });
    const triggered = await s.trigger({ testPlanId });
    const done = await s.until(triggered.planGroupRunId, (g) => g.finished);
    const byCase = new Map(done.members.map((m) => [m.testCaseId, m] as const));
    assert.equal(byCase.get(ids[0])!.status, 'failed');
    assert.equal(byCase.get(ids[2])!.status, 'canceled', 'the member not started is canceled');
    assert.equal(byCase.get(ids[2])!.scheduling?.canceledBy, 'fail_fast');
    assert.equal(done.summary.failed, 1);
  });
});
