import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OrdersSite {
  url: string;
  close(): Promise<void>;
}

/** How long the site's /api/stock takes to answer: a slow request by the runner's measure (2 s). */
export const STOCK_MS = 2300;

/**
 * A loopback shop page whose "Place order" button fails the way applications do (issue 77, point 3):
 * the click posts to /api/orders (with a query the evidence must not repeat), which answers 500; the
 * page logs the error to its console and throws an uncaught one; it also asks /api/stock, which is slow.
 */
export async function startOrdersSite(): Promise<OrdersSite> {
  const script = `
    document.querySelector('button').addEventListener('click', async () => {
      fetch('/api/stock');
      const res = await fetch('/api/orders?coupon=SPRING-77', { method: 'POST', body: '{"item":1}' });
      if (!res.ok) {
        console.error('Order failed with status ' + res.status);
        setTimeout(() => { throw new Error('orders: unexpected answer'); });
      }
    });`;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    if (url.pathname === '/api/orders') {
      res.statusCode = 500;
      res.setHeader('Content-Type', 'application/json');
      res.end('{"error":"database unavailable"}');
    } else if (url.pathname === '/api/stock') {
      setTimeout(() => res.end('{"left":3}'), STOCK_MS);
    } else if (url.pathname === '/app.js') {
      res.setHeader('Content-Type', 'application/javascript');
      res.end(script);
    } else if (url.pathname === '/') {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html lang="en"><head><title>Shop</title></head><body><main>
        <h1>Basket</h1><button type="button">Place order</button><script src="/app.js"></script></main></body></html>`);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
