import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EchoSite {
  url: string;
  close(): Promise<void>;
}

/**
 * A loopback page that gives a secret back every way a page can, for the trace's secret search
 * (issue 77): the server knows it and shows it on load (DOM, console, a JSON response and a binary
 * one that is not UTF-8), and whatever is typed into "Token" is echoed at once (DOM, console, a
 * response body). Clicking "Send" changes nothing, so an expectation after it fails and the trace is kept.
 */
export async function startEchoSite(secret: string): Promise<EchoSite> {
  const script = `
    const shown = document.getElementById('known').textContent;
    console.log('token shown: ' + shown);
    fetch('/api/known').then((r) => r.text());
    fetch('/api/known.bin').then((r) => r.arrayBuffer());
    document.getElementById('token').addEventListener('input', (e) => {
      const v = e.target.value;
      document.getElementById('echo').textContent = 'You typed ' + v;
      console.log('typed: ' + v);
      fetch('/api/echo?v=' + encodeURIComponent(v), { method: 'POST', body: v }).then((r) => r.text());
    });`;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    if (url.pathname === '/api/known') {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ token: secret }));
    } else if (url.pathname === '/api/known.bin') {
      res.setHeader('Content-Type', 'application/octet-stream');
      // 0xff never occurs in UTF-8: a body that is not text, holding the secret's bytes all the same.
      res.end(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(secret), Buffer.from([0xff])]));
    } else if (url.pathname === '/api/echo') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => res.end(`echo: ${body} ${Buffer.from(body).toString('base64')}`));
    } else if (url.pathname === '/app.js') {
      res.setHeader('Content-Type', 'application/javascript');
      res.end(script);
    } else if (url.pathname === '/') {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html><head><title>Echo</title></head><body>
        <p>Your token: <span id="known">${secret}</span></p>
        <label for="token">Token</label><input id="token" name="token">
        <p id="echo"></p><button type="button">Send</button>
        <script src="/app.js"></script></body></html>`);
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
