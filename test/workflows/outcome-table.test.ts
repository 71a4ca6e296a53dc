import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, environment, key, newCase, useApp, type WithOrg } from '../helpers/app';
import { lateButton } from '../helpers/late-button';
import { rest } from '../helpers/rest';
import { followRun, useRunStack } from '../helpers/runs';
import { privateQueues, useWorkers } from '../helpers/temporal';

// The specification's table (States and transitions), as data: status → verdict, validity, next.
// `verdict: undefined` is the specification's "omitted".
const OUTCOMES: Record<string, { verdict?: string; validity: string; next: string }> = {
  queued: { verdict: undefined, validity: 'not_evaluated', next: 'wait' },
  running: { verdict: undefined, validity: 'not_evaluated', next: 'wait' },
  retrying: { verdict: undefined, validity: 'not_evaluated', next: 'wait' },
  passing: { verdict: 'passed', validity: 'valid', next: 'none' },
  failed: { verdict: 'failed', validity: 'valid', next: 'evidence' },
  unverified: { verdict: 'unverified', validity: 'valid', next: 'evidence' },
  canceled: { verdict: 'unverified', validity: 'valid', next: 'none' },
  invalid: { verdict: 'unverified', validity: 'invalid', next: 'retry' },
};
/** "none (evidence when the Run is flaky)". */
const FLAKY_PASSING = { verdict: 'passed', validity: 'valid', next: 'evidence' };

/** Checks one row on run.get's state and the same Run's run.list item. */
async function assertRow(t: WithOrg, state: any, status: string, expected = OUTCOMES[status]) {
  assert.equal(state.status, status, JSON.stringify(state));
  assert.equal(state.verdict, expected.verdict, `${status}: verdict`);
  assert.equal('verdict' in state, expected.verdict !== undefined, `${status}: verdict omitted or present`);
  assert.equal(state.validity, expected.validity, `${status}: validity`);
  assert.equal(state.next, expected.next, `${status}: next`);
  const listed = await call(t.app, t.org.apiKey, 'run.list', { limit: 100 });
  const item = listed.body.items.find((i: { runId: string }) => i.runId === state.runId);
  assert.ok(item, 'the Run is listed');
  if (item.status === status) {
    assert.equal(item.verdict, expected.verdict);
    assert.equal(item.validity, expected.validity);
    assert.equal(item.next, expected.next);
  }
}

/**
 * Waits (by long-poll) until the Run shows `status`; answers that state. The last of five Runs may
 * wait behind the other four for minutes on a loaded host.
 */
async function until(t: WithOrg, runId: string, status: string, limitMs = 150_000) {
  const deadline = Date.now() + limitMs;
  let state = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
  while (state.status !== status) {
    if (Date.now() > deadline) throw new Error(`run ${runId} never ${status}; last ${state.status}`);
    state = (await call(t.app, t.org.apiKey, 'run.get', { runId, cursor: state.cursor, waitMs: 5000 })).body;
  }
  return state;
}

/**
 * A loopback site for the table: `/` passes, `/missing` is 404 (a demonstrated failure), `/late`
 * shows its button seconds into the click step looking for it (lateButton: a recovery, so a flaky
 * pass), `/slow` takes 8 s.
 */
