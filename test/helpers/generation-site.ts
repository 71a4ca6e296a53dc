import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small shop for plan generation: its labels are what a person would not guess from a prompt
 * ("Email address", "Log in", "My orders"), and its sign-in page is not at /login. Right
 * credentials lead to the account and its orders; a wrong password is refused with a message.
 */
export async function startGenerationSite(email: string, password: string) {
  const requests: string[] = [];
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body>` +
    `<nav><a href="/">Home</a> <a href="/products">Products</a> <a href="/account/login">Sign in</a> <a href="/about">About us</a></nav>` +
    `<main>${body}</main></body></html>`;
  const loginForm = (alert = '') =>
    page(
      'Sign in',
      `<h1>Welcome back</h1>${alert ? `<p role="alert">${alert}</p>` : ''}
      <form method="post" action="/account/session">
        <label for="e">Email address</label> <input id="e" name="email" type="email">
        <label for="p">Password</label> <input id="p" name="password" type="password">
        <button type="submit">Log in</button>
      </form>`,
    );
  const signedIn = (req: IncomingMessage) => /(?:^|;\s*)sid=ok(?:;|$)/.test(req.headers.cookie ?? '');
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://shop');
    requests.push(`${req.method} ${url.pathname}`);
    const send = (status: number, html: string, headers: Record<string, string> = {}) =>
      void res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(html);
    if (req.method === 'GET' && url.pathname === '/')
      return send(200, page('Corner Shop', '<h1>Corner Shop</h1><p>Tea, pots and cups.</p>'));
    if (req.method === 'GET' && url.pathname === '/about')
      return send(200, page('About', '<h1>About Corner Shop</h1><p>Family-run since 1987.</p>'));
    if (req.method === 'GET' && url.pathname === '/products') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const items = ['Teapot', 'Tea cup'].filter((n) => !q || n.toLowerCase().includes(q));
      const list = items
        .map(
          (n) =>
            `<li>${n} <form method="post" action="/cart" style="display:inline"><input type="hidden" name="item" value="${n}"><button>Add ${n} to cart</button></form></li>`,
        )
        .join('');
      return send(
        200,
        page(
          'Products',
          `<h1>Products</h1><form role="search" method="get" action="/products"><input type="search" name="q" aria-label="Search products"><button>Search</button></form>` +
            (q ? `<p>${items.length} result(s) for ${q}</p>` : '') +
            `<ul>${list}</ul>`,
        ),
      );
    }
    if (req.method === 'POST' && url.pathname === '/cart') {
      const item = new URLSearchParams(await body(req)).get('item') ?? 'Item';
      return send(200, page('Cart', `<h1>Your cart</h1><p>${item} was added to your cart.</p>`));
    }
    if (req.method === 'GET' && url.pathname === '/account/login') return send(200, loginForm());
    if (req.method === 'POST' && url.pathname === '/account/session') {
      const form = new URLSearchParams(await body(req));
      if (form.get('email') === email && form.get('password') === password)
        return send(302, '', { location: '/account', 'set-cookie': 'sid=ok; Path=/; HttpOnly' });
      return send(401, loginForm('That email and password do not match.'));
    }
    if (req.method === 'GET' && url.pathname === '/account')
      return signedIn(req)
        ? send(200, page('Account', '<h1>Your account</h1><a href="/account/orders">My orders</a>'))
        : send(302, '', { location: '/account/login' });
    if (req.method === 'GET' && url.pathname === '/account/orders')
      return signedIn(req)
        ? send(200, page('Orders', '<h1>Order history</h1><p>Order 1042: shipped</p>'))
        : send(302, '', { location: '/account/login' });
    send(404, page('Not found', '<h1>Page not found</h1>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export type GenerationSite = Awaited<ReturnType<typeof startGenerationSite>>;
export type { ServerResponse };
