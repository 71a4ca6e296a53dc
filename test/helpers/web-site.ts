import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tiny site for runner tests: a sign-in form, a late field, a page of focus moves, an error page and a page that never loads. */
export interface TestSite {
  baseUrl: string;
  /** Sign-in forms the server received, in order. */
  signIns: Array<{ email: string; password: string }>;
  /** Lets the held-back field of /late appear. */
  releaseLateField(): void;
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

const LOGIN = page(
  'Sign in',
  `<h1>Sign in</h1>
  <form method="post" action="/session">
    <label for="email">Email</label> <input id="email" name="email" type="email">
    <label>Password <input name="password" type="password"></label>
    <button type="submit">Sign in</button>
  </form>`,
);

// The field arrives from the server, as in a client-rendered form; the test decides when (releaseLateField),
// so that "late" is measured from the step that waits for it, not from a page load the runner finished earlier.
const LATE = page(
  'Late form',
  `<div id="root">Loading…</div>
  <script>fetch('/late-field').then((r) => r.text()).then((html) => { document.getElementById('root').innerHTML = html; });</script>`,
);

// Where the focus is decides for steps without target: a click on "Title" puts it in the field, a
// full code moves it to "Confirm" (as code fields do), and nothing has it when the page loads.
const FOCUS = page(
  'Focus',
  `<label for="title">Title</label> <input id="title" name="title">
  <p>Preview: <span id="preview"></span></p>
  <label for="code">Code</label> <input id="code" name="code" maxlength="4">
  <button type="button" id="confirm">Confirm</button>
  <p id="answer"></p>
  <button type="button" id="inspect">Inspect markup</button>
  <p id="markup"></p>
  <script>
    const $ = (id) => document.getElementById(id);
    // Every attribute of every element, as served: a runner that leaves a mark behind changes it.
    const attributes = () =>
      Array.from(document.querySelectorAll('*'), (el) => Array.from(el.attributes, (a) => a.name + '=' + a.value).join(' ')).join('|');
    const served = attributes();
    $('inspect').addEventListener('click', () => {
      $('markup').textContent = attributes() === served ? 'Markup as served' : 'Markup changed';
    });
    $('title').addEventListener('input', () => { $('preview').textContent = $('title').value; });
    $('code').addEventListener('input', () => { if ($('code').value.length === 4) $('confirm').focus(); });
    $('confirm').addEventListener('click', () => { $('answer').textContent = 'Confirmed ' + $('code').value; });
  </script>`,
);

// The same move inside a frame, in a component's closed shadow root: the focus is followed into both.
const FOCUS_FRAME = page('Focus in a frame', `<iframe title="Editor" src="/focus-frame/inner"></iframe>`);
const FOCUS_FRAME_INNER = page(
  'Editor',
  `<note-field></note-field>
  <p>Preview: <span id="preview"></span></p>
  <script>
    customElements.define('note-field', class extends HTMLElement {
      constructor() {
        super();
        const root = this.attachShadow({ mode: 'closed' });
        root.innerHTML = '<label>Note <input id="note"></label>';
        const note = root.getElementById('note');
        note.addEventListener('input', () => { document.getElementById('preview').textContent = note.value; });
      }
    });
  </script>`,
);

export async function startTestSite(password: string): Promise<TestSite> {
  const signIns: TestSite['signIns'] = [];
  const heldBack: ServerResponse[] = [];
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname;
    if (req.method === 'GET' && path === '/login') return send(res, 200, LOGIN);
    if (req.method === 'GET' && path === '/late') return send(res, 200, LATE);
    if (req.method === 'GET' && path === '/focus') return send(res, 200, FOCUS);
    if (req.method === 'GET' && path === '/focus-frame') return send(res, 200, FOCUS_FRAME);
    if (req.method === 'GET' && path === '/focus-frame/inner') return send(res, 200, FOCUS_FRAME_INNER);
    if (req.method === 'GET' && path === '/late-field') return void heldBack.push(res);
    if (req.method === 'GET' && path === '/broken') return send(res, 500, page('Error', '<p>Internal error</p>'));
    if (req.method === 'GET' && path === '/hang') return; // never answers
    if (req.method === 'POST' && path === '/session') {
      const form = new URLSearchParams(await readBody(req));
      const attempt = { email: form.get('email') ?? '', password: form.get('password') ?? '' };
      signIns.push(attempt);
      if (attempt.password === password) return send(res, 200, page('Home', `<p>Welcome, ada</p>`));
      // A careless application that echoes what was typed: the runner must redact it from observed text.
      return send(res, 401, page('Sign in', `<p>Invalid credentials (you typed ${escape(attempt.password)})</p>`));
    }
    send(res, 404, page('Not found', '<p>Not found</p>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    signIns,
    releaseLateField: () => {
      for (const res of heldBack.splice(0)) send(res, 200, '<label>Code <input name="code"></label>');
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
