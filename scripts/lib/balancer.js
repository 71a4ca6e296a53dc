'use strict';
// The load balancer in front of the API processes of `npm run cluster`, doing what nginx or a
// cloud balancer does there (docs/deployment.md): TCP connections spread round-robin over the
// backends whose GET /healthz answers 200; a draining or dead API leaves the rotation within one
// check interval, and a connection refused by one backend is tried on the next.
// Plain CommonJS with no npm dependencies, like the other service helpers.

const net = require('node:net');
const http = require('node:http');

function healthy(url) {
  return new Promise((resolve) => {
    const req = http.get(`${url}/healthz`, { timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

/**
 * Listens on 127.0.0.1:`port` and forwards to `backends` (http://127.0.0.1:PORT URLs).
 * @returns {Promise<{url: string, live: () => string[], close: () => Promise<void>}>}
 */
async function startBalancer({ port, backends, checkMs = 1000 }) {
  const live = new Set(backends);
  let next = 0;
  const check = async () => {
    await Promise.all(backends.map(async (b) => ((await healthy(b)) ? live.add(b) : live.delete(b))));
  };
  await check();
  const timer = setInterval(() => void check(), checkMs);
  timer.unref();

  const connect = (client, tried) => {
    const pool = backends.filter((b) => live.has(b) && !tried.includes(b));
    const fallback = backends.filter((b) => !tried.includes(b));
    const target = (pool.length ? pool : fallback)[next++ % (pool.length || fallback.length || 1)];
    if (!target) return client.destroy();
    const { hostname, port: backendPort } = new URL(target);
    const upstream = net.connect({ host: hostname, port: Number(backendPort) });
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      client.pipe(upstream).pipe(client);
      client.resume();
    });
    upstream.on('error', () => {
      if (connected) return client.destroy();
      live.delete(target);
      connect(client, [...tried, target]);
    });
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => connected && client.destroy());
  };
  const clients = new Set();
  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    clients.add(client);
    client.once('close', () => clients.delete(client));
    connect(client, []);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    live: () => [...live],
    close: () =>
      new Promise((resolve) => {
        clearInterval(timer);
        server.close(() => resolve());
        for (const c of clients) c.destroy();
      }),
  };
}

module.exports = { startBalancer };
