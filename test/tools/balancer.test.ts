import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// The balancer of `npm run cluster` (plain CommonJS, like the other service helpers).
const { startBalancer } = require('../../scripts/lib/balancer.js') as {
  startBalancer(o: {
    port: number;
    backends: string[];
    checkMs?: number;
  }): Promise<{ url: string; live(): string[]; close(): Promise<void> }>;
};

/** An API stand-in: answers its name, and /healthz as an API process does (503 while draining). */
async function backend(name: string) {
  const state = { draining: false };
  const server: Server = createServer((req, res) => {
    if (req.url === '/healthz') {
      res.writeHead(state.draining ? 503 : 200, { 'Content-Type': 'application/json', Connection: 'close' });
      return res.end(JSON.stringify({ status: state.draining ? 'draining' : 'ok' }));
    }
    res.end(name);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const answers = async (url: string, n: number) => {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(await (await fetch(url, { headers: { Connection: 'close' } })).text());
  return out;
};

/**
 * What docs/deployment.md asks of the load balancer in front of the API processes: spread the
 * requests over them, drop a draining one (its /healthz says 503) and pass over one that refuses
 * connections, without a failed request.
 */
describe('the load balancer of npm run cluster', () => {
  it('spreads requests, leaves out a draining API, and retries a dead one on the other', async () => {
    const a = await backend('A');
    const b = await backend('B');
    const lb = await startBalancer({ port: 0, backends: [a.url, b.url], checkMs: 100 });
    try {
      const spread = await answers(lb.url, 10);
      assert.deepEqual(new Set(spread), new Set(['A', 'B']), `both serve: ${spread}`);

      a.state.draining = true;
      await new Promise((r) => setTimeout(r, 400));
      assert.deepEqual(lb.live(), [b.url]);
      assert.deepEqual(new Set(await answers(lb.url, 6)), new Set(['B']));

      a.state.draining = false;
      await new Promise((r) => setTimeout(r, 400));
      // B dies between two health checks: its connections are refused and go to A.
      await b.close();
      assert.deepEqual(new Set(await answers(lb.url, 6)), new Set(['A']));
    } finally {
      await lb.close();
      await a.close();
      await b.close().catch(() => undefined);
    }
  });
});
