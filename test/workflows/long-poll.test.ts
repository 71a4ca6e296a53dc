import assert from 'node:assert/strict';
import { call, createOrg, key, newCase, useApp } from '../helpers/app';
import { privateQueues } from '../helpers/temporal';

describe('run.get long-poll', function () {
  this.timeout(60_000);
  // No worker serves these queues, so the Run stays queued unless the test changes it.
  const t = useApp(privateQueues());
  let runId: string;
  before(async () => {
    const testCase = await newCase(t, { name: 'Idle' });
    const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.id,
      targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
    });
    runId = triggered.body.runIds[0];
  });

  /** A runner's report of step 0 (the change the followers wait for). */
  const reportStep = (status: string) =>
    fetch(`${t.app.url}/api/runs/report`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${t.org.apiKey}` },
      body: JSON.stringify({ runId, stepIndex: 0, status }),
    });
  /** Sends a long-poll and resolves once its waiter is registered, with the pending reply. */
  async function parked<T>(send: () => Promise<T>): Promise<{ reply: Promise<T> }> {
    const watcher = t.app.deps.runWatcher;
    const already = watcher.waiting;
    const reply = send();
    while (watcher.waiting === already) await new Promise((r) => setImmediate(r));
    return { reply };
  }

  it('returns at once without cursor and waitMs', async () => {
    const started = Date.now();
    const res = await call(t.app, t.org.apiKey, 'run.get', { runId });
    assert.equal(res.body.status, 'queued');
    assert.equal(res.body.verdict, undefined);
    assert.equal(res.body.validity, 'not_evaluated');
    assert.equal(res.body.next, 'wait');
    assert.equal(res.body.timedOut, false);
    assert.ok(Date.now() - started < 1000);
  });

  it('answers timedOut when nothing changes within waitMs', async () => {
    const { cursor } = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
    const started = Date.now();
    const res = await call(t.app, t.org.apiKey, 'run.get', { runId, cursor, waitMs: 1200 });
    const took = Date.now() - started;
    assert.equal(res.status, 200);
    assert.equal(res.body.timedOut, true);
    assert.equal(res.body.cursor, cursor);
    assert.ok(took >= 1100 && took < 4000, `waited ${took} ms`);
  });

  it('answers at once, not timed out, when the Run changed after the cursor given (the specification: it returns when the cursor increases)', async () => {
    const { cursor } = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
    assert.ok(cursor > 0, 'a queued Run has been recorded once at least');
    const res = await call(t.app, t.org.apiKey, 'run.get', { runId, cursor: cursor - 1, waitMs: 25_000 });
    assert.equal(res.status, 200);
    assert.equal(res.body.timedOut, false);
    assert.equal(res.body.cursor, cursor);
  });

  it('wakes on a change, and accepts (clamps) a waitMs above 25000', async () => {
    const { cursor } = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
    const started = Date.now();
    // The change is made once the request is really waiting (its waiter registered), not after a guess.
    const waiting = await parked(() => call(t.app, t.org.apiKey, 'run.get', { runId, cursor, waitMs: 600_000 }));
    const report = await reportStep('running');
    assert.deepEqual(await report.json(), { success: true });
    const res = await waiting.reply;
    assert.equal(res.body.timedOut, false);
    assert.ok(res.body.cursor > cursor);
    assert.equal(res.body.steps[0].status, 'running');
    assert.ok(Date.now() - started < 5000);
  });

  it('refuses a negative waitMs and an unknown Run', async () => {
    assert.equal((await call(t.app, t.org.apiKey, 'run.get', { runId, waitMs: -1 })).status, 400);
    assert.equal((await call(t.app, t.org.apiKey, 'run.get', { runId: 'run_00000000000000000000000000' })).status, 404);
    const other = await createOrg(t.app.deps);
    assert.equal((await call(t.app, other.apiKey, 'run.get', { runId })).status, 404);
  });

  it('keeps 300 concurrent waiters on one shared check', async () => {
    const { cursor } = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
    const watcher = t.app.deps.runWatcher;
    const waits = Array.from({ length: 300 }, () =>
      call(t.app, t.org.apiKey, 'run.get', { runId, cursor, waitMs: 10_000 }),
    );
    // Generous for a loaded machine: all 300 must be parked together before the first deadline.
    const until = Date.now() + 9000;
    while (watcher.waiting < 300 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    assert.equal(watcher.waiting, 300);
    const replies = await Promise.all(waits);
    assert.ok(replies.every((r) => r.status === 200 && r.body.timedOut === true));
    assert.equal(watcher.waiting, 0);
  });

  it('answers a follower arriving just after a change with the change, though arrivals share reads', async () => {
    const { cursor } = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
    // The first follower's arrival read is shared with followers arriving shortly after it.
    const first = await parked(() => call(t.app, t.org.apiKey, 'run.get', { runId, cursor, waitMs: 20_000 }));
    const report = await reportStep('passed');
    assert.equal(report.status, 200);
    const started = Date.now();
    // Arrives after the change, possibly answered from the read made before it: it must still get
    // the change at the next check (once a second), not wait out its 20 s.
    const follower = await call(t.app, t.org.apiKey, 'run.get', { runId, cursor, waitMs: 20_000 });
    assert.equal(follower.body.timedOut, false);
    assert.ok(follower.body.cursor > cursor);
    assert.equal(follower.body.steps[0].status, 'passed');
    assert.ok(Date.now() - started < 5000, `answered after ${Date.now() - started} ms`);
    assert.equal((await first.reply).body.steps[0].status, 'passed');
    // A shared read never answers another organization's follower.
    const other = await createOrg(t.app.deps);
    assert.equal((await call(t.app, other.apiKey, 'run.get', { runId, cursor, waitMs: 1000 })).status, 404);
  });

  it('without cursor and waitMs answers the current state, even just after a follower read the Run', async () => {
    const { cursor } = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
    // A follower behind the cursor is answered at once, from an arrival read later arrivals may share.
    const behind = await call(t.app, t.org.apiKey, 'run.get', { runId, cursor: cursor - 1, waitMs: 20_000 });
    assert.equal(behind.body.timedOut, false);
    assert.equal((await reportStep('failed')).status, 200);
    // The specification: "Without cursor and waitMs the current state returns at once."
    const now = (await call(t.app, t.org.apiKey, 'run.get', { runId })).body;
    assert.ok(now.cursor > cursor, 'the change is seen at once');
    assert.equal(now.steps[0].status, 'failed');
  });

  it('lists runs with filters and the resource-style list by offset', async () => {
    const listed = await call(t.app, t.org.apiKey, 'run.list', { status: 'queued' });
    assert.ok(listed.body.items.some((r: { runId: string }) => r.runId === runId));
    assert.equal((await call(t.app, t.org.apiKey, 'run.list', { status: 'passing' })).body.items.length, 0);
    assert.equal((await call(t.app, t.org.apiKey, 'run.list', { status: 'bogus' })).status, 400);
    const res = await fetch(`${t.app.url}/api/runs?limit=5&offset=0&status=queued`, {
      headers: { Authorization: `Bearer ${t.org.apiKey}` },
    });
    const runs = await res.json();
    assert.equal(runs[0]._id, runId);
    const bad = await fetch(`${t.app.url}/api/runs?limit=500`, {
      headers: { Authorization: `Bearer ${t.org.apiKey}` },
    });
    assert.equal(bad.status, 400);
    assert.equal(typeof (await bad.json()).error, 'string');
  });

  // Last: its own Run is the newest, which the list above would otherwise see first.
  it('answers each waiter once: a change wakes its own, the rest time out in the order due, none early', async () => {
    const testCase = await newCase(t, { name: 'Watched' });
    const watched = (
      await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
      })
    ).body.runIds[0] as string;
    const { cursor } = (await call(t.app, t.org.apiKey, 'run.get', { runId: watched })).body;
    const watcher = t.app.deps.runWatcher;
    const before = watcher.waiting;
    const told = new Map<string, Array<{ at: number; changed: boolean }>>();
    const follower = (name: string) => ({
      answered: (snapshot: unknown) =>
        told.set(name, [...(told.get(name) ?? []), { at: performance.now(), changed: snapshot !== null }]),
      failed: (error: unknown) => assert.fail(`${name} failed: ${String(error)}`),
    });
    // 1,100 followers of the Run that changes, with a long wait, and 300 of a Run that never
    // changes (none exists), due 1.5-3 s from now in a shuffled order, 5 ms apart.
    for (let i = 0; i < 1100; i++) watcher.park(watched, cursor, 20_000, follower(`changed ${i}`));
    const due = new Map<string, number>();
    for (let i = 0; i < 300; i++) {
      const waitMs = 1500 + ((i * 37) % 300) * 5;
      due.set(`idle ${i}`, performance.now() + waitMs);
      watcher.park('run_00000000000000000000000000', 0, waitMs, follower(`idle ${i}`));
    }
    assert.equal(watcher.waiting, before + 1400);
    const report = await fetch(`${t.app.url}/api/runs/report`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${t.org.apiKey}` },
      body: JSON.stringify({ runId: watched, stepIndex: 0, status: 'running' }),
    });
    assert.equal(report.status, 200);
    const until = Date.now() + 10_000;
    while (watcher.waiting > before && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    assert.equal(watcher.waiting, before);
    for (let i = 0; i < 1100; i++)
      assert.deepEqual(
        told.get(`changed ${i}`)?.map((t) => t.changed),
        [true],
      );
    const idle = [...due.keys()].map((name) => ({ name, due: due.get(name)!, told: told.get(name) ?? [] }));
    for (const w of idle) {
      assert.equal(w.told.length, 1, `${w.name} told once`);
      assert.equal(w.told[0].changed, false);
      // To the millisecond, as node's timers are.
      assert.ok(w.told[0].at >= w.due - 1, `${w.name} answered ${(w.due - w.told[0].at).toFixed(1)} ms early`);
    }
    const byDue = [...idle].sort((a, b) => a.due - b.due).map((w) => w.name);
    const byAnswer = [...idle].sort((a, b) => a.told[0].at - b.told[0].at).map((w) => w.name);
    assert.deepEqual(byAnswer, byDue);
    // Nothing is told twice after its deadline passes.
    await new Promise((r) => setTimeout(r, 100));
    assert.ok([...told.values()].every((list) => list.length === 1));
  });
});
