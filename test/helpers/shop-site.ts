import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A two-page shop on loopback whose Pay button sits `shift` px from the left: moving it is a visual change. */
export async function startShop() {
  let shift = 0;
  const page = (body: string) =>
    `<!doctype html><html><head><title>Shop</title><style>body{margin:0;font:16px sans-serif}` +
    `.pay{position:absolute;top:120px;width:160px;height:48px;background:#1a73e8;color:#fff;border:0}</style>` +
    `</head><body>${body}</body></html>`;
  const server = createServer((req, res) => {
    if (req.url === '/favicon.ico') return void res.writeHead(404).end();
    res.setHeader('Content-Type', 'text/html');
    if (req.url === '/pay')
      return void res.end(page(`<h1>Pay</h1><button class="pay" style="left:${40 + shift}px">Pay now</button>`));
    res.end(page('<h1>Shop</h1><a href="/pay">Continue</a>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set shift(px: number) {
      shift = px;
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
