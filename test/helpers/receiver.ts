import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers one request: a status (and headers), or `hang` (never answers). */
export type Answer = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  /** Answers for the next requests to `path`, in order; once used up, 200. */
  answer(path: string, ...answers: Answer[]): void;
  /** Resolves with the received requests to `path` once there are `count` of them. */
  waitFor(path: string, count: number, limitMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A webhook receiver on loopback: records every request and answers as the test scripts it. */
export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  const scripted = new Map<string, Answer[]>();
  const waiters: Array<() => void> = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      waiters.forEach((w) => w());
      const next = scripted.get(path)?.shift() ?? { status: 200 };
      if (next === 'hang') {
        hanging.push(res);
        return;
      }
      res.writeHead(next.status, { 'content-type': 'text/plain', ...next.headers });
      res.end(next.body ?? `answered ${next.status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer(path, ...answers) {
      scripted.set(path, [...(scripted.get(path) ?? []), ...answers]);
    },
    waitFor(path, count, limitMs = 60_000) {
      const matching = () => received.filter((r) => r.path === path);
      return new Promise((resolve, reject) => {
        const check = () => {
          if (matching().length < count) return;
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(check), 1);
          resolve(matching());
        };
        const timer = setTimeout(
          () => reject(new Error(`${path}: ${matching().length} of ${count} requests within ${limitMs} ms`)),
          limitMs,
        );
        waiters.push(check);
        check();
      });
    },
    async close() {
      hanging.forEach((res) => res.destroy());
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
