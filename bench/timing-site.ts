import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The site under test of the first-step benches: it notes when each request arrives. */
export interface TimingSite {
  url: string;
  /** performance.now() of the first request at or after `since`. */
  firstRequestAfter(since: number): Promise<number>;
  close(): Promise<void>;
}

/** `/` answers at once; `/hang` never (a Run that stays at step 0 until the browser gives up). */
export async function startTimingSite(): Promise<TimingSite> {
  const arrivals: number[] = [];
  const server = createServer((req, res) => {
    arrivals.push(performance.now());
    if (req.url === '/hang') return;
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Home</title><h1>Home</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async firstRequestAfter(since) {
      for (let i = 0; i < 600; i++) {
        const hit = arrivals.find((t) => t >= since);
        if (hit !== undefined) return hit;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('the browser never reached the site');
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
