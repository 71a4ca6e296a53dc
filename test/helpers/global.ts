/**
 * Mocha global fixture (loaded through `require` in .mocharc.js, which is what makes mocha
 * call these exports once per run, not per file): ONE private MariaDB and ONE headless Temporal
 * dev server for the whole run, published as TEST_DATABASE_URL and TEST_TEMPORAL_ADDRESS.
 * Either is skipped when that variable is already set (an existing server).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The one stack launcher, shared with scripts/start.js (plain CommonJS: it runs before `npm install`).
import { Stack } from '../../scripts/lib/stack';
import { freePort } from '../../scripts/lib/ports';

let stack: Stack | undefined;
let tmpDir: string | undefined;

/**
 * Applies the migrations once for the whole run, before any test file loads: test files run side
 * by side in several processes (scripts/test.js), which must not race to create the same tables.
 */
async function migrate(databaseUrl: string): Promise<void> {
  const { createDataSource } = require('../../db/data-source') as typeof import('../../db/data-source');
  const ds = createDataSource(databaseUrl, 1);
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
  } finally {
    await ds.destroy();
  }
}

export async function mochaGlobalSetup(): Promise<void> {
  const wantDb = !process.env.TEST_DATABASE_URL;
  const wantTemporal = !process.env.TEST_TEMPORAL_ADDRESS;
  if (!wantDb && !wantTemporal) return migrate(process.env.TEST_DATABASE_URL!);
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-test-'));
  const dir = tmpDir;
  // An interrupted run (Ctrl-C) skips mocha's teardown: run it ourselves, then exit. A second
  // signal exits at once (services.js still sends SIGTERM to the servers on exit).
  let interrupted = false;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      const code = sig === 'SIGINT' ? 130 : 143;
      if (interrupted) process.exit(code);
      interrupted = true;
      process.stderr.write(`\n[test] ${sig}: stopping test services\n`);
      void mochaGlobalTeardown().finally(() => process.exit(code));
    });
  }
  const started = Date.now();

  // Side by side: both take a few seconds.
  const services = new Stack();
  stack = services;
  const [db, temporal] = await Promise.allSettled([
    wantDb ? services.throwawayMariadb(dir, { say: (m) => process.stderr.write(`[test] ${m}\n`) }) : null,
    wantTemporal
      ? freePort().then((port) =>
          services.temporal({
            bin: process.env.TEMPORAL_BIN,
            port,
            uiPort: null,
            dbFile: path.join(dir, 'temporal.sqlite'),
            logFile: path.join(dir, 'temporal.log'),
          }),
        )
      : null,
  ]);
  const failed = [db, temporal].find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    // Mocha skips the teardown when the setup throws: clean up here.
    await mochaGlobalTeardown();
    throw failed.reason;
  }
  // Where the test services keep their files (the tests' `.data/`): searched by the secrets-on-disk tests.
  process.env.TEST_SERVICES_DIR = dir;
  if (db.status === 'fulfilled' && db.value) process.env.TEST_DATABASE_URL = db.value.url;
  if (temporal.status === 'fulfilled' && temporal.value) process.env.TEST_TEMPORAL_ADDRESS = temporal.value.address;
  await migrate(process.env.TEST_DATABASE_URL!);
  process.stderr.write(
    `[test] services up in ${((Date.now() - started) / 1000).toFixed(1)}s: ` +
      `TEST_DATABASE_URL=${process.env.TEST_DATABASE_URL} TEST_TEMPORAL_ADDRESS=${process.env.TEST_TEMPORAL_ADDRESS}\n`,
  );
}

export async function mochaGlobalTeardown(): Promise<void> {
  const stopping = stack;
  stack = undefined;
  const count = stopping?.entries.length ?? 0;
  await stopping?.stop({ together: true });
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  tmpDir = undefined;
  if (count) process.stderr.write(`[test] services stopped (${count})\n`);
}
