import { randomBytes } from 'node:crypto';
import { createDataSource } from '../db/data-source';
import { loadConfig } from '../core/config';
import { newId } from '../core/ids';
import { RunEntity, type Run } from '../db/entities/runs';
import { startApiTarget, TOKENS } from '../test/helpers/api-target';
import { fmt, percentile, postJson, seedOrg, startApiWithApiRunner, startProcess, stopProcesses, usage } from './util';

const SEEDED_RUNS = 10_000;
const CONSOLES = 50;
/** The console's own pacing (console/src/views/Runs.tsx and Run.tsx). */
const LIST_EVERY_MS = 2_000;
const FOLLOW_WAIT_MS = 20_000;
const WINDOW_MS = Number(process.env.BENCH_CONSOLE_WINDOW_MS ?? 30_000);
const ENDED = ['passing', 'failed', 'unverified', 'canceled', 'invalid'];

/** 10,000 ended Runs of one organization, inserted in batches (what a busy month leaves). */
async function seedRuns(env: Record<string, string>) {
  const config = loadConfig({ ...env });
  const ds = createDataSource(config.DATABASE_URL, 4);
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  const { orgId, apiKey } = await seedOrg(ds, 'bench-console');
  const now = Date.now();
  for (let batch = 0; batch < SEEDED_RUNS / 500; batch++) {
    const rows: Partial<Run>[] = Array.from({ length: 500 }, (_, i) => ({
      id: newId('run'),
      orgId,
      testCaseId: null,
      testPlanId: null,
      planGroupId: null,
      environmentId: null,
      environmentSlug: 'staging',
      status: (i % 7 === 0 ? 'failed' : 'passing') as Run['status'],
      flaky: false,
      cursor: 3,
      attempt: 1,
      platforms: ['web'],
      targets: {},
      steps: [],
      trigger: {
        source: 'v1',
        branch: 'main',
        pr: null,
        deployment: { commitSha: 'abcdef1234567' },
        scope: null,
        changedFiles: [],
        environmentSlug: 'staging',
      },
      branch: 'main',
      diagnosis: null,
      api: null,
      createdAt: now - (SEEDED_RUNS - batch * 500 - i) * 60_000,
      updatedAt: now,
      startedAt: now - 5_000,
      finishedAt: now,
      pinnedAt: null,
      mediaExpiredAt: null,
    }));
    await ds.getRepository(RunEntity).insert(rows as Run[]);
  }
  await ds.destroy();
  return { apiKey };
}

