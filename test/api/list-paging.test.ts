import assert from 'node:assert/strict';
import { call, createOrg, environment, key, newCase, useApp, type TestOrg, type WithOrg } from '../helpers/app';
import { privateQueues } from '../helpers/temporal';

// The specification's paging contract, as data: every v1 *.list takes limit 1..100 (default 20)
// and an opaque cursor, answers { items, nextCursor }, nextCursor null on the last page, and the
// filters must stay unchanged across pages.
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;
const RECORDS = DEFAULT_LIMIT + 1;

interface ListUnderTest {
  operation: string;
  /** Arguments every call carries (note.list names its Environment). */
  base: Record<string, unknown>;
  /** A filter that matches the records made, to change between pages; none for lists without filters. */
  filter?: Record<string, unknown>;
  idOf(item: Record<string, unknown>): string;
  /** Makes one record in the organization and answers its id. */
  make(t: WithOrg, i: number): Promise<string>;
}

const LISTS: ListUnderTest[] = [
  {
    operation: 'test_case.list',
    base: {},
    filter: { platform: 'web' },
    idOf: (i) => i.id as string,
    make: async (t, i) => (await newCase(t, { name: `case ${i}` })).id,
  },
  {
    operation: 'test_plan.list',
    base: {},
    idOf: (i) => i.id as string,
    async make(t, i) {
      const res = await call(t.app, t.org.apiKey, 'test_plan.create', { idempotencyKey: key(), name: `plan ${i}` });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.id;
    },
  },
  {
    operation: 'environment.list',
    base: {},
    idOf: (i) => i.id as string,
    make: async (t, i) => (await environment(t, `env-${i}`, { name: `Env ${i}` })).id,
  },
  {
    operation: 'note.list',
    base: { environmentSlug: 'notes' },
    filter: { status: 'open' },
    idOf: (i) => i.id as string,
    async make(t, i) {
      if (i === 0) await environment(t, 'notes', { name: 'Notes' });
      const res = await call(t.app, t.org.apiKey, 'note.create', {
        idempotencyKey: key(),
        environmentSlug: 'notes',
        title: `note ${i}`,
        body: 'text',
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.id;
    },
  },
  {
    operation: 'run.list',
    base: {},
    filter: { status: 'queued' },
    idOf: (i) => i.runId as string,
    async make(t, i) {
      const testCase = await newCase(t, { name: `run case ${i}` });
      const res = await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.runIds[0];
    },
  },
];

describe('every v1 list pages by the same contract', function () {
  this.timeout(120_000);
  // Private task queues and no workers: triggered Runs stay queued.
  const t = useApp(() => privateQueues());

  for (const list of LISTS) {
    describe(list.operation, () => {
      let org: TestOrg;
      /** Ids newest first, as the list must answer them. */
      const made: string[] = [];
      const page = (args: Record<string, unknown>) =>
        call(t.app, org.apiKey, list.operation, { ...list.base, ...args });
      const ids = (reply: { body: { items: Array<Record<string, unknown>> } }) => reply.body.items.map(list.idOf);

      before(async () => {
        // Its own organization, so that the list holds exactly the records made here.
        org = await createOrg(t.app.deps);
        for (let i = 0; i < RECORDS; i++) made.unshift(await list.make({ app: t.app, org }, i));
      });

      it(`answers ${DEFAULT_LIMIT} by default with a nextCursor, and the rest with nextCursor null`, async () => {
        const first = await page({});
        assert.equal(first.status, 200, JSON.stringify(first.body));
        assert.deepEqual(Object.keys(first.body).sort(), ['items', 'nextCursor']);
        assert.deepEqual(ids(first), made.slice(0, DEFAULT_LIMIT));
        assert.equal(typeof first.body.nextCursor, 'string');
        const second = await page({ cursor: first.body.nextCursor });
        assert.deepEqual(ids(second), made.slice(DEFAULT_LIMIT));
        assert.strictEqual(second.body.nextCursor, null);
      });

      it('walks small pages newest first; an exactly full last page has nextCursor null', async () => {
        const seen: string[] = [];
        let cursor: string | null | undefined;
        let pages = 0;
        do {
          const reply = await page({ limit: 4, ...(cursor ? { cursor } : {}) });
          assert.equal(reply.status, 200, JSON.stringify(reply.body));
          assert.ok(reply.body.items.length <= 4);
          seen.push(...ids(reply));
          cursor = reply.body.nextCursor;
          pages++;
        } while (cursor && pages < 10);
        assert.deepEqual(seen, made);
        assert.equal(pages, Math.ceil(RECORDS / 4));
        const whole = await page({ limit: RECORDS });
        assert.equal(whole.body.items.length, RECORDS);
        assert.strictEqual(whole.body.nextCursor, null, 'no further page when the page is exactly full');
      });

      it(`takes limit 1 and ${MAX_LIMIT}, refuses 0, ${MAX_LIMIT + 1}, fractions and strings`, async () => {
        const one = await page({ limit: 1 });
        assert.deepEqual(ids(one), made.slice(0, 1));
        assert.equal(typeof one.body.nextCursor, 'string');
        const most = await page({ limit: MAX_LIMIT });
        assert.deepEqual(ids(most), made);
        assert.strictEqual(most.body.nextCursor, null);
        for (const limit of [0, MAX_LIMIT + 1, -1, 2.5, '5']) {
          const res = await page({ limit });
          assert.equal(res.status, 400, `limit ${JSON.stringify(limit)}`);
          assert.equal(res.body.error.code, 'INVALID_ARGUMENT');
        }
      });

      it('refuses a forged cursor', async () => {
        for (const cursor of ['not-a-cursor', Buffer.from('{"after":1}').toString('base64url'), '']) {
          const res = await page({ cursor });
          assert.equal(res.status, 400, `cursor ${cursor}`);
          assert.equal(res.body.error.code, 'INVALID_ARGUMENT');
        }
      });

      if (list.filter) {
        const filter = list.filter;
        it(`refuses a cursor reused with other filters (${Object.keys(filter).join(', ')})`, async () => {
          const first = await page({ limit: 2 });
          const added = await page({ limit: 2, cursor: first.body.nextCursor, ...filter });
          assert.equal(added.status, 400, JSON.stringify(added.body));
          assert.equal(added.body.error.code, 'INVALID_ARGUMENT');
          const filtered = await page({ limit: 2, ...filter });
          assert.deepEqual(ids(filtered), made.slice(0, 2), 'the filter matches every record made');
          const dropped = await page({ limit: 2, cursor: filtered.body.nextCursor });
          assert.equal(dropped.status, 400, JSON.stringify(dropped.body));
          assert.equal(dropped.body.error.code, 'INVALID_ARGUMENT');
          const kept = await page({ limit: 2, cursor: filtered.body.nextCursor, ...filter });
          assert.deepEqual(ids(kept), made.slice(2, 4));
        });
      }
    });
  }
});
