import { createDataSource } from '../db/data-source';
import { loadConfig } from '../core/config';
import { newId } from '../core/ids';
import { fmt, load, seedOrg, startProcess } from './util';

/** test_case.get and test_case.list at 50 connections beside a bare Koa + mysql2 route. */
export async function catalogBench(env: Record<string, string>) {
  const config = loadConfig({ ...env });
  const ds = createDataSource(config.DATABASE_URL, 4);
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  const { orgId, apiKey } = await seedOrg(ds, 'bench');
  const key = { apiKey };
  const now = Date.now();
  let caseId = '';
  for (let i = 0; i < 200; i++) {
    caseId = newId('tc');
    const steps = JSON.stringify([
      { action: 'navigate', target: '/login' },
      { action: 'fill', target: 'Email', valueSpec: { kind: 'agent' } },
      { action: 'click', target: 'Sign in' },
    ]);
    await ds.query(
      'INSERT INTO test_cases (id, org_id, name, description, platforms, tags, steps, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [caseId, orgId, `case ${i}`, '', '["web"]', '[]', steps, now, now],
    );
  }
  await ds.destroy();

  const apiPort = '3911';
  const basePort = '3912';
  const api = await startProcess('api/server.ts', { ...env, PORT: apiPort }, `http://127.0.0.1:${apiPort}/healthz`);
  const baseline = await startProcess(
    'bench/baseline-server.ts',
    { ...env, PORT: basePort, BENCH_CASE_ID: caseId },
    `http://127.0.0.1:${basePort}/`,
  );
  try {
    const auth = { authorization: `Bearer ${key.apiKey}` };
    await load(`http://127.0.0.1:${apiPort}/api/v1/test_case.get`, { testCaseId: caseId }, auth, 10, 2); // warm-up
    await load(`http://127.0.0.1:${basePort}/baseline`, {}, {}, 10, 2);
    const base = await load(`http://127.0.0.1:${basePort}/baseline`, {}, {});
    const get = await load(`http://127.0.0.1:${apiPort}/api/v1/test_case.get`, { testCaseId: caseId }, auth);
    const list = await load(`http://127.0.0.1:${apiPort}/api/v1/test_case.list`, { limit: 20 }, auth);
    console.log('\n== Catalog (50 connections, 10 s each) ==');
    console.log('endpoint                      req/s    p50 ms  p99 ms  ratio to baseline');
    for (const [name, r] of [
      ['baseline (Koa + 1 PK select)', base],
      ['test_case.get', get],
      ['test_case.list (20 items)', list],
    ] as const) {
      console.log(
        `${name.padEnd(29)} ${fmt(r.requestsPerSec, 0).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${fmt(r.requestsPerSec / base.requestsPerSec, 2)}${r.errors || r.non2xx ? `  (errors ${r.errors}, non-2xx ${r.non2xx})` : ''}`,
      );
    }
  } finally {
    api.kill('SIGTERM');
    baseline.kill('SIGTERM');
  }
}
