import assert from 'node:assert/strict';
import { environment, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';
import { privateQueues, useWorkers } from '../helpers/temporal';

/** The specification: "The plan-by-environment matrix holds at most 8 entries by default". */
const MATRIX_LIMIT = 8;

describe('the run request matrix at its bound: 8 entries accepted, 9 refused', function () {
  this.timeout(180_000);
  const t = useApp(() => privateQueues());
  // Orchestration only, no runner: the accepted Runs (and so the request) stay queued.
  useWorkers(t, { runnerPlatforms: [] });
  const runCount = async () =>
    Number((await t.app.deps.db.query('SELECT COUNT(*) AS n FROM runs WHERE org_id = ?', [t.org.orgId]))[0].n);
  const plans = Array.from({ length: MATRIX_LIMIT + 1 }, (_, i) => `Matrix plan ${i + 1}`);

  before(async () => {
    for (const slug of ['env-a', 'env-b', 'env-c'])
      await environment(t, slug, { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
    for (const name of plans) {
      const res = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
        name,
        steps: [{ action: 'navigate', target: '/' }],
      });
      assert.ok(res.status >= 200 && res.status < 300, JSON.stringify(res.body));
    }
  });

  const request = async (planNames: string[], environmentSlugs: string[]) => {
    const res = await rest(t.app, t.org.apiKey, 'POST', '/api/run-requests', { planNames, environmentSlugs });
    assert.ok(res.status >= 200 && res.status < 300, JSON.stringify(res.body));
    // Accepted requests stay `queued` here (no runner); resolution is over once interpreting ends.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const reply = await rest(t.app, t.org.apiKey, 'GET', `/api/run-requests/status?id=${res.body.requestId}`);
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      if (reply.body.status !== 'interpreting') return reply.body;
      assert.ok(Date.now() < deadline, 'still interpreting after 60 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  const shapes: Array<[string, number, number]> = [
    ['8 plans × 1 environment', 8, 1],
    ['4 plans × 2 environments', 4, 2],
  ];
  for (const [name, planCount, envCount] of shapes) {
    it(`accepts ${name} (exactly ${MATRIX_LIMIT} entries) and queues ${MATRIX_LIMIT} Runs`, async () => {
      const before = await runCount();
      const done = await request(plans.slice(0, planCount), ['env-a', 'env-b', 'env-c'].slice(0, envCount));
      assert.equal(done.status, 'queued', JSON.stringify(done));
      assert.equal(done.entries.length, MATRIX_LIMIT);
      assert.ok(done.entries.every((e: { runId?: string }) => typeof e.runId === 'string'));
      assert.equal(await runCount(), before + MATRIX_LIMIT);
    });
  }

  const over: Array<[string, number, number]> = [
    ['9 plans × 1 environment', 9, 1],
    ['3 plans × 3 environments', 3, 3],
  ];
  for (const [name, planCount, envCount] of over) {
    it(`refuses ${name} (${MATRIX_LIMIT + 1} entries) and queues nothing`, async () => {
      const before = await runCount();
      const done = await request(plans.slice(0, planCount), ['env-a', 'env-b', 'env-c'].slice(0, envCount));
      assert.equal(done.status, 'rejected');
      assert.deepEqual(done.entries, []);
      assert.match(done.rejectionReasons.join('\n'), /at most 8/);
      assert.equal(await runCount(), before);
    });
  }
});
