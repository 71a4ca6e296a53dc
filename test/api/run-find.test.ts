import assert from 'node:assert/strict';
import { call, key, newCase, useApp, type TestOrg } from '../helpers/app';
import { rest } from '../helpers/rest';
import { insertRun } from '../helpers/run-rows';
import { seedFindWorld } from '../helpers/find-runs';

const DAY = 86_400_000;
import { issueApiKey } from '../../domain/organizations';

/**
 * Issue 76, "Find anything": run.list's filters beyond the four the specification names (verdict,
 * plan, platform, source, commit, time, free text over names), the total of a filter, names beside
 * ids, the CSV export of the same filters, and saved views per member; never another organization's.
 */
describe('finding Runs: filters, totals, names, CSV and saved views', function () {
  this.timeout(60_000);
  const t = useApp();
  const now = Date.now() - 60_000;
  let other: TestOrg;
  const ids: Record<string, string> = {};
  let checkout: string;
  let login: string;
  let plan: string;

  before(async () => {
    const db = t.app.deps.db.manager;
    const orgId = t.org.orgId;
    const world = await seedFindWorld(t, { now });
    ({ checkout, login, other } = world);
    ids.theirs = world.theirRun;
    plan = (
      await call(t.app, t.org.apiKey, 'test_plan.create', {
        idempotencyKey: key(),
        name: 'Nightly',
        testCaseIds: [checkout],
      })
    ).body.id;
    const { at } = world;
    ids.passed = await insertRun(db, {
      orgId,
      createdAt: at(5),
      testCaseId: checkout,
      environmentSlug: 'staging',
      branch: 'main',
    });
    ids.ci = await insertRun(db, {
      orgId,
      createdAt: at(4),
      status: 'failed',
      testCaseId: checkout,
      environmentSlug: 'staging',
      branch: 'feature/pay',
      trigger: { deployment: { commitSha: 'bbbb2222cccc3333' } },
      durationMs: 4321,
    });
    ids.schedule = await insertRun(db, {
      orgId,
      createdAt: at(3),
      status: 'canceled',
      testCaseId: login,
      environmentSlug: 'prod',
      trigger: { source: 'schedule', scheduleId: 'sch_x' },
    });
    ids.mcp = await insertRun(db, {
      orgId,
      createdAt: at(2),
      status: 'unverified',
      testCaseId: login,
      environmentSlug: 'staging',
      platforms: ['api'],
      trigger: { source: 'mcp' },
    });
    ids.console = await insertRun(db, {
      orgId,
      createdAt: at(1),
      status: 'invalid',
      testCaseId: checkout,
      testPlanId: plan,
      environmentSlug: 'prod',
      trigger: { source: 'console' },
    });
    ids.running = await insertRun(db, {
      orgId,
      createdAt: at(0.01),
      status: 'running',
      testCaseId: login,
      environmentSlug: 'staging',
    });
  });

  const list = async (filters: Record<string, unknown>, apiKey = t.org.apiKey) => {
    const reply = await call(t.app, apiKey, 'run.list', { includeTotal: true, limit: 100, ...filters });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    return reply.body as { items: Array<Record<string, any>>; total: number; nextCursor: string | null };
  };
  const runIds = (page: { items: Array<Record<string, any>> }) => page.items.map((r) => r.runId).sort();
  const expect = (...names: string[]) => names.map((n) => ids[n]).sort();

  it('refuses a time past the latest a Run can hold with 400, in the body and in the query, never a 500', async () => {
    const far = 8_639_999_999_999_999; // the largest JavaScript date: found by the fuzz stage
    const body = await call(t.app, t.org.apiKey, 'run.list', { createdBefore: far });
    assert.equal(body.status, 400, JSON.stringify(body.body));
    assert.equal(body.body.error.code, 'INVALID_ARGUMENT');
    const query = await rest(t.app, t.org.apiKey, 'GET', `/api/runs.csv?createdBefore=${far}`);
    assert.equal(query.status, 400);
    // Free text that is not ASCII (the fuzz stage's ¶🈶): searched in names, never a 500.
    for (const q of ['¶🈶É', 'Prüfung']) {
      const found = await call(t.app, t.org.apiKey, 'run.list', { q });
      assert.equal(found.status, 200, JSON.stringify(found.body));
      const csv = await rest(t.app, t.org.apiKey, 'GET', `/api/runs.csv?q=${encodeURIComponent(q)}`);
      assert.equal(csv.status, 200);
    }
    const latest = await call(t.app, t.org.apiKey, 'run.list', { createdBefore: 281_474_976_710_655 });
    assert.equal(latest.status, 200, 'the latest time a Run id holds (a ULID, year 10889) is accepted');
  });

  it('filters by verdict as the specification maps statuses to verdicts, with the total of the filter', async () => {
    // The specification's table: canceled and invalid Runs have the verdict unverified.
    const unverified = await list({ verdict: 'unverified' });
    assert.deepEqual(runIds(unverified), expect('schedule', 'mcp', 'console'));
    assert.equal(unverified.total, 3);
    const failed = await list({ verdict: 'failed' });
    assert.deepEqual(runIds(failed), expect('ci'));
    assert.equal(failed.total, 1, "another organization's failed Run is not counted");
    assert.deepEqual(runIds(await list({ verdict: 'passed' })), expect('passed'));
  });

  it('filters by source (CI, schedule, console, MCP, API by hand), plan, platform, commit and time', async () => {
    assert.deepEqual(runIds(await list({ source: 'ci' })), expect('ci'));
    assert.deepEqual(runIds(await list({ source: 'schedule' })), expect('schedule'));
    assert.deepEqual(runIds(await list({ source: 'console' })), expect('console'));
    assert.deepEqual(runIds(await list({ source: 'mcp' })), expect('mcp'));
    assert.deepEqual(runIds(await list({ source: 'manual' })), expect('passed', 'running'));
    assert.deepEqual(runIds(await list({ testPlanId: plan })), expect('console'));
    assert.deepEqual(runIds(await list({ platform: 'api' })), expect('mcp'));
    assert.deepEqual(runIds(await list({ commitSha: 'BBBB2222' })), expect('ci'), 'a prefix, any case');
    const window = await list({ createdFrom: now - 3.5 * DAY, createdBefore: now - 1.5 * DAY });
    assert.deepEqual(runIds(window), expect('schedule', 'mcp'));
    assert.equal(window.total, 2);
    const combined = await list({ verdict: 'unverified', environmentSlug: 'prod', testCaseId: login });
    assert.deepEqual(runIds(combined), expect('schedule'));
  });

  it("searches free text over the Test Case's and the Environment's names, and names them in each row", async () => {
    const byCase = await list({ q: 'checkout' });
    assert.deepEqual(runIds(byCase), expect('passed', 'ci', 'console'), "never the other organization's Checkout");
    assert.equal(byCase.total, 3);
    assert.deepEqual(runIds(await list({ q: 'Staging EU' })), expect('passed', 'ci', 'mcp', 'running'));
    assert.deepEqual(runIds(await list({ q: 'Nightly' })), expect('console'));
    assert.deepEqual(runIds(await list({ q: '100%' })), [], 'a % is text, not a wildcard');
    const row = (await list({ q: ids.ci })).items[0];
    assert.equal(row.runId, ids.ci);
    assert.equal(row.testCaseName, 'Checkout works');
    assert.equal(row.environmentName, 'Staging EU');
    assert.equal(row.commitSha, 'bbbb2222cccc3333');
    const planned = (await list({ testPlanId: plan })).items[0];
    assert.equal(planned.testPlanName, 'Nightly');
  });

  it('pages through a filter with its cursor, the total unchanged, and refuses a cursor of other filters', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list({ environmentSlug: 'staging', limit: 1, ...(cursor ? { cursor } : {}) });
      assert.equal(page.total, 4);
      seen.push(...page.items.map((r) => r.runId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    assert.deepEqual(seen.sort(), expect('passed', 'ci', 'mcp', 'running'));
    const first = await list({ environmentSlug: 'staging', limit: 1 });
    const moved = await call(t.app, t.org.apiKey, 'run.list', { environmentSlug: 'prod', cursor: first.nextCursor });
    assert.equal(moved.status, 400);
    assert.equal(moved.body.error.code, 'INVALID_ARGUMENT');
  });

  it('answers bad filters with INVALID_ARGUMENT naming the field', async () => {
    for (const body of [
      { verdict: 'passing' },
      { source: 'cron' },
      { commitSha: 'xyz' },
      { createdFrom: -1 },
      { q: '' },
    ]) {
      const reply = await call(t.app, t.org.apiKey, 'run.list', body);
      assert.equal(reply.status, 400, JSON.stringify(body));
      assert.equal(reply.body.error.code, 'INVALID_ARGUMENT');
      assert.match(reply.body.error.message, new RegExp(Object.keys(body)[0]));
    }
  });

  it("never lists or counts another organization's Runs, even by their ids", async () => {
    const theirCase = await list({ q: ids.theirs });
    assert.deepEqual(theirCase.items, []);
    assert.equal(theirCase.total, 0);
    const mine = await list({ testCaseId: checkout }, other.apiKey);
    assert.deepEqual(mine.items, []);
    assert.equal(mine.total, 0);
    assert.deepEqual(runIds(await list({ commitSha: 'bbbb2222' }, other.apiKey)), [ids.theirs]);
  });

  it('exports the filtered list as CSV: names, verdicts, durations and links, with the total', async () => {
    const res = await fetch(`${t.app.url}/api/runs.csv?verdict=failed&environmentSlug=staging`, {
      headers: { Authorization: `Bearer ${t.org.apiKey}` },
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/csv/);
    assert.equal(res.headers.get('x-total-count'), '1');
    const lines = (await res.text()).trimEnd().split('\r\n');
    assert.equal(
      lines[0],
      'Run,Link,Status,Verdict,Test Case,Test Plan,Environment,Source,Branch,Commit,Created (UTC),Duration (ms)',
    );
    assert.equal(lines.length, 2);
    assert.deepEqual(lines[1].split(','), [
      ids.ci,
      `${t.app.url}/console/runs/${ids.ci}`,
      'failed',
      'failed',
      'Checkout works',
      '',
      'staging',
      'ci',
      'feature/pay',
      'bbbb2222cccc3333',
      new Date(now - 4 * DAY).toISOString(),
      '4321',
    ]);
    const all = await fetch(`${t.app.url}/api/runs.csv`, { headers: { Authorization: `Bearer ${t.org.apiKey}` } });
    const body = await all.text();
    assert.equal(body.trimEnd().split('\r\n').length, 1 + 6);
    assert.ok(!body.includes(ids.theirs), "another organization's Run is not exported");
    const limited = await fetch(`${t.app.url}/api/runs.csv?limit=2`, {
      headers: { Authorization: `Bearer ${t.org.apiKey}` },
    });
    assert.equal((await limited.text()).trimEnd().split('\r\n').length, 1 + 2);
    assert.equal(limited.headers.get('x-total-count'), '6');
    const bad = await rest(t.app, t.org.apiKey, 'GET', '/api/runs.csv?limit=10001');
    assert.equal(bad.status, 400);
    const unknown = await rest(t.app, t.org.apiKey, 'GET', '/api/runs.csv?colour=red');
    assert.equal(unknown.status, 400);
    const anonymous = await rest(t.app, null, 'GET', '/api/runs.csv');
    assert.equal(anonymous.status, 401);
  });

  it('keeps a cell that would be a formula as text in the CSV', async () => {
    const db = t.app.deps.db.manager;
    const tricky = await newCase(t, { name: '=HYPERLINK("http://x","y"), and more' });
    const id = await insertRun(db, { orgId: t.org.orgId, createdAt: now - 10 * DAY, testCaseId: tricky.id });
    const res = await fetch(`${t.app.url}/api/runs.csv?q=${id}`, {
      headers: { Authorization: `Bearer ${t.org.apiKey}` },
    });
    const row = (await res.text()).split('\r\n')[1];
    assert.ok(row.includes(`,"'=HYPERLINK(""http://x"",""y""), and more",`), row);
  });

  it('keeps saved views per member: created once per key, listed and deleted only by their member', async () => {
    const second = await issueApiKey(t.app.deps.db.manager, t.org.orgId, Date.now(), { name: 'second' });
    const save = (apiKey: string, body: unknown, idem = key()) =>
      rest(t.app, apiKey, 'POST', '/api/saved-views', body, { 'Idempotency-Key': idem });
    const idem = key();
    const created = await save(
      t.org.apiKey,
      { name: 'Failing on staging', query: 'verdict=failed&environmentSlug=staging' },
      idem,
    );
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.name, 'Failing on staging');
    const again = await save(
      t.org.apiKey,
      { name: 'Failing on staging', query: 'verdict=failed&environmentSlug=staging' },
      idem,
    );
    assert.equal(again.body.id, created.body.id, 'the same key answers the same view');
    const duplicate = await save(t.org.apiKey, { name: 'Failing on staging', query: 'verdict=passed' });
    assert.equal(duplicate.status, 409);
    const noKey = await rest(t.app, t.org.apiKey, 'POST', '/api/saved-views', { name: 'x', query: '' });
    assert.equal(noKey.status, 400);
    const badQuery = await save(t.org.apiKey, { name: 'bad', query: 'verdict=passing' });
    assert.equal(badQuery.status, 400);
    assert.match(JSON.stringify(badQuery.body), /verdict/);

    const mine = await rest(t.app, t.org.apiKey, 'GET', '/api/saved-views');
    assert.deepEqual(
      mine.body.items.map((v: any) => [v.name, v.query]),
      [['Failing on staging', 'environmentSlug=staging&verdict=failed']],
    );
    assert.deepEqual((await rest(t.app, second.apiKey, 'GET', '/api/saved-views')).body.items, []);
    assert.deepEqual((await rest(t.app, other.apiKey, 'GET', '/api/saved-views')).body.items, []);
    for (const apiKey of [second.apiKey, other.apiKey]) {
      const theirs = await rest(t.app, apiKey, 'DELETE', `/api/saved-views/${created.body.id}`);
      assert.equal(theirs.status, 404);
    }
    const gone = await rest(t.app, t.org.apiKey, 'DELETE', `/api/saved-views/${created.body.id}`);
    assert.equal(gone.status, 200);
    assert.deepEqual((await rest(t.app, t.org.apiKey, 'GET', '/api/saved-views')).body.items, []);
  });

  it('names the key that accepted or quarantined, and the Run’s case and Environment, in the REST view', async () => {
    const named = await issueApiKey(t.app.deps.db.manager, t.org.orgId, Date.now(), { name: 'CI pipeline' });
    const quarantined = await rest(
      t.app,
      named.apiKey,
      'POST',
      `/api/test-cases/${login}/quarantine`,
      { reason: 'flaky on staging' },
      { 'Idempotency-Key': key() },
    );
    assert.equal(quarantined.status, 200, JSON.stringify(quarantined.body));
    assert.equal(quarantined.body.by, named.keyId);
    assert.equal(quarantined.body.byName, 'key CI pipeline');
    const run = await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${ids.ci}`);
    // No plan: its name is left out (the API omits nulls).
    assert.deepEqual(run.body.names, {
      testCaseName: 'Checkout works',
      environmentName: 'Staging EU',
    });
  });
});
