import { randomBytes } from 'node:crypto';
import { createDataSource } from '../db/data-source';
import { loadConfig } from '../core/config';
import { startApiTarget, TOKENS } from '../test/helpers/api-target';
import { fmt, seedOrg, startApiWithApiRunner, stopProcesses } from './util';

const STEPS = 20;
const ROUNDS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * API Runs: a 20-step plan against a loopback API, trigger to terminal state, per step, beside
 * the same 20 requests made by a bare fetch (undici) loop in the same run. Both sides do the
 * same requests; the difference is what a durable, checked, evidenced Run costs per step.
 */
export async function apiBench(env: Record<string, string>) {
  const config = loadConfig({ ...env });
  const ds = createDataSource(config.DATABASE_URL, 4);
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  const { apiKey } = await seedOrg(ds, 'bench-api');
  await ds.destroy();
  const target = await startApiTarget();
  const port = '3914';
  const api = `http://127.0.0.1:${port}`;
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${api}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));
  const { server, worker } = await startApiWithApiRunner(env, 'api', port, TOKENS.alice);
  try {
    await call('POST', '/api/v1/environment.upsert', {
      idempotencyKey: randomBytes(8).toString('hex'),
      slug: 'bench-api',
      targets: { api: { baseUrl: target.url, openapiUrl: `${target.url}/openapi.json` } },
    });
    const plan = await call('POST', '/api/plans', {
      name: 'bench: 20 profile reads',
      platforms: ['api'],
      config: { fuzz: false },
      apiAuthProfiles: [
        { name: 'alice', credentials: [{ kind: 'bearer', source: 'environment', variable: 'BENCH_ALICE_TOKEN' }] },
      ],
      steps: Array.from({ length: STEPS }, () => ({
        action: 'request',
        target: 'GET /profiles/alice',
        config: { authProfile: 'alice' },
      })),
    });
    const bare = async () => {
      const started = performance.now();
      for (let i = 0; i < STEPS; i++) {
        const res = await fetch(`${target.url}/profiles/alice`, {
          headers: { authorization: `Bearer ${TOKENS.alice}` },
        });
        await res.json();
      }
      return (performance.now() - started) / STEPS;
    };
    const run = async () => {
      const started = performance.now();
      const { body } = await call('POST', '/api/trigger', {
        testPlanId: plan.body.testPlanId,
        environmentSlug: 'bench-api',
      });
      let state = (await call('POST', '/api/v1/run.get', { runId: body.runId })).body;
      while (!['passing', 'failed', 'unverified', 'canceled', 'invalid'].includes(state.status)) {
        state = (await call('POST', '/api/v1/run.get', { runId: body.runId, cursor: state.cursor, waitMs: 10_000 }))
          .body;
      }
      if (state.status !== 'passing') throw new Error(`bench Run ended ${state.status}`);
      const evidence = (await call('POST', '/api/v1/run.evidence', { runId: body.runId })).body;
      const stepMs = evidence.steps.reduce((sum: number, s: { durationMs: number }) => sum + s.durationMs, 0) / STEPS;
      return { endToEnd: (performance.now() - started) / STEPS, stepMs };
    };
    await bare();
    await run();
    const bareMs: number[] = [];
    const runMs: number[] = [];
    const stepMs: number[] = [];
    // Interleaved, so both sides see the same machine state.
    for (let r = 0; r < ROUNDS; r++) {
      bareMs.push(await bare());
      const measured = await run();
      runMs.push(measured.endToEnd);
      stepMs.push(measured.stepMs);
    }
    console.log(`\n== API Run, ${STEPS} steps, trigger → terminal (median of ${ROUNDS} interleaved rounds) ==`);
    console.log(
      `bare fetch loop     ${fmt(median(bareMs), 2)} ms/request   (range ${fmt(Math.min(...bareMs), 2)}–${fmt(Math.max(...bareMs), 2)})`,
    );
    console.log(
      `API Run, in runner  ${fmt(median(stepMs), 2)} ms/step      (range ${fmt(Math.min(...stepMs), 2)}–${fmt(Math.max(...stepMs), 2)}: ` +
        `request, contract check, evidence)   ratio ${fmt(median(stepMs) / median(bareMs), 1)}×`,
    );
    console.log(
      `API Run, end to end ${fmt(median(runMs), 2)} ms/step      (range ${fmt(Math.min(...runMs), 2)}–${fmt(Math.max(...runMs), 2)}: ` +
        `also trigger, workflow, document fetch, step records, the long-poll's 1 s check)   ratio ${fmt(median(runMs) / median(bareMs), 1)}×`,
    );
  } finally {
    await stopProcesses(worker, server);
    await target.close();
  }
}
