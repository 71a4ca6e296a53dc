import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, createOrg, environment, key, newCase, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';
import { followRun } from '../helpers/runs';
import { privateQueues, useWorkers } from '../helpers/temporal';

/** A page whose button has no name: every check of it finds button-name. */
async function startPage() {
  const server: Server = createServer((req, res) => {
    if (req.url === '/favicon.ico') return void res.writeHead(404).end();
    res.setHeader('Content-Type', 'text/html');
    res.end(
      '<!doctype html><html lang="en"><head><title>Shop</title></head><body><main><h1>Shop</h1>' +
        '<button><svg width="10" height="10"></svg></button></main></body></html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("a Test Case's accessibility setting (issue 77 point 4): trigger option > case setting > plan setting", function () {
  this.timeout(300_000);
  const t = useApp(() => ({ ...privateQueues(), EGRESS_ALLOW: '127.0.0.1,::1,localhost' }));
  useWorkers(t, { runnerPlatforms: ['web', 'api'] });

  before(async () => {
    const page = await startPage();
    t.onClose(() => page.close());
    await environment(t, 'page', { targets: { web: { baseUrl: page.url } } });
  });

  const settings = (testCaseId: string, body: unknown, idempotencyKey = key()) =>
    rest(t.app, t.org.apiKey, 'PATCH', `/api/test-cases/${testCaseId}/settings`, body, {
      'Idempotency-Key': idempotencyKey,
    });
  /** Runs and follows the trigger's Runs; answers each Run's accessibility summary (run.get). */
  const summaries = async (trigger: Record<string, unknown>) => {
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      environmentSlug: 'page',
      ...trigger,
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const out = [];
    for (const runId of triggered.body.runIds as string[]) {
      const { state } = await followRun(t.app, t.org.apiKey, runId);
      assert.equal(state.status, 'passing', JSON.stringify(state));
      out.push(state.accessibility);
    }
    return out;
  };

  it('a case with the setting on gets its summary without the option, off none; the option overrides the case', async () => {
    const testCase = await newCase(t, { name: 'Shop' });
    assert.equal(testCase.settings, undefined, 'a case without settings answers none');

    const on = await settings(testCase.id, { accessibility: { mode: 'report' } });
    assert.equal(on.status, 200, JSON.stringify(on.body));
    assert.deepEqual(on.body.settings, { accessibility: { mode: 'report' } });
    const got = await call(t.app, t.org.apiKey, 'test_case.get', { testCaseId: testCase.id });
    assert.deepEqual(got.body.settings, { accessibility: { mode: 'report' } }, 'test_case.get shows the setting');

    const [reported] = await summaries({ testCaseId: testCase.id });
    assert.equal(reported?.mode, 'report');
    assert.equal(reported.pages, 1);
    assert.ok(reported.violations.critical >= 1, 'the nameless button is found');
    const [overridden] = await summaries({ testCaseId: testCase.id, accessibility: { mode: 'off' } });
    assert.equal(overridden, undefined, "the trigger's off wins over the case's report");

    assert.equal((await settings(testCase.id, { accessibility: { mode: 'off' } })).status, 200);
    const [off] = await summaries({ testCaseId: testCase.id });
    assert.equal(off, undefined, 'a case with the setting off: no check, no summary');
    const [asked] = await summaries({ testCaseId: testCase.id, accessibility: { mode: 'fail' } });
    assert.equal(asked?.mode, 'fail', "the trigger's option wins over the case's off");
  });

  it("the case's setting wins over its plan's; null removes it and the plan's applies again", async () => {
    const testCase = await newCase(t, { name: 'Member', settings: { accessibility: { mode: 'report' } } });
    assert.deepEqual(testCase.settings, { accessibility: { mode: 'report' } }, 'test_case.create takes settings');
    const plan = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: 'Plan off',
      steps: [{ action: 'navigate', target: '/' }],
      config: { accessibility: { mode: 'off' } },
    });
    assert.equal(plan.status, 201, JSON.stringify(plan.body));
    const testPlanId = plan.body.testPlanId as string;
    const members = await call(t.app, t.org.apiKey, 'test_plan.set_members', {
      idempotencyKey: key(),
      testPlanId,
      testCaseIds: [testCase.id],
      confirm: true,
    });
    assert.equal(members.status, 200, JSON.stringify(members.body));

    const [inline, member] = await summaries({ testPlanId });
    assert.equal(inline, undefined, "the plan's inline steps follow the plan: off");
    assert.equal(member?.mode, 'report', "the member case's own setting wins over the plan's off");

    const cleared = await settings(testCase.id, { accessibility: null });
    assert.equal(cleared.status, 200, JSON.stringify(cleared.body));
    assert.equal(cleared.body.settings, undefined, 'no setting left: no settings field');
    const [, again] = await summaries({ testPlanId });
    assert.equal(again, undefined, "without its own setting the case follows the plan's off");
  });

  it('idempotent by key; bad input is a 400 and another organization gets a 404', async () => {
    const testCase = await newCase(t, { name: 'Keyed' });
    const idem = key();
    const first = await settings(testCase.id, { accessibility: { mode: 'report' } }, idem);
    const replay = await settings(testCase.id, { accessibility: { mode: 'report' } }, idem);
    assert.equal(replay.status, 200);
    assert.deepEqual(replay.body, first.body, 'the same key answers the first answer');
    const conflict = await settings(testCase.id, { accessibility: { mode: 'fail' } }, idem);
    assert.ok(conflict.status >= 400 && conflict.status < 500, 'the same key with another body is refused');

    const bad = await settings(testCase.id, { accessibility: { mode: 'loud' } });
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.body), /mode/);
    const unknown = await settings(testCase.id, { retries: 3 });
    assert.equal(unknown.status, 400, 'an unknown setting is refused, not ignored');

    const other = await createOrg(t.app.deps);
    const foreign = await rest(t.app, other.apiKey, 'PATCH', `/api/test-cases/${testCase.id}/settings`, {
      accessibility: { mode: 'off' },
    });
    assert.equal(foreign.status, 404, "another organization's case is not found");
    const kept = await call(t.app, t.org.apiKey, 'test_case.get', { testCaseId: testCase.id });
    assert.deepEqual(kept.body.settings, { accessibility: { mode: 'report' } }, 'and nothing changed');
  });
});
