import assert from 'node:assert/strict';
import { call, newCase, useApp } from '../helpers/app';
import { insertRun } from '../helpers/run-rows';
import { seedFindWorld, type FindWorld } from '../helpers/find-runs';

/**
 * Issue 76's free text over Runs, as the names it looks in are kept: a branch or an Environment slug
 * is found by part of it as soon as a Run is recorded with it, never another organization's, and a
 * word matching more names than the search lists at once still finds every Run.
 */
describe('finding Runs by free text: branches and slugs as Runs are recorded', function () {
  this.timeout(120_000);
  const t = useApp();
  let world: FindWorld;

  before(async () => {
    world = await seedFindWorld(t);
  });

  const find = async (q: string, apiKey = t.org.apiKey) => {
    const reply = await call(t.app, apiKey, 'run.list', { q, includeTotal: true, limit: 100 });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    return {
      ids: (reply.body.items as Array<{ runId: string }>).map((r) => r.runId).sort(),
      total: reply.body.total as number,
    };
  };

  it('finds a Run on a branch never seen before at once, by any part of the branch, in any case', async () => {
    const db = t.app.deps.db.manager;
    assert.deepEqual(await find('hotfix/ledger'), { ids: [], total: 0 });
    const first = await insertRun(db, { orgId: t.org.orgId, createdAt: world.at(1), branch: 'hotfix/ledger-rounding' });
    assert.deepEqual(await find('ledger-round'), { ids: [first], total: 1 });
    const second = await insertRun(db, { orgId: t.org.orgId, createdAt: world.at(0.5), branch: 'Hotfix/Ledger-2' });
    assert.deepEqual(await find('HOTFIX/ledger'), { ids: [first, second].sort(), total: 2 });
  });

  it('finds a Run by its Environment slug even with no Environment of that slug (as the Run recorded it)', async () => {
    const id = await insertRun(t.app.deps.db.manager, {
      orgId: t.org.orgId,
      createdAt: world.at(2),
      environmentSlug: 'canary-west',
    });
    assert.deepEqual(await find('canary-w'), { ids: [id], total: 1 });
  });

  it("never finds another organization's Run by its branch or slug, nor theirs by ours", async () => {
    const db = t.app.deps.db.manager;
    const theirs = await insertRun(db, {
      orgId: world.other.orgId,
      createdAt: world.at(1),
      branch: 'secret/merger-talks',
      environmentSlug: 'their-vault',
    });
    for (const q of ['merger-talks', 'their-vault']) {
      assert.deepEqual(await find(q), { ids: [], total: 0 }, q);
      assert.deepEqual(await find(q, world.other.apiKey), { ids: [theirs], total: 1 }, q);
    }
    const ours = await insertRun(db, { orgId: t.org.orgId, createdAt: world.at(1), branch: 'ours/merger-only' });
    assert.deepEqual(await find('merger'), { ids: [ours], total: 1 });
    assert.deepEqual(await find('merger', world.other.apiKey), { ids: [theirs], total: 1 });
  });

  it('finds a Run once when the text names its branch and its case, newest first, paged with the total', async () => {
    const db = t.app.deps.db.manager;
    const audit = (await newCase(t, { name: 'Audit trail export' })).id;
    const orgId = t.org.orgId;
    const byBranch = await insertRun(db, { orgId, createdAt: world.at(6), branch: 'fix/audit-trail' });
    const byCase = await insertRun(db, { orgId, createdAt: world.at(5), testCaseId: audit, environmentSlug: 'prod' });
    const byBoth = await insertRun(db, { orgId, createdAt: world.at(4), testCaseId: audit, branch: 'audit-trail-2' });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await call(t.app, t.org.apiKey, 'run.list', {
        q: 'AUDIT',
        includeTotal: true,
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      assert.equal(page.status, 200, JSON.stringify(page.body));
      assert.equal(page.body.total, 3, 'the Run of both is counted once');
      seen.push(...page.body.items.map((r: { runId: string }) => r.runId));
      cursor = page.body.nextCursor ?? undefined;
    } while (cursor);
    assert.deepEqual(seen, [byBoth, byCase, byBranch], 'newest first, each once');
    assert.deepEqual(await find('audit trail'), { ids: [byBoth, byCase].sort(), total: 2 }, 'a space is a space');
  });

  it('finds every Run when the text matches more branches than the search lists at once (500)', async () => {
    const db = t.app.deps.db.manager;
    const ids: string[] = [];
    for (let i = 0; i < 501; i++)
      ids.push(
        await insertRun(db, {
          orgId: t.org.orgId,
          createdAt: world.at(3) + i,
          branch: `bulk/${String(i).padStart(3, '0')}`,
        }),
      );
    const all = await call(t.app, t.org.apiKey, 'run.list', { q: 'bulk/', includeTotal: true, limit: 100 });
    assert.equal(all.status, 200);
    assert.equal(all.body.total, 501);
    assert.deepEqual(
      all.body.items.map((r: { runId: string }) => r.runId),
      ids.slice(-100).reverse(),
      'newest first',
    );
    assert.deepEqual(await find('bulk/499'), { ids: [ids[499]], total: 1 });
  });
});