async function startTableSite(): Promise<{ url: string; close(): Promise<void> }> {
  const page = (body: string) => `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;
  const server: Server = createServer((req, res) => {
    res.setHeader('Content-Type', 'text/html');
    const path = new URL(req.url ?? '/', 'http://site').pathname;
    if (path === '/missing' || path === '/favicon.ico') {
      res.statusCode = 404;
      res.end(page('<h1>Not found</h1>'));
    } else if (path === '/late') {
      res.end(page(`<h1>Late</h1>${lateButton('Go')}`));
    } else if (path === '/slow') {
      setTimeout(() => res.end(page('<h1>Slow</h1>')), 8000);
    } else {
      res.end(page('<h1>Home</h1><button>Here</button>'));
    }
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe('the outcome table, row by row, on real Runs', function () {
  this.timeout(180_000);
  const s = useRunStack('unused-password');
  let site: Awaited<ReturnType<typeof startTableSite>>;
  const runs: Record<string, string> = {};
  const cases: Record<string, string> = {};

  const STEPS: Record<string, unknown[]> = {
    passing: [{ action: 'navigate', target: '/' }],
    flaky: [
      { action: 'navigate', target: '/late' },
      { action: 'click', target: 'Go' },
    ],
    failed: [{ action: 'navigate', target: '/missing' }],
    unverified: [
      { action: 'navigate', target: '/' },
      { action: 'click', target: 'A control that never appears' },
    ],
    canceled: [
      { action: 'navigate', target: '/slow' },
      { action: 'click', target: 'Here' },
    ],
  };

  before(async () => {
    site = await startTableSite();
    await environment(s, 'table', { targets: { web: { baseUrl: site.url } } });
    // All Runs start together; each test follows its own.
    for (const [name, steps] of Object.entries(STEPS)) {
      cases[name] = (await newCase(s, { name, steps })).id;
      const trigger = await call(s.app, s.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: cases[name],
        environmentSlug: 'table',
        branch: `branch-${name}`,
      });
      assert.equal(trigger.status, 200, JSON.stringify(trigger.body));
      runs[name] = trigger.body.runIds[0];
    }
  });
  after(() => site?.close());

  it('running: no verdict, not_evaluated, wait, and no evidence yet', async () => {
    const state = await until(s, runs.canceled, 'running');
    await assertRow(s, state, 'running');
    assert.equal(state.evidenceAvailable, false, 'no step has finished');
    assert.equal(state.flaky, false);
  });

  it('canceled: unverified, valid, none', async () => {
    await until(s, runs.canceled, 'running');
    await (await s.app.deps.temporal()).workflow.getHandle(`run-${runs.canceled}`).cancel();
    const { state } = await followRun(s.app, s.org.apiKey, runs.canceled);
    await assertRow(s, state, 'canceled');
    assert.equal(state.diagnosis?.category, 'canceled');
  });

  it('passing, not flaky: passed, valid, none, with evidence', async () => {
    const { state } = await followRun(s.app, s.org.apiKey, runs.passing);
    await assertRow(s, state, 'passing');
    assert.equal(state.flaky, false);
    assert.equal(state.evidenceAvailable, true);
    const evidence = await call(s.app, s.org.apiKey, 'run.evidence', { runId: runs.passing });
    assert.equal(evidence.body.verdict, 'passed');
    assert.equal(evidence.body.validity, 'valid');
    assert.equal(evidence.body.steps.length, 1);
  });

  it('passing but flaky (a step needed a recovery): flaky true, next evidence', async () => {
    const { state } = await followRun(s.app, s.org.apiKey, runs.flaky);
    await assertRow(s, state, 'passing', FLAKY_PASSING);
    assert.equal(state.flaky, true);
    assert.equal(state.evidenceAvailable, true);
    const evidence = await call(s.app, s.org.apiKey, 'run.evidence', { runId: runs.flaky });
    assert.equal(evidence.body.flaky, true);
    assert.ok(evidence.body.steps[1].recoveryCount >= 1, JSON.stringify(evidence.body.steps[1]));
  });

  it('failed (a demonstrated failure): failed, valid, evidence', async () => {
    const { state } = await followRun(s.app, s.org.apiKey, runs.failed);
    await assertRow(s, state, 'failed');
    assert.equal(state.evidenceAvailable, true);
    assert.equal(state.diagnosis?.category, 'application');
  });

  it('unverified (nothing proven either way): unverified, valid, evidence', async () => {
    const { state } = await followRun(s.app, s.org.apiKey, runs.unverified);
    await assertRow(s, state, 'unverified');
    assert.equal(state.evidenceAvailable, true);
    assert.equal(state.diagnosis?.category, 'test_definition');
  });

  describe('run.list filters and GET /api/runs offsets (on these Runs)', () => {
    before(async () => {
      for (const name of Object.keys(STEPS)) if (name !== 'canceled') await followRun(s.app, s.org.apiKey, runs[name]);
    });
    const list = (filters: Record<string, unknown>) => call(s.app, s.org.apiKey, 'run.list', filters);
    const ids = (reply: { body: { items: Array<{ runId: string }> } }) => reply.body.items.map((i) => i.runId);

    it('filters by status', async () => {
      for (const status of ['failed', 'unverified', 'canceled']) {
        const reply = await list({ status });
        assert.equal(reply.status, 200, JSON.stringify(reply.body));
        assert.deepEqual(ids(reply), [runs[status]], status);
      }
      const passing = await list({ status: 'passing' });
      assert.deepEqual(new Set(ids(passing)), new Set([runs.passing, runs.flaky]));
      assert.deepEqual(ids(await list({ status: 'queued' })), []);
      const bad = await list({ status: 'exploded' });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error.code, 'INVALID_ARGUMENT');
    });

    it('filters by Test Case, Environment and branch', async () => {
      assert.deepEqual(ids(await list({ testCaseId: cases.failed })), [runs.failed]);
      assert.deepEqual(ids(await list({ branch: 'branch-unverified' })), [runs.unverified]);
      assert.deepEqual(ids(await list({ branch: 'no-such-branch' })), []);
      assert.equal(ids(await list({ environmentSlug: 'table' })).length, 5);
      assert.deepEqual(ids(await list({ environmentSlug: 'local' })), []);
      assert.deepEqual(ids(await list({ environmentSlug: 'table', branch: 'branch-passing' })), [runs.passing]);
      assert.deepEqual(ids(await list({ testCaseId: cases.failed, status: 'passing' })), []);
    });

    it('GET /api/runs pages by limit and offset, newest first, and filters by status', async () => {
      const all = await rest(s.app, s.org.apiKey, 'GET', '/api/runs?limit=100');
      assert.equal(all.status, 200);
      const order = all.body.map((r: { _id: string }) => r._id);
      assert.equal(order.length, 5);
      const pages = [];
      for (let offset = 0; offset < 6; offset += 2)
        pages.push(
          ...(await rest(s.app, s.org.apiKey, 'GET', `/api/runs?limit=2&offset=${offset}`)).body.map(
            (r: { _id: string }) => r._id,
          ),
        );
      assert.deepEqual(pages, order);
      assert.deepEqual((await rest(s.app, s.org.apiKey, 'GET', '/api/runs?offset=5')).body, []);
      assert.equal((await rest(s.app, s.org.apiKey, 'GET', '/api/runs')).body.length, 5, 'default limit 20');
      const failed = await rest(s.app, s.org.apiKey, 'GET', '/api/runs?status=failed');
      assert.deepEqual(
        failed.body.map((r: { _id: string }) => r._id),
        [runs.failed],
      );
      for (const query of ['limit=0', 'limit=101', 'offset=-1', 'status=invalid-status']) {
        const bad = await rest(s.app, s.org.apiKey, 'GET', `/api/runs?${query}`);
        assert.equal(bad.status, 400, query);
        assert.equal(typeof bad.body.error, 'string');
        assert.equal(bad.body.code, 'INVALID_ARGUMENT', query);
      }
    });
  });
});

describe('the outcome table: queued', function () {
  // Private task queues and no workers: nothing ever picks the Run up.
  const t = useApp(() => privateQueues());

  it('queued: no verdict, not_evaluated, wait, no evidence', async () => {
    const testCase = await newCase(t);
    const trigger = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
    });
    const state = (await call(t.app, t.org.apiKey, 'run.get', { runId: trigger.body.runIds[0] })).body;
    await assertRow(t, state, 'queued');
    assert.equal(state.evidenceAvailable, false);
  });
});

describe('the outcome table: a transient failure on every attempt is retrying, then invalid', function () {
  this.timeout(120_000);
  const t = useApp(() => ({ ...privateQueues(), RUN_MAX_ATTEMPTS: '2' }));
  // A runner whose browser cannot start: every attempt fails with an ordinary (retryable) error.
  useWorkers(t, { config: { CHROMIUM_PATH: '/nonexistent/chromium' } });

  it('retrying: wait; then invalid: unverified, invalid, retry, after exactly the allowed attempts', async () => {
    const testCase = await newCase(t);
    const trigger = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
    });
    const runId = trigger.body.runIds[0];
    const retrying = await until(t, runId, 'retrying');
    await assertRow(t, retrying, 'retrying');
    const { state } = await followRun(t.app, t.org.apiKey, runId);
    await assertRow(t, state, 'invalid');
    // No step ran: the evidence is each step skipped with the reason, and run.get says it is there.
    const evidence = (await call(t.app, t.org.apiKey, 'run.evidence', { runId })).body;
    assert.equal(evidence.validity, 'invalid');
    assert.deepEqual(
      evidence.steps.map((step: { status: string }) => step.status),
      ['skipped'],
    );
    assert.equal(state.evidenceAvailable, true);
    assert.equal(state.attempt, 2);
    assert.equal(state.diagnosis?.category, 'infrastructure');
    const serialized = JSON.stringify(state);
    assert.ok(!serialized.includes('/nonexistent'), 'no runner internals in the state');
  });
});
