import assert from 'node:assert/strict';
import { call, newCase, useApp } from '../helpers/app';

describe('list pagination', () => {
  const t = useApp();
  const ids: string[] = [];
  before(async () => {
    for (let i = 0; i < 7; i++) ids.unshift((await newCase(t, { name: `case ${i}` })).id);
  });

  it('walks three pages newest first and stays stable while rows are inserted', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const res = await call(t.app, t.org.apiKey, 'test_case.list', { limit: 3, ...(cursor ? { cursor } : {}) });
      assert.equal(res.status, 200);
      seen.push(...res.body.items.map((c: { id: string }) => c.id));
      cursor = res.body.nextCursor ?? undefined;
      if (page === 0) {
        await newCase(t, { name: 'inserted meanwhile' });
      }
      if (page < 2) assert.ok(cursor, 'a further page is announced');
    }
    assert.deepEqual(seen, ids);
    assert.equal(cursor, undefined, 'the last page has nextCursor null');
  });

  it('defaults to 20 and bounds limit to 1..100', async () => {
    const page = await call(t.app, t.org.apiKey, 'test_case.list', {});
    assert.equal(page.body.items.length, 8);
    for (const limit of [0, 101, 2.5, '5']) {
      const res = await call(t.app, t.org.apiKey, 'test_case.list', { limit });
      assert.equal(res.status, 400, `limit ${limit}`);
      assert.equal(res.body.error.code, 'INVALID_ARGUMENT');
    }
  });

  it('refuses a cursor with changed filters or a forged cursor', async () => {
    const first = await call(t.app, t.org.apiKey, 'test_case.list', { limit: 2 });
    const changed = await call(t.app, t.org.apiKey, 'test_case.list', {
      limit: 2,
      cursor: first.body.nextCursor,
      platform: 'web',
    });
    assert.equal(changed.status, 400);
    assert.match(changed.body.error.message, /different filters/);
    const forged = await call(t.app, t.org.apiKey, 'test_case.list', { cursor: 'not-a-cursor' });
    assert.equal(forged.status, 400);
    assert.equal(forged.body.error.code, 'INVALID_ARGUMENT');
  });
});
