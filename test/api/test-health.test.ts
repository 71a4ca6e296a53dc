import assert from 'node:assert/strict';
import { newId } from '../../core/ids';
import { createOrg, newCase, useApp, type TestOrg } from '../helpers/app';
import { rest } from '../helpers/rest';

/**
 * Test Case health and the flakiest cases (issue 35), counted from ended Runs. The Runs are written
 * straight to the table: what is tested is the counting, over Runs whose outcomes the test chooses.
 */
describe('Test Case health and the flakiest cases', () => {
  const t = useApp();
  let clock = Date.now();

  async function runs(org: TestOrg, testCaseId: string, environmentSlug: string, outcomes: string[]) {
    const finished: number[] = [];
    for (const outcome of outcomes) {
      const [status, flaky] = outcome.split(':');
      const at = (clock += 1000);
      await t.app.deps.db.query(
        `INSERT INTO runs (id, org_id, test_case_id, environment_slug, status, flaky, platforms, targets, steps, trigger_info, created_at, updated_at, finished_at)
         VALUES (?, ?, ?, ?, ?, ?, '["web"]', '{}', '[]', '{}', ?, ?, ?)`,
        [
          newId('run'),
          org.orgId,
          testCaseId,
          environmentSlug,
          status,
          flaky ? 1 : 0,
          at,
          at,
          status === 'queued' ? null : at,
        ],
      );
      finished.push(at);
      await new Promise((r) => setTimeout(r, 2)); // ids sort by time: one millisecond apart at least
    }
    return finished;
  }

  let caseA: string;
  let caseB: string;
  let lastPassA: number;
  before(async () => {
    caseA = (await newCase(t, { name: 'Checkout' })).id;
    caseB = (await newCase(t, { name: 'Search' })).id;
    const caseC = (await newCase(t, { name: 'Home' })).id;
    // Oldest first. Flaky passes: 2 of 5 ended Runs in staging (the queued one does not count).
    const staging = await runs(t.org, caseA, 'staging', [
      'passing:flaky',
      'passing',
      'failed',
      'passing:flaky',
      'unverified',
      'queued',
    ]);
    lastPassA = staging[3];
    await runs(t.org, caseA, 'prod', ['passing', 'passing']);
    await runs(t.org, caseB, 'staging', ['passing:flaky']);
    await runs(t.org, caseC, 'staging', ['passing', 'failed']);
  });

  it('counts a case per environment over its recent ended Runs: passes, failures, flaky passes, flake rate, last pass', async () => {
    const res = await rest(t.app, t.org.apiKey, 'GET', `/api/test-cases/${caseA}/health`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.window, 20);
    const byEnv = Object.fromEntries(res.body.environments.map((e: any) => [e.environmentSlug, e]));
    assert.deepEqual(byEnv.staging, {
      environmentSlug: 'staging',
      runs: 5,
      passes: 3,
      failures: 1,
      flakyPasses: 2,
      flakeRate: 0.4,
      lastPassAt: lastPassA,
    });
    assert.equal(byEnv.prod.flakeRate, 0);
    assert.equal(byEnv.prod.passes, 2);
    // The window counts the most recent ended Runs: the unverified one and the flaky pass before it.
    const recent = await rest(t.app, t.org.apiKey, 'GET', `/api/test-cases/${caseA}/health?window=2`);
    const staging = recent.body.environments.find((e: any) => e.environmentSlug === 'staging');
    assert.deepEqual([staging.runs, staging.passes, staging.flakyPasses, staging.flakeRate], [2, 1, 1, 0.5]);
  });

  it('lists the flakiest cases by flake rate, bounded and paged; cases without a flaky pass are not listed', async () => {
    const res = await rest(t.app, t.org.apiKey, 'GET', '/api/insights/flaky');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.items.map((i: any) => [i.name, i.environmentSlug, i.flakeRate]),
      [
        ['Search', 'staging', 1],
        ['Checkout', 'staging', 0.4],
      ],
    );
    const second = await rest(t.app, t.org.apiKey, 'GET', '/api/insights/flaky?limit=1&offset=1');
    assert.deepEqual(
      second.body.items.map((i: any) => i.testCaseId),
      [caseA],
    );
    assert.equal((await rest(t.app, t.org.apiKey, 'GET', '/api/insights/flaky?limit=101')).status, 400);
    // A case quarantined by hand is marked as such in the list.
    const put = await rest(t.app, t.org.apiKey, 'POST', `/api/test-cases/${caseA}/quarantine`, { reason: 'flaky' });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const marked = await rest(t.app, t.org.apiKey, 'GET', '/api/insights/flaky');
    assert.deepEqual(
      marked.body.items.map((i: any) => [i.testCaseId === caseA, i.quarantined]),
      [
        [false, false],
        [true, true],
      ],
    );
    await rest(t.app, t.org.apiKey, 'DELETE', `/api/test-cases/${caseA}/quarantine`);
  });

  it("keeps to the caller's organization", async () => {
    const other = await createOrg(t.app.deps);
    assert.equal((await rest(t.app, other.apiKey, 'GET', `/api/test-cases/${caseA}/health`)).status, 404);
    assert.deepEqual((await rest(t.app, other.apiKey, 'GET', '/api/insights/flaky')).body.items, []);
    assert.equal(caseB.startsWith('tc_'), true);
  });
});
