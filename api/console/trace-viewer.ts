import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Playwright's own trace viewer, as the installed playwright-core ships it built: served from this
 * origin, so opening a trace asks no other host (no trace.playwright.dev, no CDN).
 */
const packageDir = path.dirname(require.resolve('playwright-core/package.json'));
const viewerDir = path.join(packageDir, 'lib', 'vite', 'traceViewer');

/** The playwright-core version the viewer comes from: the one the runner records traces with. */
export const viewerVersion: string = (
  JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }
).version;

/** Where the viewer is served; its service worker's scope is this folder. */
export const TRACE_VIEWER_PATH = '/api/trace-viewer';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The viewer's pages keep to this origin. Styles may be inline (the viewer sets them on elements);
 * frames are its own snapshot pages, which its service worker answers.
 */
export const traceViewerPolicy =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "font-src 'self'; connect-src 'self'; worker-src 'self'; frame-src 'self'; frame-ancestors 'self'; " +
  "form-action 'none'; base-uri 'self'";

/**
 * Ours, beside the viewer's files: with `&step=<n>` in the address, selects the action list's entry
 * of that step (the runner names each step's group `Step <n>: …`, web.ts: stepTitle) once the trace
 * has loaded; the viewer has no parameter of its own for that (1.65: `?trace=` only). Without it the
 * viewer opens, as it does by itself, at the last action that failed.
 */
const openAtStep = `const step = new URLSearchParams(location.search).get('step');
if (step && /^[0-9]{1,4}$/.test(step)) {
  const prefix = 'Step ' + step + ':';
  const until = Date.now() + 60000;
  const look = () => {
    const entry = [...document.querySelectorAll('[role="treeitem"] > .tree-view-entry')].find((e) =>
      (e.textContent || '').trim().startsWith(prefix),
    );
    if (entry) entry.click();
    else if (Date.now() < until) setTimeout(look, 200);
  };
  look();
}
`;
const extra: Record<string, { body: Buffer; type: string }> = {
  'qa-open-step.js': { body: Buffer.from(openAtStep), type: types['.js']! },
};

/** A file of the built viewer by its path below the folder, or null: plain names only, one folder deep. */
export async function readViewerFile(file: string): Promise<{ body: Buffer; type: string } | null> {
  if (extra[file]) return extra[file];
  const type = types[path.extname(file)];
  if (!type || !/^([A-Za-z0-9_-]+\/)?[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(file)) return null;
  try {
    const body = await readFile(path.join(viewerDir, file));
    if (file !== 'index.html') return { body, type };
    // The viewer's page, with our step selection after its own module.
    const html = body
      .toString('utf8')
      .replace('</body>', '<script type="module" src="./qa-open-step.js"></script></body>');
    return { body: Buffer.from(html), type };
  } catch {
    return null;
  }
}
