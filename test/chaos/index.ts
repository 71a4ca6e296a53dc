import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { createDataSource } from '../../db/data-source';
import { createOrganization } from '../../domain/organizations';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { startSite } from '../helpers/site';
import { freeze } from '../../scripts/lib/process-tree';
import { Api, BOUND_MS, type Reply } from './client';
import {
  answers,
  ClusterDependencies,
  type ClusterService,
  Dependencies,
  freePort,
  ServiceProcess,
  Stack,
} from './stack';

/**
 * `npm run chaos`: real MariaDB, the real Temporal dev server, two API processes and the two
 * workers (runner, orchestration) as separate processes, at least CHAOS_RUNS Runs in flight
 * against a loopback site with clients long-polling them; then faults one at a time and all
 * together. Asserts outcomes (nothing lost or duplicated, bounded UNAVAILABLE, recovery without a
 * restart), not timings; recovery seconds are printed for reading only.
 * CHAOS_TARGET=cluster: the same on a Temporal cluster (scripts/lib/temporal-cluster.js), whose
 * history, matching and frontend services are killed one at a time, then one API and one worker.
 */

const num = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw ? Number(raw) : fallback;
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name}=${raw} is not a positive number`);
  return n;
};
const settings = {
  /** Runs kept in flight when each fault starts. */
  runs: num('CHAOS_RUNS', 100),
  /** How long each fault lasts (a killed process stays down, a stopped one stays stopped). */
  holdMs: num('CHAOS_HOLD_S', 12) * 1000,
  /** How long every Run may take to end once all faults are over. */
  drainMs: num('CHAOS_DRAIN_S', 600) * 1000,
  /** How long the stack may take to answer and make progress again after a fault. */
  recoveryLimitMs: num('CHAOS_RECOVERY_LIMIT_S', 180) * 1000,
  /** Member cases of the Test Plan (each plan group and the run request queue this many Runs). */
  planSize: num('CHAOS_PLAN_SIZE', 5),
  faults: (process.env.CHAOS_FAULTS ?? '').split(',').filter(Boolean),
  onCluster: process.env.CHAOS_TARGET === 'cluster',
};

const TERMINAL = new Set(['passing', 'failed', 'unverified', 'canceled', 'invalid']);
const LONG_POLL_MS = 5000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const say = (msg: string) => process.stdout.write(`[chaos] ${new Date().toISOString().slice(11, 19)} ${msg}\n`);

type Kind =
  | 'rolling'
  | 'runner'
  | 'orchestration'
  | 'api'
  | 'mariadb'
  | 'temporal'
  | 'mariadb-hang'
  | 'temporal-hang'
  | 'all'
  | ClusterService;
const DEV_SERVER_FAULTS: Array<{ name: string; kind: Kind }> = [
  // A deploy (issue 56): every process stopped gracefully and started again, one after another.
  { name: 'rolling restart (SIGTERM, each API and worker in turn)', kind: 'rolling' },
  { name: 'runner worker SIGKILL', kind: 'runner' },
  { name: 'orchestration worker SIGKILL', kind: 'orchestration' },
  { name: 'API process SIGKILL (1 of 2)', kind: 'api' },
  { name: 'MariaDB SIGKILL', kind: 'mariadb' },
  { name: 'Temporal SIGKILL', kind: 'temporal' },
  { name: 'MariaDB hung (SIGSTOP)', kind: 'mariadb-hang' },
  { name: 'Temporal hung (SIGSTOP)', kind: 'temporal-hang' },
  { name: 'all of the above together', kind: 'all' },
];
// On the cluster each Temporal service is a process of its own: one goes down at a time, mid-load.
const CLUSTER_FAULTS: Array<{ name: string; kind: Kind }> = [
  { name: 'Temporal history service SIGKILL', kind: 'history' },
  { name: 'Temporal matching service SIGKILL', kind: 'matching' },
  { name: 'Temporal frontend service SIGKILL', kind: 'frontend' },
  { name: 'API process SIGKILL (1 of 2)', kind: 'api' },
  { name: 'runner worker SIGKILL', kind: 'runner' },
];
const FAULTS = settings.onCluster ? CLUSTER_FAULTS : DEV_SERVER_FAULTS;
const CLUSTER_KINDS = new Set<Kind>(['history', 'matching', 'frontend']);

interface TrackedRun {
  id: string;
  status: string;
  /** Faults during which the Run was in flight. */
  faults: Set<string>;
  terminalAt?: number;
  /** The fault windows (a fault until the next one starts) in which a runner attempt failed, and why. */
  failedAttempts: Array<{ during: string; reason: string }>;
  attempt?: number;
}

/** A trigger the suite sent, with the ids it recorded; replayed at the end with the same key. */
interface Trigger {
  kind: 'run' | 'group' | 'request';
  body: Record<string, unknown>;
  runIds: string[];
  planGroupRunId?: string;
  requestId?: string;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-chaos-'));
  say(`state and logs in ${dir}`);
  // Every service of the suite, stopped in reverse order at the end: the workers and APIs, then the servers.
  const stack = new Stack();
  const deps = settings.onCluster ? new ClusterDependencies(dir, stack) : new Dependencies(dir, stack);
  if (settings.onCluster) say('target: a Temporal cluster on PostgreSQL, one process per service');
  const procs: ServiceProcess[] = [];
  let site: Awaited<ReturnType<typeof startSite>> | undefined;
  let receiver: Receiver | undefined;
  let ok = false;
  try {
    await deps.start();
    const ds = createDataSource(deps.db.url, 4);
    await ds.initialize();
    await ds.runMigrations({ transaction: 'each' });
    const org = await createOrganization(ds.manager, 'chaos');
    await ds.destroy();
    site = await startSite('unused');
    receiver = await startReceiver();

    const [portA, portB] = [await free(), await free()];
    const apiUrls = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
    const env: Record<string, string> = {
      DATABASE_URL: deps.db.url,
      TEMPORAL_ADDRESS: deps.temporal.address,
      SECRETS_KEY: randomBytes(32).toString('base64'),
      RUNNER_TOKEN: randomBytes(24).toString('hex'),
      MEDIA_DIR: path.join(dir, 'media'),
      LOG_LEVEL: 'info',
      EGRESS_PUBLIC: 'false',
      EGRESS_ALLOW: '127.0.0.0/8,::1,localhost',
      BASE_URL: apiUrls[1],
      RETENTION_PURGE_CRON: '0 3 1 1 *',
      // A queue of 100+ Runs on two runner slots waits longer than the 5-minute default on a busy
      // machine; a Run ended by that policy would hide what the faults did.
      WEB_SCHEDULE_TO_START_MS: String(3_600_000),
      // One organization's clients poll hard: its request rate is limited (taking tokens through
      // every fault) but not binding. The active-Run cap keeps its default, so Runs wait in line.
      RATE_LIMIT_PER_SECOND: '100000',
      RATE_LIMIT_BURST: '1000000',
      // A delivery whose first attempts met a fault waits 5 minutes for its third on the default
      // schedule (0, 5 s, 300 s, …): the suite counts deliveries, not the schedule, so its waits are
      // seconds and every event is delivered before the 120 s the suite waits for them.
      WEBHOOK_RETRY_SCHEDULE: '0,2,4,8,15,30,60',
    };
    const workerReady = (p: () => ServiceProcess) => async (since: number) =>
      p().logSince(since).includes('worker running');
    const apis = apiUrls.map(
      (url, i) =>
        new ServiceProcess(
          `api-${'AB'[i]}`,
          'api/server.ts',
          { ...env, PORT: url.split(':')[2] },
          path.join(dir, `api-${'AB'[i]}.log`),
          () => answers(`${url}/healthz`),
        ),
    );
    const runner: ServiceProcess = new ServiceProcess(
      'runner worker',
      'activities/worker.ts',
      { ...env, WORKER_ORCHESTRATION: 'false', WORKER_WEBHOOKS: 'false', WORKER_RUNNER_PLATFORMS: 'web' },
      path.join(dir, 'runner.log'),
      workerReady(() => runner),
    );
    const orchestration: ServiceProcess = new ServiceProcess(
      'orchestration worker',
      'activities/worker.ts',
      { ...env, WORKER_ORCHESTRATION: 'true', WORKER_RUNNER_PLATFORMS: '' },
      path.join(dir, 'orchestration.log'),
      workerReady(() => orchestration),
    );
    procs.push(...apis, runner, orchestration);
    say('starting two API processes and the runner and orchestration workers');
    await Promise.all(
      procs.map(async (p) => {
        await stack.add(p.name, async () => p);
        await p.start();
      }),
    );

    const api = new Api(apiUrls, org.apiKey);
    const suite = new Suite(api, deps, { apis, runner, orchestration }, site.url, receiver);
    await suite.setup();
    const faults = settings.faults.length ? FAULTS.filter((f) => settings.faults.includes(f.kind)) : FAULTS;
    for (const fault of faults) await suite.inject(fault.name, fault.kind);
    api.fault = 'drain';
    ok = await suite.finish(org.orgId);
  } catch (error) {
    say(`failed: ${(error as Error).stack ?? error}`);
  } finally {
    deps.resume();
    await stack.stop();
    await site?.close();
    await receiver?.close();
    if (ok && !process.env.CHAOS_KEEP) fs.rmSync(dir, { recursive: true, force: true });
    else say(`logs kept in ${dir}`);
  }
  process.exit(ok ? 0 : 1);
}

const free = freePort;

class Suite {
  runs = new Map<string, TrackedRun>();
  triggers: Trigger[] = [];
  /** Triggers answered UNAVAILABLE during a fault: replayed with the same key once it is over. */
  pending: Array<Record<string, unknown>> = [];
  requestsInFlight = new Map<string, Set<string>>();
  lostRequests: Array<{ faults: Set<string>; runs: number }> = [];
  rows: Array<{ fault: string; recoveryS: number; probes: string }> = [];
  caseIds: string[] = [];
  planId = '';
  private next = 0;

  constructor(
    private readonly api: Api,
    private readonly deps: Dependencies,
    private readonly procs: { apis: ServiceProcess[]; runner: ServiceProcess; orchestration: ServiceProcess },
    private readonly siteUrl: string,
    readonly receiver: Receiver,
  ) {}

  /** The live API URLs, taken in turn: load spreads over both processes. */
  private url(): string {
    const live = this.api.urls.filter((u) => !this.api.down.has(u));
    return live[this.next++ % live.length];
  }

  private async must(op: string, body: Record<string, unknown>): Promise<any> {
    for (let i = 0; i < 20; i++) {
      const reply = await this.api.post(this.url(), op, body);
      if (reply.status === 200) return reply.body;
      if (reply.status !== 503 && reply.status !== 0)
        throw new Error(`${op}: ${reply.status} ${JSON.stringify(reply.body)}`);
      await sleep(1000);
    }
    throw new Error(`${op} did not succeed`);
  }

  async setup() {
    // Every Run announces its end once (run.completed): the webhooks count like its steps.
    const hook = await this.api.request(this.url(), 'POST', '/api/webhooks', {
      url: `${this.receiver.url}/hooks`,
      events: ['run.completed'],
    });
    if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${JSON.stringify(hook.body)}`);
    await this.must('environment.upsert', {
      idempotencyKey: randomUUID(),
      slug: 'local',
      name: 'Local',
      targets: { web: { baseUrl: this.siteUrl } },
    });
    for (let i = 1; i <= settings.planSize; i++) {
      const created = await this.must('test_case.create', {
        idempotencyKey: randomUUID(),
        name: `Chaos ${i}`,
        platforms: ['web'],
        steps: [
          { action: 'navigate', target: '/', expect: { text: 'Home' } },
          { action: 'navigate', target: '/login', expect: { text: 'Sign in' } },
        ],
      });
      this.caseIds.push(created.id);
    }
    this.planId = (
      await this.must('test_plan.create', { idempotencyKey: randomUUID(), name: 'Chaos', testCaseIds: this.caseIds })
    ).id;
  }

  private inFlight(): TrackedRun[] {
    return [...this.runs.values()].filter((r) => !TERMINAL.has(r.status));
  }

  private track(ids: string[]) {
    for (const id of ids) {
      if (this.runs.has(id)) continue;
      const run: TrackedRun = { id, status: 'queued', faults: new Set(), failedAttempts: [] };
      this.runs.set(id, run);
      void this.follow(run);
    }
  }

  /** A client long-polling one Run until it ends, on whichever API process answers. */
  private async follow(run: TrackedRun) {
    let cursor: number | undefined;
    while (!TERMINAL.has(run.status)) {
      const reply = await this.api.post(
        this.url(),
        'run.get',
        { runId: run.id, cursor, waitMs: LONG_POLL_MS },
        LONG_POLL_MS,
      );
      if (reply.status === 200) {
        if (TERMINAL.has(run.status) && !TERMINAL.has(reply.body.status)) return; // recorded as a flip below
        // An attempt that failed shows as `retrying` (or, the last one, `invalid`) with its diagnosis.
        const failed = ['retrying', 'invalid'].includes(reply.body.status);
        if (failed && (reply.body.status !== run.status || reply.body.attempt !== run.attempt))
          run.failedAttempts.push({ during: this.api.fault, reason: reply.body.diagnosis?.reason ?? '' });
        run.attempt = reply.body.attempt;
        run.status = reply.body.status;
        cursor = reply.body.cursor;
        if (TERMINAL.has(run.status)) run.terminalAt = Date.now();
      } else await sleep(500);
    }
  }

  /** Queues Runs until at least CHAOS_RUNS are in flight: a run request, plan groups and single Runs. */
  async topUp() {
    let need = settings.runs - this.inFlight().length;
    if (need <= 0) return;
    say(`queuing ${need} Runs (in flight: ${this.inFlight().length})`);
    const bodies: Array<Record<string, unknown>> = [];
    const requestKey = randomUUID();
    const request = await this.api.request(this.url(), 'POST', '/api/run-requests', {
      request: 'Please run the Chaos plan against local, web only.',
      idempotencyKey: requestKey,
    });
    if (request.status !== 202) throw new Error(`run request: ${request.status} ${JSON.stringify(request.body)}`);
    const trigger: Trigger = {
      kind: 'request',
      body: { request: 'Please run the Chaos plan against local, web only.', idempotencyKey: requestKey },
      runIds: [],
      requestId: request.body.requestId,
    };
    this.triggers.push(trigger);
    this.requestsInFlight.set(request.body.requestId, new Set());
    void this.followRequest(trigger);
    need -= settings.planSize;
    const groups = Math.max(1, Math.floor((need * 0.3) / settings.planSize));
    for (let i = 0; i < groups; i++) {
      bodies.push({ idempotencyKey: randomUUID(), testPlanId: this.planId, environmentSlug: 'local' });
      need -= settings.planSize;
    }
    for (let i = 0; i < need; i++)
      bodies.push({
        idempotencyKey: randomUUID(),
        testCaseId: this.caseIds[i % this.caseIds.length],
        environmentSlug: 'local',
      });
    let index = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let i = index++; i < bodies.length; i = index++) await this.trigger(bodies[i], true);
      }),
    );
  }

  /** run.trigger; `must`: retried until it answers 200 (outside faults). */
  private async trigger(body: Record<string, unknown>, must: boolean): Promise<Reply> {
    for (;;) {
      const reply = await this.api.post(this.url(), 'run.trigger', body);
      if (reply.status === 200) {
        this.triggers.push({
          kind: body.testPlanId ? 'group' : 'run',
          body,
          runIds: reply.body.runIds,
          planGroupRunId: reply.body.planGroupRunId,
        });
        this.track(reply.body.runIds);
        return reply;
      }
      if (!must || (reply.status !== 503 && reply.status !== 0)) {
        if (reply.status !== 503) throw new Error(`run.trigger: ${reply.status} ${JSON.stringify(reply.body)}`);
        return reply;
      }
      await sleep(1000);
    }
  }

  private async followRequest(trigger: Trigger) {
    for (;;) {
      const reply = await this.api.request(this.url(), 'GET', `/api/run-requests/status?id=${trigger.requestId}`);
      if (reply.status === 200 && ['completed', 'rejected', 'failed', 'canceled'].includes(reply.body.status)) {
        if (reply.body.status !== 'completed') {
          this.api.violations.push({
            fault: this.api.fault,
            what: `run request ${trigger.requestId} ${reply.body.status}: ${reply.body.error ?? ''}`,
          });
          // Its Runs were never queued: lost for every fault the request lived through.
          this.lostRequests.push({
            faults: this.requestsInFlight.get(trigger.requestId!) ?? new Set(),
            runs: settings.planSize,
          });
        }
        trigger.runIds = reply.body.entries.map((e: { runId: string }) => e.runId).filter(Boolean);
        this.track(trigger.runIds);
        // Faults the request saw before its Runs were known count for them too.
        for (const id of trigger.runIds)
          for (const f of this.requestsInFlight.get(trigger.requestId!) ?? []) this.runs.get(id)!.faults.add(f);
        this.requestsInFlight.delete(trigger.requestId!);
        return;
      }
      await sleep(1000);
    }
  }

  /**
   * One probe round on every live API process: a read, a long-poll and, every third round (the
   * first included), a trigger. A trigger each second queued 100+ Runs beyond CHAOS_RUNS over the
   * faults, which the drain then waited on for minutes without any fault left to meet.
   */
  private async probe(round: number): Promise<Array<{ op: string; reply: Reply }>> {
    const anyRun = [...this.runs.keys()][0];
    const out: Array<{ op: string; reply: Reply }> = [];
    await Promise.all(
      this.api.urls
        .filter((u) => !this.api.down.has(u))
        .map(async (url) => {
          const body = { idempotencyKey: randomUUID(), testCaseId: this.caseIds[0], environmentSlug: 'local' };
          const [list, get, trigger] = await Promise.all([
            this.api.post(url, 'test_case.list', {}),
            this.api.post(url, 'run.get', { runId: anyRun, cursor: Number.MAX_SAFE_INTEGER, waitMs: 1000 }, 1000),
            round % 3 === 0 ? this.api.post(url, 'run.trigger', body) : null,
          ]);
          out.push({ op: 'test_case.list', reply: list }, { op: 'run.get', reply: get });
          if (!trigger) return;
          if (trigger.status === 200) {
            this.triggers.push({ kind: 'run', body, runIds: trigger.body.runIds });
            this.track(trigger.body.runIds);
          } else this.pending.push(body);
          out.push({ op: 'run.trigger', reply: trigger });
        }),
    );
    return out;
  }

  async inject(name: string, kind: Kind) {
    await this.topUp();
    // Let some Runs get going, so the fault meets steps in progress rather than a queue only.
    const until = Date.now() + 30_000;
    while (Date.now() < until && !this.inFlight().some((r) => r.status === 'running')) await sleep(250);
    // Runs ended while that wait lasted, or while a top-up queued (each adds a plan group at least):
    // the fault still meets CHAOS_RUNS in flight.
    while (this.inFlight().length < settings.runs) await this.topUp();
    const flying = this.inFlight();
    for (const r of flying) r.faults.add(name);
    for (const faults of this.requestsInFlight.values()) faults.add(name);
    this.api.fault = name;
    say(`fault: ${name} (${flying.length} Runs in flight)`);

    const { apis, runner, orchestration } = this.procs;
    const dbDown = ['mariadb', 'mariadb-hang', 'all'].includes(kind);
    const temporalDown = ['temporal', 'temporal-hang', 'all'].includes(kind);
    const killApi = kind === 'api' || kind === 'all';
    if (killApi) {
      this.api.down.add(this.api.urls[0]);
      await apis[0].kill();
    }
    if (kind === 'runner' || kind === 'all') await runner.kill();
    if (kind === 'orchestration' || kind === 'all') await orchestration.kill();
    if (kind === 'mariadb' || kind === 'all') await Dependencies.killPid(this.deps.db.pid);
    if (kind === 'temporal' || kind === 'all') await Dependencies.killPid(this.deps.temporal.pid);
    if (kind === 'mariadb-hang') await freeze(this.deps.db.pid);
    if (kind === 'temporal-hang') await freeze(this.deps.temporal.pid);
    const service = CLUSTER_KINDS.has(kind) ? (kind as ClusterService) : null;
    if (service) await (this.deps as ClusterDependencies).killService(service);

    // While it lasts: every live API process answers each probe within the bound, UNAVAILABLE
    // for what needs the missing dependency, and normally for the rest.
    const probes: string[] = [];
    let slowest = 0;
    const faultEnds = Date.now() + settings.holdMs;
    let rolled = kind !== 'rolling';
    const rolling = kind === 'rolling' ? this.rollingRestart().finally(() => (rolled = true)) : null;
    await sleep(1000);
    for (let round = 0; Date.now() < faultEnds || !rolled; round++) {
      for (const { op, reply } of await this.probe(round)) {
        const needsDb = dbDown;
        const needsTemporal = op === 'run.trigger' && (temporalDown || kind === 'frontend');
        // Without its history service the frontend may still accept a start it can hand over
        // later, or refuse it: either answer, within the bound, keeps the contract.
        const either = op === 'run.trigger' && kind === 'history';
        const expected = needsDb || needsTemporal ? 503 : 200;
        probes.push(`${op}:${reply.status}`);
        slowest = Math.max(slowest, reply.ms);
        const allowed = either ? [200, 503] : [expected];
        if (!allowed.includes(reply.status) || reply.ms > BOUND_MS)
          this.api.violations.push({
            fault: name,
            what: `${op} answered ${reply.status} in ${Math.round(reply.ms)} ms while down (expected ${allowed.join(' or ')} within ${BOUND_MS} ms)`,
          });
      }
      await sleep(1000);
    }

    await rolling;
    // Back: restart what was killed, continue what was stopped. Recovery counts from here.
    const back = Date.now();
    if (kind === 'mariadb-hang') process.kill(this.deps.db.pid, 'SIGCONT');
    if (kind === 'temporal-hang') process.kill(this.deps.temporal.pid, 'SIGCONT');
    await Promise.all([
      kind === 'mariadb' || kind === 'all' ? this.deps.startDb() : null,
      kind === 'temporal' || kind === 'all' ? this.deps.startTemporal() : null,
      service ? (this.deps as ClusterDependencies).startService(service) : null,
    ]);
    await Promise.all([
      killApi ? apis[0].start() : null,
      kind === 'runner' || kind === 'all' ? runner.start() : null,
      kind === 'orchestration' || kind === 'all' ? orchestration.start() : null,
    ]);
    this.api.down.clear();
    const recoveryS = await this.recovery(name, back);
    this.rows.push({ fault: name, recoveryS, probes: summarize(probes) });
    say(
      `recovered in ${recoveryS.toFixed(1)} s (probes during the fault: ${summarize(probes)}; slowest ${Math.round(slowest)} ms)`,
    );
  }

  /**
   * Each API process, then each worker, stopped gracefully (it must exit by itself) and started
   * again before the next one goes: while one API drains, clients reach the other.
   */
  private async rollingRestart() {
    const { apis, runner, orchestration } = this.procs;
    for (const [i, p] of [...apis, runner, orchestration].entries()) {
      const url = this.api.urls[i];
      if (url) this.api.down.add(url);
      const stoppedMs = await p.stopGracefully();
      await p.start();
      if (url) this.api.down.delete(url);
      say(`${p.name} stopped gracefully in ${(stoppedMs / 1000).toFixed(1)} s and started again`);
    }
  }

  /** Seconds until every API process answers normally again and Runs make progress. */
  private async recovery(name: string, back: number): Promise<number> {
    const deadline = back + settings.recoveryLimitMs;
    let answering = false;
    while (!answering) {
      if (Date.now() > deadline) {
        this.api.violations.push({
          fault: name,
          what: 'the API did not answer normally again within the recovery limit',
        });
        return (Date.now() - back) / 1000;
      }
      const round = await Promise.all(
        this.api.urls.map((url) => this.api.post(url, 'test_case.list', {}).then((r) => r.status === 200)),
      );
      answering = round.every(Boolean);
      if (!answering) await sleep(500);
    }
    // Triggers refused during the fault: the same key now gives the Run it recorded (or queues it).
    for (const body of this.pending.splice(0)) await this.trigger(body, true);
    const progressed = () => [...this.runs.values()].some((r) => (r.terminalAt ?? 0) > back) || !this.inFlight().length;
    while (!progressed()) {
      if (Date.now() > deadline) {
        this.api.violations.push({ fault: name, what: 'no Run ended within the recovery limit' });
        break;
      }
      await sleep(250);
    }
    const procs = [...this.procs.apis, this.procs.runner, this.procs.orchestration];
    for (const p of procs)
      for (const what of p.unexpectedExits.splice(0)) this.api.violations.push({ fault: name, what });
    return (Date.now() - back) / 1000;
  }

  async finish(orgId: string): Promise<boolean> {
    say(`all faults done; waiting for ${this.inFlight().length} Runs to end`);
    const deadline = Date.now() + settings.drainMs;
    while ((this.inFlight().length || this.requestsInFlight.size) && Date.now() < deadline) await sleep(500);

    // Idempotent replays of every trigger, on either API process: the recorded ids, nothing new.
    say(`replaying ${this.triggers.length} triggers`);
    const replayMismatch: string[] = [];
    for (const t of this.triggers) {
      const url = this.url();
      if (t.kind === 'request') {
        const r = await this.api.request(url, 'POST', '/api/run-requests', t.body);
        if (r.status !== 202 || r.body.requestId !== t.requestId)
          replayMismatch.push(`run request ${t.requestId}: ${r.status} ${r.body?.requestId}`);
      } else {
        const r = await this.api.post(url, 'run.trigger', t.body);
        if (
          r.status !== 200 ||
          JSON.stringify(r.body.runIds) !== JSON.stringify(t.runIds) ||
          r.body.planGroupRunId !== t.planGroupRunId
        )
          replayMismatch.push(`trigger ${String(t.body.idempotencyKey)}: ${r.status} ${JSON.stringify(r.body)}`);
      }
    }

    // Deliveries trail the Runs' ends by a workflow each: wait until every Run has its event.
    const webhooksBy = Date.now() + 120_000;
    while (Date.now() < webhooksBy && webhookRuns(this.receiver).size < this.runs.size) await sleep(500);
    const verdict = await verify(this.deps, orgId, this);
    const table = [
      ['fault', 'Runs in flight', 'terminal', 'lost', 'duplicated', 'recovery s'],
      ...this.rows.map((row) => {
        const runs = [...this.runs.values()].filter((r) => r.faults.has(row.fault));
        return [
          row.fault,
          String(runs.length),
          String(runs.filter((r) => verdict.terminalOnce.has(r.id)).length),
          String(
            runs.filter((r) => verdict.lost.has(r.id)).length +
              this.lostRequests.filter((q) => q.faults.has(row.fault)).reduce((n, q) => n + q.runs, 0),
          ),
          String(runs.filter((r) => verdict.duplicated.has(r.id)).length),
          row.recoveryS.toFixed(1),
        ];
      }),
    ];
    const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
    const line = (r: string[]) =>
      `| ${r.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
    console.log('');
    console.log(line(table[0]));
    console.log(`|${widths.map((w, i) => (i ? `${'-'.repeat(w + 1)}:` : `:${'-'.repeat(w + 1)}`)).join('|')}|`);
    for (const r of table.slice(1)) console.log(line(r));
    console.log('');
    const statuses = new Map<string, number>();
    for (const r of this.runs.values()) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    say(`${this.runs.size} Runs in all: ${[...statuses].map(([s, n]) => `${n} ${s}`).join(', ')}`);
    say(
      `${this.api.counts.requests} API requests: ${this.api.counts.unavailable} answered 503 UNAVAILABLE, ${this.api.counts.refused} refused by a killed process`,
    );
    // Nobody cancels a Run here; and a deploy's graceful restarts must cost no verdict (issue 56):
    // no runner attempt fails while they last. A Run that lived through the hard faults after them
    // may spend its attempts there: it must pass when the restart was its one fault. (CI once saw
    // such a Run end invalid without saying which fault cost its attempts; they are printed now.)
    const isRolling = (fault: string) => fault.startsWith('rolling');
    const attempts = (r: TrackedRun) =>
      r.failedAttempts.map((a) => `${a.during}: ${a.reason || 'no reason'}`).join('; ') || 'none seen';
    const restartCost = (r: TrackedRun) =>
      [...r.faults].some(isRolling) &&
      (r.failedAttempts.some((a) => isRolling(a.during)) || [...r.faults].every(isRolling));
    const runProblems: string[] = [];
    for (const r of this.runs.values()) {
      if (r.status === 'passing') continue;
      if (r.status === 'canceled') runProblems.push(`${r.id} ended canceled, though nobody canceled it`);
      else if (restartCost(r))
        runProblems.push(
          `${r.id} lived through the rolling restart and ended ${r.status} (failed attempts: ${attempts(r)})`,
        );
      else
        say(`${r.id} ended ${r.status} after the faults ${[...r.faults].join(', ')} (failed attempts: ${attempts(r)})`);
    }
    const problems = [
      ...runProblems,
      ...this.api.violations.map((v) => `${v.fault}: ${v.what}`),
      ...replayMismatch,
      ...verdict.problems,
    ];
    for (const p of problems.slice(0, 50)) say(`FAIL ${p}`);
    if (problems.length > 50) say(`… and ${problems.length - 50} more`);
    say(
      problems.length
        ? `${problems.length} problems`
        : 'no lost or duplicated Run, step, screenshot, charge or webhook',
    );
    return problems.length === 0;
  }
}

/** Counts rows in MySQL and executions in Temporal, per Run. */
async function verify(deps: Dependencies, orgId: string, suite: Suite) {
  const lost = new Set<string>();
  const duplicated = new Set<string>();
  const terminalOnce = new Set<string>();
  const problems: string[] = [];
  const note = (set: Set<string>, id: string, what: string) => {
    set.add(id);
    problems.push(`${id}: ${what}`);
  };
  const ds = createDataSource(deps.db.url, 4);
  await ds.initialize();
  const connection = await Connection.connect({ address: deps.temporal.address });
  const temporal = new Client({ connection });
  try {
    const rows: Array<{ id: string; status: string; steps: unknown; plan_group_id: string | null }> = await ds.query(
      'SELECT id, status, steps, plan_group_id FROM runs WHERE org_id = ?',
      [orgId],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const stepRows: Array<{ run_id: string; step_index: number; status: string }> = await ds.query(
      'SELECT s.run_id, s.step_index, s.status FROM run_steps s JOIN runs r ON r.id = s.run_id WHERE r.org_id = ?',
      [orgId],
    );
    const media: Array<{ run_id: string; step_index: number; n: number }> = await ds.query(
      "SELECT run_id, step_index, COUNT(*) AS n FROM run_media WHERE org_id = ? AND kind = 'screenshot' GROUP BY run_id, step_index",
      [orgId],
    );
    const groups: Array<{ id: string; run_count: number; n: number }> = await ds.query(
      'SELECT g.id, g.run_count, COUNT(r.id) AS n FROM plan_groups g LEFT JOIN runs r ON r.plan_group_id = g.id WHERE g.org_id = ? GROUP BY g.id, g.run_count',
      [orgId],
    );
    const requests = suite.triggers.filter((t) => t.kind === 'request');
    const charges: Array<{ request_id: string; n: number }> = requests.length
      ? await ds.query(
          `SELECT request_id, COUNT(*) AS n FROM interpretation_charges WHERE request_id IN (${requests.map(() => '?').join(',')}) GROUP BY request_id`,
          requests.map((t) => t.requestId),
        )
      : [];

    // Runs: every one the suite was given exists and ended; nothing else was created.
    for (const run of suite.runs.values()) {
      const row = byId.get(run.id);
      if (!row) note(lost, run.id, 'no row in runs');
      else if (!TERMINAL.has(row.status)) note(lost, run.id, `still ${row.status}`);
    }
    for (const row of rows) if (!suite.runs.has(row.id)) note(duplicated, row.id, 'a Run no trigger returned');
    for (const g of groups)
      if (Number(g.n) !== Number(g.run_count)) problems.push(`plan group ${g.id}: ${g.n} Runs for ${g.run_count}`);

    // Steps: one row per step of the definition, each final; a screenshot per finished step, once.
    const stepsOf = new Map<string, Array<{ step_index: number; status: string }>>();
    for (const s of stepRows) stepsOf.set(s.run_id, [...(stepsOf.get(s.run_id) ?? []), s]);
    const shots = new Map<string, number>();
    for (const m of media) shots.set(`${m.run_id}/${m.step_index}`, Number(m.n));
    for (const row of rows) {
      if (!suite.runs.has(row.id)) continue;
      const defined = (typeof row.steps === 'string' ? JSON.parse(row.steps) : row.steps) as unknown[];
      const steps = stepsOf.get(row.id) ?? [];
      if (steps.length !== defined.length) note(lost, row.id, `${steps.length} step rows for ${defined.length} steps`);
      for (const s of steps) {
        if (row.status === 'passing' && s.status !== 'passed') note(lost, row.id, `step ${s.step_index} ${s.status}`);
        const n = shots.get(`${row.id}/${s.step_index}`) ?? 0;
        if (n > 1) note(duplicated, row.id, `${n} screenshots of step ${s.step_index}`);
        if (s.status === 'passed' && n === 0) note(lost, row.id, `no screenshot of passed step ${s.step_index}`);
      }
    }

    // Charges: a natural-language request is interpreted and billed exactly once.
    const chargesOf = new Map(charges.map((c) => [c.request_id, Number(c.n)]));
    for (const t of requests) {
      const n = chargesOf.get(t.requestId!) ?? 0;
      if (n !== 1) {
        for (const id of t.runIds) (n === 0 ? lost : duplicated).add(id);
        problems.push(`run request ${t.requestId}: ${n} charges`);
      }
    }

    // Temporal: each Run's workflow ran to one close (a second execution would be a second end).
    let index = 0;
    const ids = [...suite.runs.keys()];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = index++; i < ids.length; i = index++) {
          const id = ids[i];
          const closes: string[] = [];
          for await (const e of temporal.workflow.list({ query: `WorkflowId = "run-${id}"` }))
            if (e.status.name !== 'CONTINUED_AS_NEW') closes.push(e.status.name);
          if (closes.length > 1) note(duplicated, id, `${closes.length} workflow executions: ${closes.join(', ')}`);
          else if (closes.length === 0 || closes[0] === 'RUNNING') note(lost, id, `workflow ${closes[0] ?? 'missing'}`);
          else if (TERMINAL.has(byId.get(id)?.status ?? '')) terminalOnce.add(id);
        }
      }),
    );
    // Webhooks: one run.completed event per Run (retries of one event keep its webhook-id).
    const events = webhookRuns(suite.receiver);
    for (const id of suite.runs.keys()) {
      const n = events.get(id)?.size ?? 0;
      if (n === 0) note(lost, id, 'no run.completed webhook');
      if (n > 1) note(duplicated, id, `${n} run.completed webhook events`);
    }
  } finally {
    await connection.close();
    await ds.destroy();
  }
  return { lost, duplicated, terminalOnce, problems };
}

/** Run id → the distinct webhook-ids of the run.completed events the receiver got for it. */
function webhookRuns(receiver: Receiver): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const r of receiver.received) {
    const body = JSON.parse(r.body) as { type: string; data: { runId?: string } };
    if (body.type !== 'run.completed' || !body.data.runId) continue;
    const ids = out.get(body.data.runId) ?? new Set<string>();
    ids.add(String(r.headers['webhook-id']));
    out.set(body.data.runId, ids);
  }
  return out;
}

function summarize(probes: string[]): string {
  const counts = new Map<string, number>();
  for (const p of probes) counts.set(p, (counts.get(p) ?? 0) + 1);
  return [...counts].map(([p, n]) => `${n}× ${p}`).join(', ') || 'none';
}

void main();
