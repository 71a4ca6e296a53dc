import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { call, queuedRun, useApp } from '../helpers/app';
import { privateQueues } from '../helpers/temporal';
import { killGroup, startApiProcess } from '../helpers/worker-process';

// Issue 56, the API side of a deploy: on SIGTERM an API process tells the load balancer it drains,
// answers the long-polls it holds as timed-out waits (the client polls again, elsewhere), stops
// accepting connections and exits within a bound.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('graceful stop of an API process during long-polls (issue 56)', function () {
  this.timeout(120_000);
  const t = useApp(privateQueues());
  const children: ChildProcess[] = [];
  before(() => t.onClose(() => children.forEach(killGroup)));

  const apiProcess = async (env: Record<string, string>) => {
    const api = await startApiProcess(t.app, env);
    children.push(api.child);
    return api;
  };

  it('says draining on /healthz, answers held long-polls as timed out at once, then refuses connections and exits', async () => {
    const api = await apiProcess({ API_DRAIN_DELAY_MS: '1500', API_DRAIN_TIMEOUT_MS: '5000' });
    // No runner serves the suite's queues: the Run stays queued, so a long-poll on it holds.
    const runId = await queuedRun(t, api, 'Held');
    const { cursor } = (await call(api, t.org.apiKey, 'run.get', { runId })).body;

    const polls = Array.from({ length: 20 }, async () => {
      const r = await call(api, t.org.apiKey, 'run.get', { runId, cursor, waitMs: 20_000 });
      return { ...r, at: Date.now() };
    });
    await sleep(1000); // the polls are parked
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      api.child.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const sent = Date.now();
    api.child.kill('SIGTERM');

    const answers = await Promise.all(polls);
    for (const a of answers) {
      assert.equal(a.status, 200, JSON.stringify(a.body));
      assert.equal(a.body.timedOut, true, 'answered as a wait that expired: the client polls again');
      assert.equal(a.body.status, 'queued');
      assert.ok(a.at - sent < 3000, `answered ${a.at - sent} ms after SIGTERM, not at the end of its 20 s wait`);
      // Its kept-alive connection is not reused: the client's next poll goes to the balancer.
      assert.equal(
        a.headers.get('connection'),
        'close',
        'a parked answer written while draining closes its connection',
      );
    }
    // Within the drain delay a load balancer's check sees the process draining.
    const health = await fetch(`${api.url}/healthz`);
    assert.equal(health.status, 503);
    assert.deepEqual(await health.json(), { status: 'draining' });
    assert.equal(health.headers.get('connection'), 'close');
    // A new long-poll is not held either.
    const late = await call(api, t.org.apiKey, 'run.get', { runId, cursor, waitMs: 20_000 });
    assert.equal(late.body.timedOut, true);
    assert.equal(late.headers.get('connection'), 'close');

    const { code, at } = await exited;
    assert.equal(code, 0);
    assert.ok(at - sent >= 1500, 'connections were accepted for the drain delay');
    // Nothing in flight is left, and no keep-alive socket holds the close until the drain timeout.
    assert.ok(at - sent < 1500 + 2500, `exited ${at - sent} ms after SIGTERM (drain timeout 5000 ms)`);
    await assert.rejects(fetch(`${api.url}/healthz`), 'no connection is accepted any more');
  });
});
