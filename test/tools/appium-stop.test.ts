import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commandLine } from '../../scripts/lib/process-tree';
import { startAppium } from '../../scripts/lib/appium';
import { freePort } from '../../scripts/lib/ports';

/**
 * A stand-in for Appium whose child keeps starting long-lived grandchildren, as Chromium starts
 * renderers while it loads a page: a kill that looks at the tree once and then signals it races with
 * those forks. Every process of the tree carries `QA_STOP_MARKER` in its environment.
 */
function forkingServer(dir: string): string {
  const bin = path.join(dir, 'fake-appium');
  writeFileSync(
    bin,
    `#!/usr/bin/env node
const http = require('node:http');
const { spawn } = require('node:child_process');
const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
spawn('sh', ['-c', 'while :; do sleep 1000 & done'], { stdio: 'ignore' });
http.createServer((req, res) => res.end('{}')).listen(port, '127.0.0.1');
`,
  );
  chmodSync(bin, 0o755);
  return bin;
}

describe('the local Appium server stopped by SIGKILL', () => {
  it('leaves no process behind, even one forked while it was being killed', async function () {
    this.timeout(60_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'qa-appium-stop-'));
    const marker = `QA_STOP_MARKER=${path.basename(dir)}`;
    process.env.QA_STOP_MARKER = path.basename(dir); // inherited by the server and all it starts
    try {
      for (let round = 0; round < 5; round++) {
        const server = await startAppium({ bin: forkingServer(dir), home: dir, port: await freePort() });
        await new Promise((r) => setTimeout(r, 100));
        await server.stop('SIGKILL');
        const left = marked(marker).map((pid) => commandLine(pid).join(' '));
        assert.deepEqual(left, [], `round ${round}: processes of the killed server`);
      }
    } finally {
      delete process.env.QA_STOP_MARKER;
      for (const pid of marked(marker)) kill(pid);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The live processes whose environment holds `marker` (a zombie's environment reads empty). */
function marked(marker: string): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid)
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(marker);
      } catch {
        return false; // ended while we looked
      }
    });
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
