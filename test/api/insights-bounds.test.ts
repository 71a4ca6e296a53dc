import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { idFloor, newId } from '../../core/ids';
import { createOrg, useApp, type TestOrg } from '../helpers/app';
import { rest } from '../helpers/rest';

/**
 * The bounds docs/interface.md states for the insights: pass rate over 1..90 days, at most 20
 * series (those with the most Runs), over the newest 50,000 ended plan Runs of the window; slow
 * steps `limit` 1..50, over the newest 5,000 Runs. Each bound is met exactly and passed by one.
 * The Runs are written straight to the table: what is tested is the counting, over Runs whose
 * number, age and outcome the test chooses.
 */
describe('insights are bounded as documented', function () {
  this.timeout(120_000);
  const t = useApp();
  const DAY = 86_400_000;

  interface RunRow {
    plan?: string;
    testCase?: string;
    status?: string;
    /** An id of this time (ids are time-ordered; the window is an id floor); the newest otherwise. */
    at?: number;
    /** Duration of its one step, in ms (slow steps). */
    stepMs?: number;
  }

  /** Writes Runs in order, oldest first: each later one has the greater id. */
  async function insertRuns(org: TestOrg, rows: RunRow[]) {
    const now = Date.now();
    for (let i = 0; i < rows.length; i += 2000) {
      const batch = rows.slice(i, i + 2000).map((r) => {
        const id = r.at === undefined ? newId('run') : `${idFloor('run', r.at).slice(0, -16)}${suffix()}`;
        return { id, r, at: r.at ?? now };
      });
      await t.app.deps.db.query(
        `INSERT INTO runs (id, org_id, test_case_id, test_plan_id, environment_slug, status, platforms, targets, steps,
                           trigger_info, created_at, updated_at, finished_at)
         VALUES ${batch.map(() => `(?, ?, ?, ?, 'staging', ?, '["web"]', '{}', '[]', '{}', ?, ?, ?)`).join(', ')}`,
        batch.flatMap(({ id, r, at }) => [
          id,
          org.orgId,
          r.testCase ?? null,
          r.plan ?? null,
          r.status ?? 'passing',
          at,
          at,
          at,
        ]),
      );
      const steps = batch.filter((b) => b.r.stepMs !== undefined);
      if (steps.length)
        await t.app.deps.db.query(
          `INSERT INTO run_steps (run_id, step_index, action, target, platform, status, duration_ms, updated_at)
           VALUES ${steps.map(() => `(?, 0, 'click', 'Pay', 'web', 'passed', ?, ?)`).join(', ')}`,
          steps.flatMap(({ id, r, at }) => [id, r.stepMs, at]),
        );
    }
  }
  const suffix = () => [...randomBytes(16)].map((b) => '0123456789abcdefghjkmnpqrstvwxyz'[b % 32]).join('');
  const planId = (label: string) => `tp_${label.padEnd(26, '0')}`;
  const times = <T>(n: number, row: T) => Array.from({ length: n }, () => row);
  const get = (org: TestOrg, path: string) => rest(t.app, org.apiKey, 'GET', path);
  const seriesOf = (body: any) =>
    Object.fromEntries(body.series.map((s: { testPlanId: string; runs: number }) => [s.testPlanId, s.runs]));

  it('pass rate: days 1..90', async () => {
    for (const days of [1, 90]) assert.equal((await get(t.org, `/api/insights/pass-rate?days=${days}`)).status, 200);
    for (const days of [0, 91]) assert.equal((await get(t.org, `/api/insights/pass-rate?days=${days}`)).status, 400);
  });

  it('pass rate: counts the Runs of the last `days` days only', async () => {
    const org = await createOrg(t.app.deps);
    const p = planId('window');
    await insertRuns(org, [{ plan: p, at: Date.now() - 2 * DAY - 3_600_000 }, { plan: p }]);
    assert.equal(seriesOf((await get(org, '/api/insights/pass-rate?days=2')).body)[p], 1);
    assert.equal(seriesOf((await get(org, '/api/insights/pass-rate?days=3')).body)[p], 2);
  });

  it('pass rate: at most 20 series, those with the most Runs', async () => {
    const org = await createOrg(t.app.deps);
    // Plan i has i + 1 ended Runs: the one with a single Run is the one left out.
    const plans = Array.from({ length: 21 }, (_, i) => planId(`series${String(i).padStart(2, '0')}`));
    await insertRuns(
      org,
      plans.flatMap((plan, i) => times(i + 1, { plan })),
    );
    const got = seriesOf((await get(org, '/api/insights/pass-rate')).body);
    assert.deepEqual(got, Object.fromEntries(plans.slice(1).map((plan, i) => [plan, i + 2])));
  });

  it('pass rate: keeps the series with the most Runs however many smaller ones the window holds', async () => {
    const org = await createOrg(t.app.deps);
    // 5,000 plans with one Run each, and the busiest plan's id sorting after all of theirs.
    const busiest = planId('zzzz');
    await insertRuns(org, [
      ...Array.from({ length: 5000 }, (_, i) => ({ plan: planId(`small${String(i).padStart(5, '0')}`) })),
      ...times(3, { plan: busiest }),
    ]);
    const { body } = await get(org, '/api/insights/pass-rate');
    assert.equal(body.series.length, 20);
    assert.equal(body.series[0].testPlanId, busiest);
    assert.equal(body.series[0].runs, 3);
  });

  it('pass rate: counts only ended plan Runs, the newest 50,000 of the window', async () => {
    const org = await createOrg(t.app.deps);
    const [older, newest, running, noPlan] = ['older', 'newest', 'running', ''].map(planId);
    await insertRuns(org, [
      { plan: older },
      ...times(50_000, { plan: newest }),
      // Newer still, and not counted at all: a Run still running, a Run of no plan.
      { plan: running, status: 'running' },
      { testCase: `tc_${noPlan.slice(3)}` },
    ]);
    const got = seriesOf((await get(org, '/api/insights/pass-rate')).body);
    assert.deepEqual(got, { [newest]: 50_000 });
  });

  it('slow steps: limit 1..50', async () => {
    const org = await createOrg(t.app.deps);
    await insertRuns(
      org,
      Array.from({ length: 51 }, (_, i) => ({
        testCase: `tc_${`steps${String(i).padStart(2, '0')}`.padEnd(26, '0')}`,
        stepMs: 1000 + i,
      })),
    );
    const fifty = await get(org, '/api/insights/slow-steps?limit=50');
    assert.equal(fifty.body.items.length, 50);
    assert.equal(fifty.body.items[0].maxMs, 1050, 'slowest first');
    assert.equal(fifty.body.items.at(-1).maxMs, 1001);
    for (const limit of [0, 51]) assert.equal((await get(org, `/api/insights/slow-steps?limit=${limit}`)).status, 400);
  });

  it('slow steps: over the newest 5,000 Runs of the window', async () => {
    const org = await createOrg(t.app.deps);
    const [older, newest] = ['older', 'newest'].map((label) => `tc_${label.padEnd(26, '0')}`);
    // The older Run's step is the slowest there is: it shows only if a 5,001st Run is counted.
    await insertRuns(org, [{ testCase: older, stepMs: 99_999 }, ...times(5000, { testCase: newest, stepMs: 10 })]);
    const { body } = await get(org, '/api/insights/slow-steps?limit=50');
    assert.deepEqual(
      body.items.map((i: { testCaseId: string; runs: number }) => [i.testCaseId, i.runs]),
      [[newest, 5000]],
    );
  });
});
