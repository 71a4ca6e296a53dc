import assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { ScheduleNotFoundError } from '@temporalio/client';
import { reconcileSchedules } from '../../api/schedules/reconcile';
import { call, environment, key, newCase, useApp, type AppFixture } from '../helpers/app';
import { rest } from '../helpers/rest';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { registerWebhook, settledDeliveries, verifyWebhook } from '../helpers/webhooks';
import { privateQueues, startWorkers, useWorkers } from '../helpers/temporal';
import { killGroup, startApiProcess } from '../helpers/worker-process';
import { recordHistory } from '../helpers/histories';
import { QaOrgId, QaTestPlanId } from '../../workflows/contracts';

/**
 * A page the test switches between: `pass` shows the text the Test Case expects, `fail` answers
 * 503 without it (the navigation fails the Run at once, where a missing text waits out the step's
 * 10-s budget), `hold` keeps the request open until switched again.
 */
interface SwitchSite {
  url: string;
  mode: 'pass' | 'fail' | 'hold';
  hits: number;
  close(): Promise<void>;
}

async function startSwitchSite(): Promise<SwitchSite> {
  const held: ServerResponse[] = [];
  const answer = (res: ServerResponse) => {
    res.writeHead(site.mode === 'pass' ? 200 : 503, { 'Content-Type': 'text/html' });
    res.end(`<!doctype html><title>Shop</title><h1>${site.mode === 'pass' ? 'All good' : 'Out of order'}</h1>`);
  };
  const server: Server = createServer((req, res) => {
    if (req.url === '/favicon.ico') return void res.writeHead(404).end();
    site.hits++;
    if (site.mode === 'hold') return void held.push(res);
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let mode: SwitchSite['mode'] = 'pass';
  const site: SwitchSite = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get mode() {
      return mode;
    },
    set mode(next) {
      mode = next;
      if (next !== 'hold') for (const res of held.splice(0)) answer(res);
    },
    hits: 0,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return site;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, limitMs = 60_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

interface Fire {
  planGroupRunId: string;
  verdict?: 'passed' | 'failed';
  state?: string;
}

async function scheduleOf(t: AppFixture, id: string) {
  const got = await rest(t.app, t.org.apiKey, 'GET', `/api/schedules/${id}`);
  assert.equal(got.status, 200, JSON.stringify(got.body));
  return got.body as { recentGroups: Fire[]; state?: string; paused: boolean; nextFireAt?: number };
}

/** The schedule's groups once `count` of them have ended (a verdict recorded). */
async function finishedGroups(t: AppFixture, id: string, count: number) {
  let last: unknown;
  try {
    return await until(
      `${count} finished group(s) of ${id}`,
      async () => {
        const schedule = await scheduleOf(t, id);
        last = schedule;
        const groups = schedule.recentGroups.filter((g) => g.verdict);
        return groups.length >= count && groups;
      },
      90_000,
    );
  } catch (error) {
    // Say where it stood: the record's groups and what Temporal started.
    const client = await t.app.deps.temporal();
    const info = (await client.schedule.getHandle(`schedule-${id}`).describe()).info;
    throw new Error(
      `${(error as Error).message}: ${JSON.stringify({ last, actions: info.recentActions, running: info.runningActions })}`,
    );
  }
}

describe('scheduled plans on Temporal Schedules', function () {
  this.timeout(300_000);
  const t = useApp(() => ({
    ...privateQueues(),
    EGRESS_ALLOW: '127.0.0.1,::1,localhost',
    // Seconds stand in for minutes: the shortest interval is the operator's to lower.
    SCHEDULE_MIN_INTERVAL_SECONDS: '1',
    WEBHOOK_RETRY_SCHEDULE: '0,1,1',
  }));
  useWorkers(t, { runnerPlatforms: ['web'] });
  let site: SwitchSite;
  let receiver: Receiver;
  let testPlanId: string;

  before(async () => {
    site = await startSwitchSite();
    t.onClose(() => site.close());
    receiver = await startReceiver();
    t.onClose(() => receiver.close());
    await environment(t, 'shop', { targets: { web: { baseUrl: site.url } } });
    const testCase = await newCase(t, {
      name: 'Shop is up',
      steps: [{ action: 'navigate', target: '/', expect: { text: 'All good' } }],
    });
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Smoke',
      testCaseIds: [testCase.id],
    });
    assert.equal(plan.status, 200, JSON.stringify(plan.body));
    testPlanId = plan.body.id;
  });

  // Nothing keeps firing into the next test.
  const made: string[] = [];
  afterEach(async () => {
    for (const id of made.splice(0)) await rest(t.app, t.org.apiKey, 'DELETE', `/api/schedules/${id}`);
  });

  async function create(fields: Record<string, unknown>) {
    const created = await rest(
      t.app,
      t.org.apiKey,
      'POST',
      '/api/schedules',
      { name: 'Smoke schedule', testPlanId, environmentSlug: 'shop', ...fields },
      { 'Idempotency-Key': key() },
    );
    assert.equal(created.status, 201, JSON.stringify(created.body));
    made.push(created.body.id);
    return created.body as { id: string; temporalScheduleId: string };
  }

  it('a reconcile pass (in this process) recreates a Schedule deleted by hand, and a second pass changes nothing', async () => {
    const schedule = await create({ every: '1h', paused: true });
    const client = await t.app.deps.temporal();
    await client.schedule.getHandle(schedule.temporalScheduleId).delete();
    const first = await reconcileSchedules(t.app.deps);
    assert.ok(first.created >= 1, JSON.stringify(first));
    assert.equal(first.failed, 0);
    const handle = client.schedule.getHandle(schedule.temporalScheduleId);
    const back = await handle.describe();
    assert.equal(back.state.paused, true, 'as its record says');
    // The pass covers every organization's Schedules, and files beside this one write theirs
    // meanwhile: what must not change is this one.
    const second = await reconcileSchedules(t.app.deps);
    assert.equal(second.failed, 0, JSON.stringify(second));
    const after = await handle.describe();
    // A Schedule never updated has no update time; an update gives it one, or a later one.
    assert.equal(after.info.lastUpdatedAt?.getTime(), back.info.lastUpdatedAt?.getTime(), 'not written again');
  });

  it('a replayed create or update writes the Schedule again (the first may have crashed before it did)', async () => {
    const client = await t.app.deps.temporal();
    const body = { name: 'Replayed', testPlanId, environmentSlug: 'shop', every: '1h', paused: true };
    const idem = { 'Idempotency-Key': key() };
    const first = await rest(t.app, t.org.apiKey, 'POST', '/api/schedules', body, idem);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    made.push(first.body.id);
    const handle = client.schedule.getHandle(first.body.temporalScheduleId);
    await handle.delete();
    const replayed = await rest(t.app, t.org.apiKey, 'POST', '/api/schedules', body, idem);
    assert.equal(replayed.body.id, first.body.id);
    assert.equal((await handle.describe()).state.paused, true, 'the Schedule is back');

    const patchKey = { 'Idempotency-Key': key() };
    const patched = await rest(
      t.app,
      t.org.apiKey,
      'PATCH',
      `/api/schedules/${first.body.id}`,
      { every: '2h' },
      patchKey,
    );
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    await handle.delete();
    await rest(t.app, t.org.apiKey, 'PATCH', `/api/schedules/${first.body.id}`, { every: '2h' }, patchKey);
    const back = await handle.describe();
    assert.equal(back.spec.intervals?.[0]?.every, 2 * 60 * 60 * 1000, 'with the changed timing');
  });

  it('starts plan groups with trigger.source "schedule"; pause stops them and resume starts them again', async () => {
    site.mode = 'pass';
    const schedule = await create({ every: '1s' });
    assert.equal(schedule.temporalScheduleId, `schedule-${schedule.id}`);
    const [first] = await finishedGroups(t, schedule.id, 2);
    assert.equal(first.verdict, 'passed');

    const group = await rest(t.app, t.org.apiKey, 'GET', `/api/plan-groups/${first.planGroupRunId}`);
    assert.equal(group.status, 200, JSON.stringify(group.body));
    const runId = group.body.members[0].runId as string;
    const run = await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${runId}`);
    assert.equal(run.body.trigger.source, 'schedule');
    assert.equal(run.body.trigger.scheduleId, schedule.id);

    // Visible in Temporal with the organization and plan as search attributes.
    const client = await t.app.deps.temporal();
    const described = await client.schedule.getHandle(schedule.temporalScheduleId).describe();
    assert.equal(described.typedSearchAttributes.get(QaOrgId), t.org.orgId);
    assert.equal(described.typedSearchAttributes.get(QaTestPlanId), testPlanId);

    const paused = await rest(t.app, t.org.apiKey, 'POST', `/api/schedules/${schedule.id}/pause`);
    assert.equal(paused.status, 200, JSON.stringify(paused.body));
    assert.equal(paused.body.paused, true);
    assert.equal((await client.schedule.getHandle(schedule.temporalScheduleId).describe()).state.paused, true);
    // A fire Temporal started before the pause may still be queuing its group: settled when every
    // action Temporal took has its group.
    const taken = () => client.schedule.getHandle(schedule.temporalScheduleId).describe();
    const atPause = await until('the fires before the pause to queue their groups', async () => {
      const actions = (await taken()).info.numActionsTaken;
      const groups = (await scheduleOf(t, schedule.id)).recentGroups.length;
      return groups === actions && groups;
    });
    await sleep(2_500); // two fires of the 1-s interval come due
    assert.equal((await scheduleOf(t, schedule.id)).recentGroups.length, atPause, 'no fire while paused');
    assert.equal((await taken()).info.numActionsTaken, atPause, 'Temporal started nothing either');

    // Run now, twice within a second, while paused: two fires, two groups.
    const fire = () =>
      rest(t.app, t.org.apiKey, 'POST', `/api/schedules/${schedule.id}/trigger`, undefined, {
        'Idempotency-Key': key(),
      });
    const fired = await Promise.all([fire(), fire()]);
    assert.deepEqual(
      fired.map((f) => f.status),
      [202, 202],
    );
    assert.notEqual(fired[0].body.workflowId, fired[1].body.workflowId);
    await until('both fires to queue their groups', async () =>
      (await scheduleOf(t, schedule.id)).recentGroups.length === atPause + 2 ? true : undefined,
    );
    const withFires = atPause + 2;

    const resumed = await rest(t.app, t.org.apiKey, 'POST', `/api/schedules/${schedule.id}/resume`);
    assert.equal(resumed.body.paused, false);
    await until('a fire after resume', async () => (await scheduleOf(t, schedule.id)).recentGroups.length > withFires);
  });

  it('overlap "skip": no fire starts while a group still runs', async () => {
    site.mode = 'hold';
    const hitsBefore = site.hits;
    const schedule = await create({ every: '1s', overlap: 'skip' });
    await until('the first group to reach the held page', async () => site.hits > hitsBefore);
    // Three fires come due while the first group is held: Temporal counts each it skipped.
    const client = await t.app.deps.temporal();
    await until('three fires skipped', async () => {
      const info = (await client.schedule.getHandle(schedule.temporalScheduleId).describe()).info;
      return info.numActionsSkippedOverlap >= 3;
    });
    const during = (await scheduleOf(t, schedule.id)).recentGroups;
    assert.equal(during.length, 1, `one group while the first is held: ${JSON.stringify(during)}`);
    const info = (await client.schedule.getHandle(schedule.temporalScheduleId).describe()).info;
    assert.equal(info.numActionsTaken, 1, 'Temporal started one workflow');
    await rest(t.app, t.org.apiKey, 'POST', `/api/schedules/${schedule.id}/pause`);
    site.mode = 'pass';
    await finishedGroups(t, schedule.id, 1);
  });

  it('fail → pass → fail fires exactly three schedule.state_changed events, the second a recovery', async () => {
    const hook = await registerWebhook(t, receiver, '/state', ['schedule.state_changed']);
    // An hourly schedule fired by hand: the three groups come exactly when the test says.
    const schedule = await create({ every: '1h' });
    const sequence: Array<'fail' | 'pass'> = ['fail', 'pass', 'fail'];
    const fires: string[] = [];
    for (const [i, mode] of sequence.entries()) {
      site.mode = mode;
      const fired = await rest(t.app, t.org.apiKey, 'POST', `/api/schedules/${schedule.id}/trigger`, undefined, {
        'Idempotency-Key': key(),
      });
      assert.equal(fired.status, 202, JSON.stringify(fired.body));
      fires.push(fired.body.workflowId);
      await finishedGroups(t, schedule.id, i + 1);
    }
    const lastFire = fires[2];
    await receiver.waitFor('/state', 3);
    // Nothing more arrives: the three fires' workflows have ended and every event they recorded
    // for the endpoint is delivered.
    const client = await t.app.deps.temporal();
    for (const id of fires) await client.workflow.getHandle(id).result();
    const deliveries = await settledDeliveries(t, hook.id, 3);
    assert.equal(deliveries.length, 3, JSON.stringify(deliveries));
    const payloads = receiver.received.filter((r) => r.path === '/state').map((r) => verifyWebhook(hook.secret, r));
    assert.equal(payloads.length, 3, JSON.stringify(payloads));
    assert.ok(payloads.every((p) => p.type === 'schedule.state_changed' && p.data.scheduleId === schedule.id));
    assert.deepEqual(
      payloads.map((p) => [p.data.previousState ?? null, p.data.state, p.data.recovered === true]),
      [
        [null, 'failing', false],
        ['failing', 'passing', true],
        // Verdicts that keep flipping are the documented "flaky" (docs/schedules.md).
        ['passing', 'flaky', false],
      ],
    );
    await recordHistory(t.app, lastFire, 'scheduledPlanWorkflow-state-changed');
    const groups = (await scheduleOf(t, schedule.id)).recentGroups;
    for (const p of payloads) {
      assert.ok(groups.some((g) => g.planGroupRunId === p.data.planGroupRunId));
      // The group's report page opens without a credential.
      assert.equal((await fetch(p.data.reportUrl)).status, 200);
    }
  });

  it('PATCH changes the record and its Temporal Schedule alike, field by field, and refuses a bad change whole', async () => {
    const schedule = await create({ cron: '0 2 * * *', timezone: 'Europe/Berlin', paused: true });
    const client = await t.app.deps.temporal();
    const temporal = () => client.schedule.getHandle(schedule.temporalScheduleId).describe();
    const patch = async (fields: Record<string, unknown>, status = 200) => {
      const reply = await rest(t.app, t.org.apiKey, 'PATCH', `/api/schedules/${schedule.id}`, fields);
      assert.equal(reply.status, status, JSON.stringify(reply.body));
      return reply.body;
    };

    // A name, a jitter and an overlap policy; the timing stays.
    let body = await patch({ name: 'Nightly smoke', jitter: '30s', overlap: 'buffer_one' });
    assert.equal(body.name, 'Nightly smoke');
    assert.equal(body.jitter, '30s');
    assert.equal(body.overlap, 'buffer_one');
    assert.equal(body.cron, '0 2 * * *');
    assert.equal(body.timezone, 'Europe/Berlin');
    let mirrored = await temporal();
    assert.equal(mirrored.spec.jitter, 30_000);
    assert.equal(mirrored.policies.overlap, 'BUFFER_ONE');
    assert.equal(mirrored.spec.timezone, 'Europe/Berlin');

    // Targets beside the Environment (docs/schedules.md: addresses and artifacts only).
    body = await patch({ targets: { web: { baseUrl: 'http://127.0.0.1:8' } } });
    assert.deepEqual(body.targets, { web: { baseUrl: 'http://127.0.0.1:8' } });
    assert.equal(body.environmentSlug, 'shop');
    assert.equal(body.name, 'Nightly smoke', 'the fields not sent stay');

    // Another zone for the same cron.
    body = await patch({ timezone: 'Asia/Tokyo' });
    assert.deepEqual(body.targets, { web: { baseUrl: 'http://127.0.0.1:8' } }, 'targets not sent stay');
    assert.equal(body.timezone, 'Asia/Tokyo');
    assert.equal((await temporal()).spec.timezone, 'Asia/Tokyo');

    // From cron to an interval: the cron and its zone go.
    body = await patch({ every: '1h', jitter: null });
    assert.equal(body.every, '1h');
    assert.ok(!('cron' in body) && !('timezone' in body) && !('jitter' in body), JSON.stringify(body));
    mirrored = await temporal();
    assert.deepEqual(
      mirrored.spec.intervals?.map((i) => i.every),
      [3_600_000],
    );
    assert.ok(!mirrored.spec.calendars?.length, 'no cron left');

    // Resumed: Temporal's Schedule is no longer paused.
    body = await patch({ paused: false });
    assert.equal(body.paused, false);
    assert.equal((await temporal()).state.paused, false);
    await patch({ paused: true });

    // A bad change is refused whole: the name in the same request is not applied either.
    const refused = await patch({ name: 'Renamed', cron: '61 * * * *' }, 400);
    assert.match(refused.error, /not a valid expression/);
    const now = await scheduleOf(t, schedule.id);
    assert.equal((now as unknown as { name: string }).name, 'Nightly smoke');
  });

  it('answers what is wrong with a timing or a target, and never stores runtime values', async () => {
    const bad = async (fields: Record<string, unknown>, pattern: RegExp) => {
      const reply = await rest(t.app, t.org.apiKey, 'POST', '/api/schedules', {
        name: 'Bad',
        testPlanId,
        environmentSlug: 'shop',
        ...fields,
      });
      assert.equal(reply.status, 400, JSON.stringify(reply.body));
      assert.match(reply.body.error, pattern);
    };
    await bad({ cron: '61 * * * *' }, /cron: "61 \* \* \* \*" is not a valid expression/);
    await bad({ cron: '* * *' }, /has 3 field\(s\); give five/);
    await bad({ cron: '0 2 * * *', timezone: 'Mars/Olympus' }, /timezone: "Mars\/Olympus" is not an IANA time zone/);
    await bad({ every: '5 minutes' }, /a duration/);
    await bad({ every: '5m', cron: '0 2 * * *' }, /exactly one of cron and every/);
    await bad({ every: '10s', jitter: '20s' }, /jitter/);
    await bad(
      { every: '1h', environmentSlug: undefined, targets: { api: { baseUrl: site.url, runtimeValues: { T: 'x' } } } },
      /cannot carry runtime values/,
    );
    await bad(
      { every: '1h', environmentSlug: undefined, targets: { api: { baseUrl: site.url, headers: { A: 'b' } } } },
      /unknown field\(s\): headers/,
    );
    // Temporal reads zone names case-sensitively: the record keeps the canonical spelling.
    const berlin = (await create({ cron: '0 2 * * *', timezone: 'europe/berlin', paused: true })) as {
      timezone?: string;
    };
    assert.equal(berlin.timezone, 'Europe/Berlin');
    const missingPlan = await rest(t.app, t.org.apiKey, 'POST', '/api/schedules', {
      name: 'Gone',
      testPlanId: 'tp_00000000000000000000000000',
      environmentSlug: 'shop',
      every: '1h',
    });
    assert.equal(missingPlan.status, 404, JSON.stringify(missingPlan.body));
  });
});

describe('scheduled plans: the record and the Temporal Schedule agree after a crash', function () {
  this.timeout(240_000);
  const t = useApp(() => ({ ...privateQueues(), SCHEDULE_MIN_INTERVAL_SECONDS: '1', SCHEDULES_MAX_PER_ORG: '2' }));
  let testPlanId: string;
  const processes: ChildProcess[] = [];

  before(async () => {
    await environment(t, 'shop', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } });
    const testCase = await newCase(t, { name: 'Any' });
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Nightly',
      testCaseIds: [testCase.id],
    });
    testPlanId = plan.body.id;
    t.onClose(() => processes.forEach(killGroup));
  });

  /** The real API process (api/server.ts) on the suite's database and Temporal. */
  async function apiProcess(env: Record<string, string>) {
    const api = await startApiProcess(t.app, { SCHEDULE_MIN_INTERVAL_SECONDS: '1', ...env });
    processes.push(api.child);
    return api;
  }

  const described = async (scheduleId: string) => {
    const client = await t.app.deps.temporal();
    try {
      return await client.schedule.getHandle(`schedule-${scheduleId}`).describe();
    } catch (error) {
      if (error instanceof ScheduleNotFoundError) return null;
      throw error;
    }
  };

  it('an API killed between the record and its Schedule: the restarted API creates the Schedule; orphans go, deleted ones come back', async () => {
    const crashing = await apiProcess({ QA_FAILPOINTS: 'schedule.recorded', SCHEDULE_RECONCILE_INTERVAL_MS: '0' });
    const exited = new Promise((resolve) => crashing.child.once('exit', (_code, signal) => resolve(signal)));
    await assert.rejects(
      fetch(`${crashing.url}/api/schedules`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${t.org.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Nightly',
          testPlanId,
          environmentSlug: 'shop',
          cron: '0 2 * * *',
          timezone: 'Europe/Berlin',
        }),
      }),
    );
    assert.equal(await exited, 'SIGKILL');
    const listed = await rest(t.app, t.org.apiKey, 'GET', '/api/schedules');
    const record = listed.body.items.find((s: { name: string }) => s.name === 'Nightly');
    assert.ok(record, 'the record was written before the crash');
    assert.equal(await described(record.id), null, 'and its Schedule was not');

    // A Schedule whose record is gone (deleted while Temporal was away).
    const client = await t.app.deps.temporal();
    const orphanId = 'sch_01jzzzzzzzzzzzzzzzzzzzzzzz';
    await client.schedule.create({
      scheduleId: `schedule-${orphanId}`,
      spec: { intervals: [{ every: '1h' }] },
      action: {
        type: 'startWorkflow',
        workflowType: 'scheduledPlanWorkflow',
        workflowId: `schedule-${orphanId}`,
        taskQueue: t.app.deps.config.TEMPORAL_TASK_QUEUE,
        args: [{ scheduleId: orphanId, orgId: 'org_x', revision: 1 }],
      },
      state: { paused: true },
    });

    const restarted = await apiProcess({ SCHEDULE_RECONCILE_INTERVAL_MS: '1000' });
    const mirrored = await until('the Schedule of the record', () => described(record.id).then((d) => d ?? undefined));
    assert.ok(mirrored.spec.calendars?.length, 'the cron expression, compiled by Temporal into calendars');
    assert.equal(mirrored.spec.timezone, 'Europe/Berlin');
    await until('the orphan Schedule to be removed', async () => (await described(orphanId)) === null);

    // A Schedule deleted by hand in the Temporal UI is created again from its record.
    await client.schedule.getHandle(`schedule-${record.id}`).delete();
    await until('the deleted Schedule to come back', () => described(record.id).then((d) => d ?? undefined));
    killGroup(restarted.child);
  });

  it('keeps to SCHEDULES_MAX_PER_ORG: one more is RESOURCE_EXHAUSTED, and a delete makes room', async () => {
    const body = { name: 'Extra', testPlanId, environmentSlug: 'shop', every: '1h', paused: true };
    const existing = (await rest(t.app, t.org.apiKey, 'GET', '/api/schedules')).body.items.length;
    const made: string[] = [];
    for (let i = existing; i < 2; i++) {
      const ok = await rest(t.app, t.org.apiKey, 'POST', '/api/schedules', body);
      assert.equal(ok.status, 201, JSON.stringify(ok.body));
      made.push(ok.body.id);
    }
    const refused = await rest(t.app, t.org.apiKey, 'POST', '/api/schedules', body);
    assert.equal(refused.status, 429, JSON.stringify(refused.body));
    assert.match(refused.body.error, /at most 2 schedules/);
    const all = (await rest(t.app, t.org.apiKey, 'GET', '/api/schedules?limit=1')).body;
    assert.equal(all.items.length, 1);
    assert.ok(all.nextCursor, 'a second page');
    const victim = made[0] ?? all.items[0].id;
    assert.equal((await rest(t.app, t.org.apiKey, 'DELETE', `/api/schedules/${victim}`)).status, 200);
    assert.equal((await rest(t.app, t.org.apiKey, 'GET', `/api/schedules/${victim}`)).status, 404);
    assert.equal((await rest(t.app, t.org.apiKey, 'POST', '/api/schedules', body)).status, 201);
  });
});

describe('scheduled plans: fires missed while the workers were down', function () {
  this.timeout(180_000);
  const t = useApp(() => ({ ...privateQueues(), SCHEDULE_MIN_INTERVAL_SECONDS: '1' }));

  it('runs at most one group for the outage, not one per missed fire (overlap skip), then fires on time again', async () => {
    const site = await startSwitchSite();
    t.onClose(() => site.close());
    await environment(t, 'shop', { targets: { web: { baseUrl: site.url } } });
    const testCase = await newCase(t, {
      name: 'Up',
      steps: [{ action: 'navigate', target: '/', expect: { text: 'All good' } }],
    });
    const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Monitor',
      testCaseIds: [testCase.id],
    });
    let workers = await startWorkers(t.app);
    t.onClose(() => workers.stop());
    const created = await rest(t.app, t.org.apiKey, 'POST', '/api/schedules', {
      name: 'Monitor',
      testPlanId: plan.body.id,
      environmentSlug: 'shop',
      every: '1s',
      overlap: 'skip',
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id as string;
    t.onClose(() => rest(t.app, t.org.apiKey, 'DELETE', `/api/schedules/${id}`));
    await finishedGroups(t, id, 1);

    // Workers stop polling at once: a fire due from here on waits in Temporal.
    const downAt = Date.now();
    await workers.stop();
    const client = await t.app.deps.temporal();
    const skipped = async () =>
      (await client.schedule.getHandle(`schedule-${id}`).describe()).info.numActionsSkippedOverlap;
    const skippedAtDown = await skipped();
    // Fires come due meanwhile: the first waits for a worker, Temporal skips the others.
    await until('two fires missed in the outage', async () => (await skipped()) >= skippedAtDown + 2);
    const upAt = Date.now();
    workers = await startWorkers(t.app);
    await until('a fire after the outage', async () => {
      const groups = (await scheduleOf(t, id)).recentGroups as Array<Fire & { dueAt: number; verdict?: string }>;
      return groups.some((g) => g.dueAt > upAt && g.verdict) ? true : undefined;
    });
    const groups = (await scheduleOf(t, id)).recentGroups as Array<Fire & { dueAt: number }>;
    // The first fire of the outage waits for a worker and holds the overlap: at most its group runs
    // (none when a fire already in flight at the stop held it instead).
    const duringOutage = groups.filter((g) => g.dueAt >= downAt && g.dueAt < upAt);
    assert.ok(duringOutage.length <= 1, `at most one group for the outage: ${JSON.stringify(groups)}`);
  });
});
