import assert from 'node:assert/strict';
import { call, createOrg, key, useApp } from '../helpers/app';

const navigate = { action: 'navigate', target: '/login' };
const fillEmail = { action: 'fill', target: 'Email', valueSpec: { kind: 'literal', text: 'ada@example.test' } };

describe('test_case operations', () => {
  const t = useApp();

  const create = (body: Record<string, unknown>, apiKey = t.org.apiKey) =>
    call(t.app, apiKey, 'test_case.create', { idempotencyKey: key(), platforms: ['web'], steps: [navigate], ...body });

  it('creates and gets a case with its steps', async () => {
    const created = await create({ name: 'Sign in', description: 'd', tags: ['smoke'], steps: [navigate, fillEmail] });
    assert.equal(created.status, 200);
    assert.match(created.body.id, /^tc_[0-9a-z]{26}$/);
    assert.deepEqual(created.body.steps, [navigate, fillEmail]);
    const got = await call(t.app, t.org.apiKey, 'test_case.get', { testCaseId: created.body.id });
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, created.body);
  });

  it('answers get and list with the text JSON.stringify gives the created case, whichever read path serves it', async () => {
    // Reads answer with the stored JSON text when it has no null in it, and parse it otherwise:
    // "null" in a target and a tag sends this case down the parsing path, the other down the text one.
    const org = await createOrg(t.app.deps);
    const raw = async (operation: string, body: unknown) => {
      const res = await fetch(`${t.app.url}/api/v1/${operation}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${org.apiKey}` },
        body: JSON.stringify(body),
      });
      assert.equal(res.status, 200);
      return res.text();
    };
    for (const extra of [{ tags: ['null', 'smoke'], steps: [{ action: 'click', target: 'Annulled "x" ü' }] }, {}]) {
      const created = await create(
        { name: 'Ünïcode "quoted" \\ name', description: 'line\nbreak', ...extra },
        org.apiKey,
      );
      assert.equal(created.status, 200);
      const { idempotencyKey: _ignored, ...record } = created.body;
      const got = await raw('test_case.get', { testCaseId: created.body.id });
      assert.equal(got, JSON.stringify(record));
      const listed = JSON.parse(await raw('test_case.list', { limit: 1 }));
      const { steps, ...summary } = record;
      assert.deepEqual(
        listed.items,
        [{ ...summary, stepCount: steps.length }].map((item) => ({
          id: item.id,
          name: item.name,
          description: item.description,
          platforms: item.platforms,
          tags: item.tags,
          stepCount: item.stepCount,
          createdAt: item.createdAt,
          updatedAt: item.updatedAt,
        })),
      );
      assert.equal(
        await raw('test_case.list', { limit: 1 }),
        JSON.stringify({ items: listed.items, nextCursor: listed.nextCursor }),
      );
    }
  });

  it('rejects bad input with INVALID_ARGUMENT naming the field', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: 42 }, /name/],
      [{ name: 'x', platforms: ['desktop'] }, /platforms/],
      [{ name: 'x', steps: [{ action: 'fly' }] }, /steps\.0\.action/],
      [{ name: 'x', steps: [{ action: 'fill', target: 'Email' }] }, /valueSpec/],
      [{ name: 'x', unexpected: true }, /unknown field/],
      [{ name: 'x'.repeat(10_000) }, /name/],
      [{ name: 'x', steps: [{ ...fillEmail, valueSpec: { kind: 'literal', text: 'y'.repeat(20_000) } }] }, /text/],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(res.body.error.code, 'INVALID_ARGUMENT');
      assert.match(res.body.error.message, message);
    }
    const noKey = await call(t.app, t.org.apiKey, 'test_case.create', {
      name: 'x',
      platforms: ['web'],
      steps: [navigate],
    });
    assert.equal(noKey.status, 400);
    assert.match(noKey.body.error.message, /idempotencyKey/);
  });

  it("answers NOT_FOUND for a missing case and for another organization's case", async () => {
    const mine = await create({ name: 'Private' });
    const other = await createOrg(t.app.deps);
    const res = await call(t.app, other.apiKey, 'test_case.get', { testCaseId: mine.body.id });
    assert.equal(res.status, 404);
    assert.equal(res.body.error.code, 'NOT_FOUND');
    const listed = await call(t.app, other.apiKey, 'test_case.list', {});
    assert.deepEqual(listed.body.items, []);
    const update = await call(t.app, other.apiKey, 'test_case.update_steps', {
      idempotencyKey: key(),
      testCaseId: mine.body.id,
      steps: [navigate],
      confirm: true,
    });
    assert.equal(update.status, 404);
  });

  it('update_steps previews without confirm and writes nothing, then replaces with confirm', async () => {
    const created = await create({ name: 'Checkout', steps: [navigate] });
    const newSteps = [navigate, fillEmail];
    const preview = await call(t.app, t.org.apiKey, 'test_case.update_steps', {
      idempotencyKey: key(),
      testCaseId: created.body.id,
      steps: newSteps,
    });
    assert.equal(preview.status, 400);
    assert.equal(preview.body.error.code, 'INVALID_ARGUMENT');
    assert.equal(preview.body.error.details.confirmRequired, true);
    assert.deepEqual(preview.body.error.details.wouldChange.steps, { from: [navigate], to: newSteps });
    const unchanged = await call(t.app, t.org.apiKey, 'test_case.get', { testCaseId: created.body.id });
    assert.deepEqual(unchanged.body.steps, [navigate]);

    const applied = await call(t.app, t.org.apiKey, 'test_case.update_steps', {
      idempotencyKey: key(),
      testCaseId: created.body.id,
      steps: newSteps,
      confirm: true,
    });
    assert.equal(applied.status, 200);
    assert.deepEqual(applied.body.steps, newSteps);
    assert.ok(applied.body.updatedAt >= created.body.updatedAt);
  });

  it('filters by platform and name query', async () => {
    const tag = `q${Date.now()}`;
    await create({ name: `${tag} web`, platforms: ['web'] });
    await create({ name: `${tag} api`, platforms: ['api'] });
    await create({ name: `other 100%_`, platforms: ['api'] });
    const web = await call(t.app, t.org.apiKey, 'test_case.list', { query: tag, platform: 'web' });
    assert.deepEqual(
      web.body.items.map((c: { name: string }) => c.name),
      [`${tag} web`],
    );
    const both = await call(t.app, t.org.apiKey, 'test_case.list', { query: tag.toUpperCase() });
    assert.deepEqual(
      both.body.items.map((c: { name: string }) => c.name),
      [`${tag} api`, `${tag} web`],
    );
    const literal = await call(t.app, t.org.apiKey, 'test_case.list', { query: '100%_' });
    assert.equal(literal.body.items.length, 1);
  });
});
