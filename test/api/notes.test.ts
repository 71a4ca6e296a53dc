import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { call, environment, key, newCase, useApp } from '../helpers/app';

describe('note operations', () => {
  const t = useApp();
  before(() => environment(t, 'qa'));

  it('files notes newest first with paragraphs, comments them, and filters by status', async () => {
    const first = await call(t.app, t.org.apiKey, 'note.create', {
      idempotencyKey: key(),
      environmentSlug: 'qa',
      title: 'Flaky login',
      body: 'First paragraph.\nSecond one.',
    });
    assert.equal(first.status, 200);
    assert.equal(first.body.status, 'open');
    assert.deepEqual(first.body.paragraphs, ['First paragraph.', 'Second one.']);
    const second = await call(t.app, t.org.apiKey, 'note.create', {
      idempotencyKey: key(),
      environmentSlug: 'qa',
      title: 'Slow',
      body: 'Pages are slow',
    });
    const comment = await call(t.app, t.org.apiKey, 'note.comment', {
      idempotencyKey: key(),
      noteId: first.body.id,
      body: 'Seen again today',
    });
    assert.equal(comment.status, 200);
    assert.equal(comment.body.noteId, first.body.id);

    const list = await call(t.app, t.org.apiKey, 'note.list', { environmentSlug: 'qa' });
    assert.deepEqual(
      list.body.items.map((n: { id: string }) => n.id),
      [second.body.id, first.body.id],
    );
    assert.deepEqual(
      list.body.items[1].comments.map((c: { body: string }) => c.body),
      ['Seen again today'],
    );
    assert.equal(
      (await call(t.app, t.org.apiKey, 'note.list', { environmentSlug: 'qa', status: 'resolved' })).body.items.length,
      0,
    );
    assert.equal(
      (await call(t.app, t.org.apiKey, 'note.list', { environmentSlug: 'qa', status: 'open' })).body.items.length,
      2,
    );
  });

  it('validates plain text, environment, status and cited runs', async () => {
    const bad = [
      { environmentSlug: 'qa', title: '', body: 'x' },
      { environmentSlug: 'qa', title: 't', body: 'bell\u0007' },
      { environmentSlug: 'qa', title: ' \t ', body: 'x' },
      { environmentSlug: 'qa', title: 't', body: '\n\n' },
      { environmentSlug: 'qa', title: 't', body: 'x', runIds: ['nope'] },
    ];
    for (const body of bad)
      assert.equal((await call(t.app, t.org.apiKey, 'note.create', { idempotencyKey: key(), ...body })).status, 400);
    assert.equal(
      (
        await call(t.app, t.org.apiKey, 'note.create', {
          idempotencyKey: key(),
          environmentSlug: 'none',
          title: 't',
          body: 'x',
        })
      ).status,
      404,
    );
    // A Run of the organization may be cited; a Run id it does not have may not.
    const testCase = await newCase(t, { name: 'cited' });
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
    });
    const [runId] = triggered.body.runIds;
    const citing = await call(t.app, t.org.apiKey, 'note.create', {
      idempotencyKey: key(),
      environmentSlug: 'qa',
      title: 'Seen in a Run',
      body: 'x',
      runIds: [runId],
    });
    assert.equal(citing.status, 200, JSON.stringify(citing.body));
    assert.deepEqual(citing.body.runIds, [runId]);
    const cites = await call(t.app, t.org.apiKey, 'note.create', {
      idempotencyKey: key(),
      environmentSlug: 'qa',
      title: 't',
      body: 'x',
      runIds: ['run_00000000000000000000000000'],
    });
    assert.equal(cites.status, 404);
    assert.equal(
      (await call(t.app, t.org.apiKey, 'note.list', { environmentSlug: 'qa', status: 'closed' })).status,
      400,
    );
    const unknownEnvironment = await call(t.app, t.org.apiKey, 'note.list', { environmentSlug: 'none' });
    assert.equal(unknownEnvironment.status, 404, 'the notes of an Environment that does not exist');
    assert.equal(unknownEnvironment.body.error.code, 'NOT_FOUND');
    assert.equal(
      (
        await call(t.app, t.org.apiKey, 'note.comment', {
          idempotencyKey: key(),
          noteId: 'note_00000000000000000000000000',
          body: 'x',
        })
      ).status,
      404,
    );
  });

  it('holds at most 200 comments on a Note (docs/interface.md), also when comments arrive at once', async () => {
    const note = await call(t.app, t.org.apiKey, 'note.create', {
      idempotencyKey: key(),
      environmentSlug: 'qa',
      title: 'Busy thread',
      body: 'Many comments',
    });
    const now = Date.now();
    const rows = Array.from({ length: 198 }, (_, i) => [
      `cmt_${randomBytes(13).toString('hex').slice(0, 26)}`,
      t.org.orgId,
      note.body.id,
      `comment ${i}`,
      now + i,
    ]);
    await t.app.deps.db.query('INSERT INTO note_comments (id, org_id, note_id, body, created_at) VALUES ?', [rows]);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(t.app, t.org.apiKey, 'note.comment', { idempotencyKey: key(), noteId: note.body.id, body: `late ${i}` }),
      ),
    );
    assert.deepEqual(
      replies.map((r) => r.status).sort(),
      [200, 200, 422, 422, 422, 422],
      JSON.stringify(replies.map((r) => r.body)),
    );
    for (const refused of replies.filter((r) => r.status === 422))
      assert.equal(refused.body.error.code, 'FAILED_PRECONDITION');
    const [count] = await t.app.deps.db.query('SELECT COUNT(*) AS n FROM note_comments WHERE note_id = ?', [
      note.body.id,
    ]);
    assert.equal(Number(count.n), 200);
  });
});
