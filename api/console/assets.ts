import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where `scripts/lib/console-build.js` writes the console's bundle (built by `npm start` and `npm test`).
 * The API's own bundle (scripts/lib/api-build.js, .tools/api) is two folders below the root, as this file is.
 */
export const consoleDist = path.resolve(__dirname, '..', '..', 'console', 'dist');

const types: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** A built asset by its file name, or null: only plain names of the bundle's own kinds, never a path. */
export async function readAsset(name: string): Promise<{ body: Buffer; type: string } | null> {
  const type = types[path.extname(name)];
  if (!type || !/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(name)) return null;
  try {
    return { body: await readFile(path.join(consoleDist, name)), type };
  } catch {
    return null;
  }
}

/**
 * The one HTML page of every console address; the bundle routes on the client. The policy keeps
 * the page to this origin: no script, style, image, video or connection from another host.
 */
export const consolePolicy =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self'; connect-src 'self'; " +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export const consoleHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>QA console</title>
<link rel="stylesheet" href="/console/assets/app.css">
<script type="module" src="/console/assets/app.js"></script>
</head>
<body><div id="app"><main><p>Loading the console…</p></main></div></body>
</html>
`;
