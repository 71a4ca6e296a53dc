import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Two loopback origins for the fidelity corpus: the site under test on 127.0.0.1 and a second site on
 * 127.0.0.2 (another site to Chromium, so its frames run out of process, as a real third-party frame).
 * Both serve the same pages: `GET /p/<name>` answers `pages[name]`, with `{{other}}` replaced by the
 * other origin and `{{self}}` by this one. `/api/ok` answers 200, `/api/fail` 500, `/api/hang` never,
 * `/api/status/<code>?delay=<ms>` answers `<code>` after `<ms>`.
 */
export interface FidelitySite {
  baseUrl: string;
  otherUrl: string;
  /** Paths each origin was asked for, in order (to prove an egress refusal kept a request off the wire). */
  requests: { main: string[]; other: string[] };
  close(): Promise<void>;
}

export async function startFidelitySite(pages: Record<string, string | { status: number; html: string }>) {
  const requests: FidelitySite['requests'] = { main: [], other: [] };
  const servers: Server[] = [];
  const origins: string[] = [];
  const start = async (host: string, log: string[]) => {
    const server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://site').pathname;
      log.push(path);
      const self = origins[servers.indexOf(server)];
      const other = origins[1 - servers.indexOf(server)];
      if (path === '/api/ok') return send(res, 200, '{"ok":true}', 'application/json');
      if (path === '/api/fail') return send(res, 500, '{"error":"boom"}', 'application/json');
      if (path === '/api/hang') return; // never answers
      // /api/status/<code>?delay=<ms>: a server that answers <code> after a while (a slow save that fails).
      const answer = /^\/api\/status\/(\d{3})$/.exec(path);
      if (answer) {
        const delay = Number(new URL(req.url ?? '/', 'http://site').searchParams.get('delay') ?? 0);
        setTimeout(() => send(res, Number(answer[1]), '{}', 'application/json'), delay);
        return;
      }
      const found = path.startsWith('/p/') ? pages[decodeURIComponent(path.slice(3))] : undefined;
      if (found === undefined) return send(res, 404, '<title>Not found</title><p>Not found</p>');
      const { status, html } = typeof found === 'string' ? { status: 200, html: found } : found;
      send(res, status, html.replaceAll('{{other}}', other).replaceAll('{{self}}', self));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    origins.push(`http://${host}:${(server.address() as AddressInfo).port}`);
  };
  await start('127.0.0.1', requests.main);
  await start('127.0.0.2', requests.other);
  return {
    baseUrl: origins[0],
    otherUrl: origins[1],
    requests,
    close: async () => {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  } satisfies FidelitySite;
}

function send(res: ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type }).end(body);
}
