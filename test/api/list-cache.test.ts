import assert from 'node:assert/strict';
import { call, createOrg, newCase, useApp } from '../helpers/app';
import { newId } from '../../core/ids';
import type { TestCase } from '../../db/entities';
import { testCaseRepository } from '../../db/repositories/test-cases';
import { testCaseVersions } from '../../db/repositories/test-case-versions';
import { VersionedAnswers } from '../../api/endpoints/test-cases/versioned-answers';

// test_case.list pages and test_case.get answers are kept in the API process's memory against the organization's Test Case
// version. A write made by another API process reaches this one only through that version, so the
// writes below go through the repository from the test process (the code another process runs),
// never through the app that keeps the pages.
describe('test_case.list pages and test_case.get answers kept in memory', () => {
  const t = useApp();
  const list = async (body: Record<string, unknown> = {}) => {
    const res = await call(t.app, t.org.apiKey, 'test_case.list', body);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body as { items: Array<{ id: string; name: string; stepCount: number }>; nextCursor: string | null };
  };
  it('shows a Test Case another process created, on the next read', async () => {
    await newCase(t, { name: 'first' });
    const before = await list();
    assert.deepEqual(await list(), before, 'the same page twice');
    const row = rowFor(t.org.orgId, 'made elsewhere', [{ action: 'navigate', target: '/' }]);
    await testCaseRepository.insert(t.app.deps.db.manager, row);
    const after = await list();
    assert.equal(after.items[0].id, row.id, 'newest first');
    assert.equal(after.items.length, before.items.length + 1);
  });

  it('shows steps another process replaced, on every filter it was read with', async () => {
    const made = await newCase(t, { name: 'to replace' });
    for (const body of [{}, { platform: 'web' }, { query: 'replace' }, { limit: 1 }]) {
      const seen = (await list(body)).items.find((i) => i.id === made.id);
      assert.equal(seen?.stepCount, 1, JSON.stringify(body));
    }
    const steps = [
      { action: 'navigate', target: '/' },
      { action: 'click', target: 'Sign in' },
      { action: 'assert', target: 'Welcome' },
    ];
    await testCaseRepository.updateSteps(t.app.deps.db.manager, t.org.orgId, made.id, steps, Date.now());
    for (const body of [{}, { platform: 'web' }, { query: 'replace' }, { limit: 1 }]) {
      const seen = (await list(body)).items.find((i) => i.id === made.id);
      assert.equal(seen?.stepCount, 3, JSON.stringify(body));
    }
  });

  it('test_case.get shows steps another process replaced, on the next read', async () => {
    const made = await newCase(t, { name: 'read by id' });
    const get = async () => {
      const res = await call(t.app, t.org.apiKey, 'test_case.get', { testCaseId: made.id });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body as { steps: unknown[]; updatedAt: number };
    };
    assert.deepEqual(await get(), await get(), 'the same case twice');
    const steps = [
      { action: 'navigate', target: '/' },
      { action: 'click', target: 'Sign in' },
    ];
    await testCaseRepository.updateSteps(t.app.deps.db.manager, t.org.orgId, made.id, steps, made.updatedAt + 1);
    const after = await get();
    assert.deepEqual(after.steps, steps);
    assert.equal(after.updatedAt, made.updatedAt + 1);
    const other = await createOrg(t.app.deps);
    const res = await call(t.app, other.apiKey, 'test_case.get', { testCaseId: made.id });
    assert.equal(res.status, 404, 'not served to another organization');
  });

  it("does not serve another organization's page", async () => {
    const other = await createOrg(t.app.deps);
    await list();
    const res = await call(t.app, other.apiKey, 'test_case.list', {});
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.items, []);
  });
});

