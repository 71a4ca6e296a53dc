'use strict';
// Builds the console (console/src, Preact) into console/dist with esbuild: one script and one
// stylesheet, served by the API at /console/assets/. Runs in `npm start` and `npm test` setup, after
// the npm install, so a fresh clone serves a console with nothing else to run. Takes well under a second.

const path = require('node:path');

/** Bundles console/src/main.tsx; throws with esbuild's messages when the sources do not build. */
function buildConsole(root) {
  const started = Date.now();
  const esbuild = require(require.resolve('esbuild', { paths: [root] }));
  esbuild.buildSync({
    absWorkingDir: root,
    entryPoints: { app: 'console/src/main.tsx' },
    outdir: 'console/dist',
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    logLevel: 'warning',
  });
  process.stderr.write(`[setup] console built into console/dist (${Date.now() - started} ms)\n`);
}

module.exports = { buildConsole, consoleDist: (root) => path.join(root, 'console', 'dist') };
