import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestSite {
  url: string;
  /** Every request the site received, in order (method and path). */
  requests: string[];
  /** Passwords the login form received. */
  passwords: string[];
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => resolve(data));
  });

/**
 * A small site served on loopback for runner tests: a sign-in form that accepts one password,
 * and a slow page for cancellation and crash tests.
 */
export async function startSite(password: string, options: { slowMs?: number } = {}): Promise<TestSite> {
  const requests: string[] = [];
  const passwords: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    requests.push(`${req.method} ${url.pathname}`);
    res.setHeader('Content-Type', 'text/html');
    if (url.pathname === '/favicon.ico') {
      res.statusCode = 404;
      res.end();
      return;
    }
    if (url.pathname === '/login' && req.method === 'GET') {
      res.end(
        page(
          'Sign in',
          `<form method="post" action="/login">
        <label for="email">Email</label><input id="email" name="email" type="email">
        <label for="password">Password</label><input id="password" name="password" type="password">
        <button type="submit">Sign in</button></form>`,
        ),
      );
      return;
    }
    if (url.pathname === '/login' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      passwords.push(form.get('password') ?? '');
      const ok = form.get('password') === password;
      res.end(
        ok
          ? page('Dashboard', `<h1>Welcome, ${form.get('email')}</h1>`)
          : page('Sign in', '<p>Invalid credentials</p>'),
      );
      return;
    }
    if (url.pathname === '/echo') {
      // What is typed turns the whole page red and shows large: a video frame after typing is plain to see.
      res.end(
        page(
          'Echo',
          `<h1>Echo</h1><label for="word">Colour word</label><input id="word" type="text">
        <p id="out" style="font-size:48px"></p>
        <script>document.getElementById('word').addEventListener('input', (e) => {
          document.body.style.background = 'rgb(255,0,0)';
          document.getElementById('out').textContent = e.target.value;
        });</script>`,
        ),
      );
      return;
    }
    if (url.pathname === '/slow') {
      await new Promise((r) => setTimeout(r, options.slowMs ?? 3000));
      res.end(page('Slow', '<h1>Finally</h1><button>Next</button>'));
      return;
    }
    res.end(page('Home', '<h1>Home</h1><a href="/login">Sign in</a>'));
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    passwords,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