describe('VersionedAnswers', () => {
  const t = useApp();
  const db = () => t.app.deps.db.manager;

  it('keeps a page by the version read with its rows', async () => {
    const orgId = t.org.orgId;
    const listed = () => testCaseRepository.list(db(), orgId, {}, null, 21);
    await testCaseRepository.insert(db(), rowFor(orgId, 'the first'));
    const first = await listed();
    assert.equal(first.version, await testCaseVersions.read(db(), orgId), 'the version the rows show');
    await testCaseRepository.insert(db(), rowFor(orgId, 'one more'));
    const second = await listed();
    assert.equal(second.version, first.version! + 1, 'one write, one version');
    const answers = new VersionedAnswers<number>(testCaseVersions.read, 1 << 20);
    const page = async () => {
      const { rows, version } = await listed();
      return { answer: rows.length, bytes: 1, version };
    };
    const kept = await answers.answer(db(), orgId, 'p', page);
    assert.equal(await answers.answer(db(), orgId, 'p', () => Promise.reject(new Error('made again'))), kept);
    const empty = await testCaseRepository.list(db(), (await createOrg(t.app.deps)).orgId, {}, null, 21);
    assert.deepEqual(empty, { rows: [], version: undefined }, 'no row, no version it could show');
  });

  it('makes a kept answer again once a write is counted', async () => {
    const answers = new VersionedAnswers<string>(testCaseVersions.read, 1 << 20);
    const orgId = t.org.orgId;
    let made = 0;
    const make = async () => ({
      answer: `answer ${++made}`,
      bytes: 10,
      version: await testCaseVersions.read(db(), orgId),
    });
    await answers.answer(db(), orgId, 'k', make);
    assert.equal(await answers.answer(db(), orgId, 'k', make), 'answer 1', 'kept');
    await testCaseRepository.insert(db(), rowFor(orgId, 'counted'));
    assert.equal(await answers.answer(db(), orgId, 'k', make), 'answer 2', 'made again');
    assert.equal(await answers.answer(db(), orgId, 'k', make), 'answer 2', 'kept again');
    const unversioned = new VersionedAnswers<string>(testCaseVersions.read, 1 << 20);
    await unversioned.answer(db(), orgId, 'k', async () => ({ answer: 'no version', bytes: 10 }));
    assert.equal(unversioned.size.answers, 0, 'an answer without the version it shows is not kept');
  });

  it('keeps no more bytes than its bound, dropping the least recently served first', async () => {
    const answers = new VersionedAnswers<number>(testCaseVersions.read, 1600);
    const orgId = t.org.orgId;
    const version = await testCaseVersions.read(db(), orgId);
    let made = 0;
    const sized = (answer: number, bytes: number) => async () => (made++, { answer, bytes, version });
    for (let i = 0; i < 20; i++) await answers.answer(db(), orgId, `k${i}`, sized(i, 100));
    assert.deepEqual(answers.size, { answers: 16, bytes: 1600 });
    made = 0;
    await answers.answer(db(), orgId, 'k19', sized(19, 100));
    assert.equal(made, 0, 'the newest is kept');
    await answers.answer(db(), orgId, 'k0', sized(0, 100));
    assert.equal(made, 1, 'the oldest was dropped');
    await answers.answer(db(), orgId, 'big', sized(-1, 101));
    assert.ok(answers.size.bytes <= 1600);
    assert.equal(
      await answers.answer(db(), orgId, 'big', sized(-2, 101)),
      -2,
      'an answer over a sixteenth is not kept',
    );
  });

  it('counts the bytes it keeps while a kept answer is dropped during its version read', async () => {
    const answers = new VersionedAnswers<number>(testCaseVersions.read, 3200);
    const orgId = t.org.orgId;
    const version = await testCaseVersions.read(db(), orgId);
    const sized = (answer: number) => async () => ({ answer, bytes: 100, version });
    for (let i = 0; i < 32; i++) await answers.answer(db(), orgId, `k${i}`, sized(i));
    assert.deepEqual(answers.size, { answers: 32, bytes: 3200 });
    // k0 is served while k32 pushes it out (its make needs no query, so it is kept first).
    await Promise.all([answers.answer(db(), orgId, 'k0', sized(-1)), answers.answer(db(), orgId, 'k32', sized(32))]);
    assert.equal(answers.size.bytes, 100 * answers.size.answers, JSON.stringify(answers.size));
    assert.ok(answers.size.bytes <= 3200);
  });

  it('keeps nothing made inside a transaction', async () => {
    const answers = new VersionedAnswers<number>(testCaseVersions.read, 1 << 20);
    await t.app.deps.db.transaction(async (tx) => {
      await answers.answer(tx, t.org.orgId, 'k', async () => ({ answer: 1, bytes: 1, version: 1 }));
    });
    assert.equal(answers.size.answers, 0);
  });
});

function rowFor(orgId: string, name: string, steps: TestCase['steps'] = []): TestCase {
  const now = Date.now();
  return {
    id: newId('tc'),
    orgId,
    name,
    description: '',
    platforms: ['web'],
    tags: [],
    steps,
    createdAt: now,
    updatedAt: now,
  };
}
