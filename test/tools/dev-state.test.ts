import assert from 'node:assert/strict';
import { mkdtempSync, openSync, readSync, closeSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Connection, WorkflowClient } from '@temporalio/client';
import { createConnection } from 'mysql2/promise';

// The dev server scripts/start.js runs (plain CommonJS, shared with the test services).
const { freePort } = require('../../scripts/lib/ports.js') as { freePort(): Promise<number> };
const { startTemporal } = require('../../scripts/lib/temporal.js') as {
  startTemporal(o: { bin?: string; port: number; uiPort: null; dbFile: string; logFile: string }): Promise<{
    address: string;
    pid: number;
    stop(): Promise<void>;
  }>;
};

const { startMariadb } = require('../../scripts/lib/mariadb.js') as {
  startMariadb(o: { dataDir: string; port: number; logFile: string }): Promise<{
    url: string;
    pid: number;
    stop(): Promise<void>;
  }>;
};

/** SQLite's file header: bytes 18 and 19 are 2 in write-ahead-log mode, 1 with a rollback journal. */
function journalMode(file: string): 'wal' | 'rollback' {
  const header = Buffer.alloc(20);
  const fd = openSync(file, 'r');
  readSync(fd, header, 0, 20, 0);
  closeSync(fd);
  return header[18] === 2 && header[19] === 2 ? 'wal' : 'rollback';
}

describe("the dev stack's Temporal state file", () => {
  it('is written ahead-of-log (no fsync per commit) and keeps a started workflow across a killed server', async function () {
    this.timeout(120_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'qa-temporal-state-'));
    const dbFile = path.join(dir, 'temporal.sqlite');
    const start = async () =>
      startTemporal({
        bin: process.env.TEMPORAL_BIN,
        port: await freePort(),
        uiPort: null,
        dbFile,
        logFile: path.join(dir, 'temporal.log'),
      });
    let server = await start();
    try {
      assert.equal(journalMode(dbFile), 'wal');
      const connection = await Connection.connect({ address: server.address });
      await new WorkflowClient({ connection }).start('notRegistered', { taskQueue: 'nobody', workflowId: 'kept' });
      await connection.close();
      // A crash of the server process, not of the machine: what was committed must still be there.
      process.kill(server.pid, 'SIGKILL');
      await server.stop();
      server = await start();
      const again = await Connection.connect({ address: server.address });
      const described = await new WorkflowClient({ connection: again }).getHandle('kept').describe();
      assert.equal(described.status.name, 'RUNNING');
      await again.close();
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the dev stack's MariaDB", () => {
  it('syncs its redo log once a second, not per commit, and keeps a commit across a killed server', async function () {
    this.timeout(120_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'qa-mariadb-state-'));
    const start = async () =>
      startMariadb({ dataDir: path.join(dir, 'data'), port: await freePort(), logFile: path.join(dir, 'mariadb.log') });
    let server = await start();
    try {
      let db = await createConnection(server.url);
      const [[flush]] = (await db.query('SELECT @@innodb_flush_log_at_trx_commit AS v')) as unknown as [
        [{ v: number }],
      ];
      assert.equal(Number(flush.v), 2);
      await db.query('CREATE TABLE kept (id INT PRIMARY KEY)');
      await db.query('INSERT INTO kept VALUES (1)');
      await db.end();
      // A crash of the server process, not of the machine: what was committed must still be there.
      process.kill(server.pid, 'SIGKILL');
      await server.stop();
      server = await start();
      db = await createConnection(server.url);
      const [rows] = (await db.query('SELECT id FROM kept')) as unknown as [Array<{ id: number }>];
      assert.deepEqual(
        rows.map((r) => r.id),
        [1],
      );
      await db.end();
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
