import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build, transform, type Plugin } from 'esbuild';
import { WebSocketServer } from 'ws';

const ROOT = path.resolve(__dirname, '../..');
const APPS = path.join(ROOT, 'test/apps/components');
const CACHE = path.join(ROOT, '.tools/components-build');

/** The members every app's table lists, in order (5 a page: Grace Hopper is on page 2). */
export const SEED_MEMBERS = [
  'Ada Lovelace',
  'Alan Turing',
  'Barbara Liskov',
  'Claude Shannon',
  'Donald Knuth',
  'Edsger Dijkstra',
  'Frances Allen',
  'Grace Hopper',
  'Hedy Lamarr',
  'Ivan Sutherland',
  'John McCarthy',
  'Katherine Johnson',
  'Ken Thompson',
  'Leslie Lamport',
  'Margaret Hamilton',
  'Niklaus Wirth',
  'Radia Perlman',
  'Shafi Goldwasser',
  'Tim Berners-Lee',
  'Tony Hoare',
  'Vint Cerf',
  'Whitfield Diffie',
  'Yukihiro Matsumoto',
].map((name, i) => ({
  name,
  email: `${name.split(' ')[0].toLowerCase()}@example.test`,
  department: ['Engineering', 'Design', 'Sales', 'Support'][i % 4],
}));

export const DEPARTMENTS = ['Engineering', 'Design', 'Sales', 'Support'];
/** The one password /api/sign-in takes (user `ada`). */
export const SIGN_IN_PASSWORD = 'correct horse battery';

export interface ComponentsSite {
  baseUrl: string;
  /** The apps built, by folder name (`/mui/` serves test/apps/components/mui). */
  apps: string[];
  /** What POST /api/members accepted, by member name. */
  saved: Map<string, Record<string, unknown>>;
  build: { ms: number; cached: boolean };
  close(): Promise<void>;
}

/**
 * Builds every app under test/apps/components (one folder a library, its entry `main.tsx` or
 * `main.ts`; `shared/` is bundled into each) with esbuild, CSS and fonts included, and serves them
 * on 127.0.0.1: `GET /<app>/` is the app's page. The build is cached under .tools/components-build,
 * keyed by the hash of the apps' sources, the lockfile and this file.
 *
 * The API the apps call, whose answers are each flow's truth:
 * - `POST /api/members`: 201; 422 `{error}` when a name, email or department is missing, the
 *   department is not one offered, or the email is `taken@example.test` ("A member with this email
 *   already exists"); 500 with no reason for a name starting "Crash".
 * - `DELETE /api/members/<name>`: 204; 409 `{error}` for Barbara Liskov (she owns projects).
 * - `POST /api/sign-in`: 200 for `ada` with SIGN_IN_PASSWORD, else 401 "Wrong username or password".
 * - `GET /api/members`: SEED_MEMBERS.
 *
 * Pages stay connected as real ones do: `/ws` (a websocket) and `/api/events` (server-sent events)
 * push `{ online }`, the people online, every second.
 */
