import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page whose one button sits `shift` px from the left: moving it is a visual change. */
export async function startMovingPage() {
  let shift = 0;
  const server: Server = createServer((req, res) => {
    if (req.url === '/favicon.ico') return void res.writeHead(404).end();
    res.setHeader('Content-Type', 'text/html');
    res.end(
      '<!doctype html><html lang="en"><head><title>Pay</title><style>body{margin:0;font:16px sans-serif}' +
        '.pay{position:absolute;top:120px;width:160px;height:48px;background:#1a73e8;color:#fff;border:0}</style>' +
        `</head><body><main><h1>Pay</h1><button class="pay" style="left:${40 + shift}px">Pay now</button></main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set shift(px: number) {
      shift = px;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits until `check` holds (reports arrive asynchronously), failing with what was seen. */
export async function until(what: string, check: () => boolean, seen: () => unknown, limitMs = 60_000) {
  const end = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: ${JSON.stringify(seen(), null, 1)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
