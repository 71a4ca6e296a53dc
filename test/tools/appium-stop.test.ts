import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commandLine } from '../helpers/processes';

const lib = require('../../scripts/lib/appium.js') as {
  startAppium(options: { bin: string; home: string; port: number }): Promise<{ stop(signal?: string): Promise<void> }>;
};

/**
 * A stand-in for Appium whose child keeps starting grandchildren, as Chromium starts renderers while
 * it loads a page: a kill that looks at the tree once and then signals it races with those forks.
 */
function forkingServer(dir: string, marker: string): string {
  const bin = path.join(dir, 'fake-appium');
  writeFileSync(
    bin,
    `#!/usr/bin/env node
const http = require('node:http');
const { spawn } = require('node:child_process');
const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
const forker = "while :; do sleep 1000 ${marker} & done";
spawn('sh', ['-c', forker, '${marker}'], { stdio: 'ignore' });
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
    const marker = `marker-${path.basename(dir)}`;
    try {
      for (let round = 0; round < 5; round++) {
        const server = await lib.startAppium({ bin: forkingServer(dir, marker), home: dir, port: await freePort() });
        await new Promise((r) => setTimeout(r, 200));
        await server.stop('SIGKILL');
        const left = marked(marker).map((pid) => commandLine(pid).join(' '));
        assert.deepEqual(left, [], `round ${round}: processes of the killed server`);
      }
    } finally {
      for (const pid of marked(marker)) process.kill(pid, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The processes whose command line holds `marker`. */
function marked(marker: string): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .map(Number)
    .filter((pid) => commandLine(pid).join(' ').includes(marker));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}