export async function startComponentsSite(): Promise<ComponentsSite> {
  const built = await buildApps();
  const saved = new Map<string, Record<string, unknown>>();
  const server = createServer((req, res) => {
    handle(req, res, built.dir, built.apps, saved).catch((error: Error) => {
      if (!res.headersSent) send(res, 500, String(error.stack), 'text/plain');
    });
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    if (req.url !== '/ws') return socket.destroy();
    sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req));
  });
  let tick = 0;
  const events = new Set<ServerResponse>();
  const online = () => JSON.stringify({ online: 3 + (tick % 4), at: Date.now() });
  const beat = setInterval(() => {
    tick++;
    for (const ws of sockets.clients) ws.send(online());
    for (const res of events) res.write(`data: ${online()}\n\n`);
  }, 1000);
  sockets.on('connection', (ws) => ws.send(online()));
  server.on('request', (req, res) => {
    if (req.url !== '/api/events') return;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write(`data: ${online()}\n\n`);
    events.add(res);
    req.on('close', () => events.delete(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apps: built.apps,
    saved,
    build: { ms: built.ms, cached: built.cached },
    close: async () => {
      clearInterval(beat);
      for (const ws of sockets.clients) ws.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  dir: string,
  apps: string[],
  saved: ComponentsSite['saved'],
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://site');
  const route = `${req.method} ${url.pathname}`;
  if (url.pathname === '/api/events') return; // the event stream (above)
  if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
  if (route === 'GET /api/members') return send(res, 200, JSON.stringify(SEED_MEMBERS));
  if (route === 'POST /api/members') {
    const member = JSON.parse((await body(req)) || '{}') as Record<string, unknown>;
    await pause(300); // a server that takes a moment, as real ones do
    for (const field of ['name', 'email', 'department'])
      if (!member[field]) return send(res, 422, JSON.stringify({ error: `${cap(field)} is required` }));
    if (!DEPARTMENTS.includes(String(member.department)))
      return send(res, 422, JSON.stringify({ error: `Unknown department "${String(member.department)}"` }));
    if (member.email === 'taken@example.test')
      return send(res, 422, JSON.stringify({ error: 'A member with this email already exists' }));
    if (String(member.name).startsWith('Crash')) return send(res, 500, 'Internal Server Error', 'text/plain');
    saved.set(String(member.name), member);
    return send(res, 201, JSON.stringify(member));
  }
  const removal = /^DELETE \/api\/members\/(.+)$/.exec(route);
  if (removal) {
    const name = decodeURIComponent(removal[1]);
    await pause(300);
    if (name === 'Barbara Liskov')
      return send(res, 409, JSON.stringify({ error: 'Barbara Liskov still owns 3 projects and cannot be removed' }));
    res.writeHead(204).end();
    return;
  }
  if (route === 'POST /api/sign-in') {
    const { username, password } = JSON.parse((await body(req)) || '{}') as Record<string, string>;
    await pause(300);
    if (username === 'ada' && password === SIGN_IN_PASSWORD) return send(res, 200, JSON.stringify({ name: 'Ada' }));
    return send(res, 401, JSON.stringify({ error: 'Wrong username or password' }));
  }
  // /<app>/ is the app's page; /<app>/<file> its bundle, styles and fonts.
  const [, app, ...rest] = url.pathname.split('/');
  if (req.method === 'GET' && app === 'assets') {
    const file = path.join(dir, 'assets', path.basename(rest.join('/')));
    if (existsSync(file))
      return send(res, 200, await readFile(file), TYPES[path.extname(file)] ?? 'application/octet-stream');
  }
  if (req.method === 'GET' && apps.includes(app)) {
    if (rest.length === 0) return void res.writeHead(301, { location: `/${app}/` }).end();
    if (rest.join('/') === '')
      return send(res, 200, page(app, existsSync(path.join(dir, app, 'main.css'))), 'text/html; charset=utf-8');
    const file = path.join(dir, app, ...rest);
    if (file.startsWith(path.join(dir, app)) && existsSync(file))
      return send(res, 200, await readFile(file), TYPES[path.extname(file)] ?? 'application/octet-stream');
  }
  send(res, 404, 'Not found', 'text/plain');
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
};

const page = (app: string, css: boolean) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>Team</title>${css ? `<link rel="stylesheet" href="/${app}/main.css">` : ''}</head>` +
  `<body><div id="app"></div><script src="/${app}/main.js"></script></body></html>`;

/** The apps' folders: those holding a main.tsx or main.ts. */
async function appFolders(): Promise<Array<{ app: string; entry: string }>> {
  const found = [];
  for (const app of (await readdir(APPS)).sort())
    for (const main of ['main.tsx', 'main.ts'])
      if (existsSync(path.join(APPS, app, main))) found.push({ app, entry: path.join(APPS, app, main) });
  return found;
}

/** Every file below `dir`, sorted. */
async function filesBelow(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesBelow(full)));
    else out.push(full);
  }
  return out.sort();
}

async function buildApps(): Promise<{ dir: string; apps: string[]; ms: number; cached: boolean }> {
  const started = Date.now();
  const entries = await appFolders();
  const hash = createHash('sha256');
  for (const file of [...(await filesBelow(APPS)), path.join(ROOT, 'package-lock.json'), __filename])
    hash
      .update(path.relative(ROOT, file))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  const key = hash.digest('hex').slice(0, 16);
  const dir = path.join(CACHE, key);
  const apps = entries.map((e) => e.app);
  if (await stat(dir).catch(() => null)) return { dir, apps, ms: Date.now() - started, cached: true };
  const tmp = `${dir}.${process.pid}.tmp`;
  await rm(tmp, { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(entries.map((e) => [`${e.app}/main`, e.entry])),
    outdir: tmp,
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'chrome120',
    logLevel: 'silent',
    // The app sources are not part of the repository's tsconfig (it compiles JSX for preact).
    // Angular's decorators (@Component, compiled in the page: JIT) are TypeScript's experimental ones.
    tsconfigRaw: {
      compilerOptions: {
        jsx: 'react-jsx',
        jsxImportSource: 'react',
        useDefineForClassFields: false,
        experimentalDecorators: true,
      },
    },
    loader: { '.woff2': 'file', '.woff': 'file', '.ttf': 'file', '.eot': 'file', '.svg': 'file', '.png': 'file' },
    assetNames: 'assets/[name]-[hash]',
    // Vue's full build compiles the apps' templates in the page (no SFC tooling).
    alias: { vue: 'vue/dist/vue.esm-bundler.js' },
    define: {
      'process.env.NODE_ENV': '"production"',
      // Vuetify's @vuetify/v0 reads it as a bundler leaves it (Vite defines it; a page has no `process`).
      'process.env.VITE_LOGGER_ENABLED': '"false"',
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
      __QUASAR_SSR__: 'false',
      __QUASAR_SSR_SERVER__: 'false',
      __QUASAR_SSR_CLIENT__: 'false',
      __QUASAR_SSR_PWA__: 'false',
      // Angular's build flags, as its CLI sets them for a browser production build.
      ngDevMode: 'false',
      ngServerMode: 'false',
    },
    plugins: [await sveltePlugin()],
  });
  await mkdir(path.dirname(dir), { recursive: true });
  // Older builds go; builds under way (.tmp) stay.
  for (const other of await readdir(CACHE))
    if (!other.endsWith('.tmp')) await rm(path.join(CACHE, other), { recursive: true, force: true });
  await rename(tmp, dir).catch(async (error: NodeJS.ErrnoException) => {
    // Another process built the same key first: use its build.
    if (!(await stat(dir).catch(() => null))) throw error;
    await rm(tmp, { recursive: true, force: true });
  });
  return { dir, apps, ms: Date.now() - started, cached: false };
}

/**
 * Compiles Svelte 5 with svelte/compiler, when svelte is installed: components (`.svelte`, the apps'
 * own and the ones kits such as Bits UI ship in node_modules) with `compile`, and modules that use
 * runes (`.svelte.js`, `.svelte.ts`, TypeScript stripped first) with `compileModule`.
 */
async function sveltePlugin(): Promise<Plugin> {
  return {
    name: 'svelte',
    setup(setup) {
      setup.onLoad({ filter: /\.svelte(\.[jt]s)?$/ }, async (args) => {
        const { compile, compileModule } = (await import('svelte/compiler' as string)) as Record<
          'compile' | 'compileModule',
          (source: string, options: object) => { js: { code: string } }
        >;
        const source = await readFile(args.path, 'utf8');
        const resolveDir = path.dirname(args.path);
        if (args.path.endsWith('.svelte')) {
          const { js } = compile(source, { filename: args.path, generate: 'client', css: 'injected' });
          return { contents: js.code, loader: 'js', resolveDir };
        }
        const script = args.path.endsWith('.ts') ? (await transform(source, { loader: 'ts' })).code : source;
        const { js } = compileModule(script, { filename: args.path, generate: 'client' });
        return { contents: js.code, loader: 'js', resolveDir };
      });
    },
  };
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

const cap = (word: string) => word[0].toUpperCase() + word.slice(1);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function send(res: ServerResponse, status: number, content: string | Buffer, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(content);
}