/** A console's session as the browser holds it: the cookie, and the anti-CSRF token it reads once. */
async function openSession(api: string, apiKey: string) {
  const created = await fetch(`${api}/api/console/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: api },
    body: JSON.stringify({ apiKey }),
  });
  if (created.status !== 201 && created.status !== 200) throw new Error(`session: ${created.status}`);
  const cookie = created.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const session = await fetch(`${api}/api/console/session`, { headers: { Cookie: cookie } }).then((r) => r.json());
  const headers = {
    'Content-Type': 'application/json',
    Cookie: cookie,
    'X-CSRF-Token': session.csrfToken as string,
    Origin: api,
  };
  return (operation: string, body: unknown) =>
    fetch(`${api}/api/v1/${operation}`, { method: 'POST', headers, body: JSON.stringify(body) }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
}

/** `count` sequential requests; their latencies (ms). */
async function latencies(count: number, send: () => Promise<{ status: number }>) {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const { status } = await send();
    if (status !== 200) throw new Error(`answered ${status}`);
    out.push(performance.now() - started);
  }
  return out;
}

/**
 * The console's cost (issue 52): its first page of Runs in an organization of 10,000 Runs beside a
 * script's run.list in the same run; and the API process's CPU while 50 consoles follow live Runs
 * (each as the console does it: run.list every 2 s, run.get long-poll on a running Run) beside the
 * same live Runs with no console open.
 */
export async function consoleBench(env: Record<string, string>) {
  const { apiKey } = await seedRuns(env);
  const target = await startApiTarget();
  const port = '3931';
  const { api, server, worker } = await startApiWithApiRunner(env, 'console', port, TOKENS.alice);
  try {
    // 1. The first page: the console's request (cookie, CSRF, limit 50) beside a script's run.list.
    const consoleCall = await openSession(api, apiKey);
    const script = () => postJson(`${api}/api/v1/run.list`, apiKey, { limit: 50 });
    const console50 = () => consoleCall('run.list', { limit: 50 });
    await latencies(50, script);
    await latencies(50, console50);
    const scriptMs: number[] = [];
    const consoleMs: number[] = [];
    for (let round = 0; round < 5; round++) {
      scriptMs.push(...(await latencies(100, script)));
      consoleMs.push(...(await latencies(100, console50)));
    }
    const row = (name: string, xs: number[]) =>
      `${name}  p50 ${fmt(percentile(xs, 50), 2)} ms  p99 ${fmt(percentile(xs, 99), 2)} ms  max ${fmt(Math.max(...xs), 2)} ms`;
    console.log(`\n== Runs list, first page, organization of ${SEEDED_RUNS} Runs (500 each side, interleaved) ==`);
    console.log(row("script's run.list (API key, limit 50)", scriptMs));
    console.log(row('console (session cookie + CSRF, limit 50)', consoleMs));
    console.log(
      `ratio console ÷ script: p50 ${fmt(percentile(consoleMs, 50) / percentile(scriptMs, 50), 2)}×, ` +
        `p99 ${fmt(percentile(consoleMs, 99) / percentile(scriptMs, 99), 2)}×`,
    );

    // 2. Live Runs: a 20-step API plan triggered every 2 s for the whole window, in both phases.
    const plan = await postJson(`${api}/api/plans`, apiKey, {
      name: 'bench: live',
      platforms: ['api'],
      config: { fuzz: false },
      apiAuthProfiles: [
        { name: 'alice', credentials: [{ kind: 'bearer', source: 'environment', variable: 'BENCH_ALICE_TOKEN' }] },
      ],
      steps: Array.from({ length: 20 }, () => ({
        action: 'request',
        target: 'GET /profiles/alice',
        config: { authProfile: 'alice' },
      })),
    });
    await postJson(`${api}/api/v1/environment.upsert`, apiKey, {
      idempotencyKey: randomBytes(8).toString('hex'),
      slug: 'bench-console',
      targets: { api: { baseUrl: target.url, openapiUrl: `${target.url}/openapi.json` } },
    });
    const phase = async (consoles: number) => {
      const sessions = await Promise.all(Array.from({ length: consoles }, () => openSession(api, apiKey)));
      let stop = false;
      let triggered = 0;
      let requests = 0;
      const trigger = (async () => {
        while (!stop) {
          const reply = await postJson(`${api}/api/trigger`, apiKey, {
            testPlanId: plan.body.testPlanId,
            environmentSlug: 'bench-console',
          });
          if (reply.status < 300) triggered++;
          await new Promise((r) => setTimeout(r, 2_000));
        }
      })();
      // Each console: the Runs list every 2 s, and one running Run followed with run.get's cursor.
      const consoleLoops = sessions.map(async (send) => {
        let following: Promise<void> | undefined;
        while (!stop) {
          const page = await send('run.list', { limit: 50 });
          requests++;
          const live = (page.body.items ?? []).find((r: { status: string }) => !ENDED.includes(r.status));
          if (live && !following)
            following = (async () => {
              let state = (await send('run.get', { runId: live.runId })).body;
              requests++;
              while (!stop && !ENDED.includes(state.status)) {
                state = (await send('run.get', { runId: live.runId, cursor: state.cursor, waitMs: FOLLOW_WAIT_MS }))
                  .body;
                requests++;
              }
            })().finally(() => (following = undefined));
          await new Promise((r) => setTimeout(r, LIST_EVERY_MS));
        }
        await following;
      });
      await new Promise((r) => setTimeout(r, 3_000)); // the first Runs start
      const from = usage(server.pid!).cpuMs;
      const startedAt = performance.now();
      await new Promise((r) => setTimeout(r, WINDOW_MS));
      const cpuMs = usage(server.pid!).cpuMs - from;
      const wallMs = performance.now() - startedAt;
      stop = true;
      await trigger;
      await Promise.all(consoleLoops);
      return { cores: cpuMs / wallMs, triggered, requests };
    };
    const alone = await phase(0);
    const watched = await phase(CONSOLES);
    console.log(`\n== API process CPU while Runs are live (${WINDOW_MS / 1000} s window each, /proc/<pid>/stat) ==`);
    console.log(`live Runs, no console open      ${fmt(alone.cores, 3)} cores  (${alone.triggered} Runs triggered)`);
    console.log(
      `live Runs, ${CONSOLES} consoles following  ${fmt(watched.cores, 3)} cores  (${watched.triggered} Runs triggered, ` +
        `${watched.requests} console requests)`,
    );
    console.log(
      `the ${CONSOLES} consoles' own cost: ${fmt(watched.cores - alone.cores, 3)} cores (goal < 1 core); ` +
        `ratio with ÷ without ${fmt(watched.cores / Math.max(alone.cores, 1e-6), 2)}×`,
    );
  } finally {
    await stopProcesses(worker, server);
    await target.close();
  }
}
