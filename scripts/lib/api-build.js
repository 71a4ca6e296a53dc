'use strict';
// Compiles the API process (api/server.ts and what it imports) into one CommonJS file with esbuild,
// for `npm start`, the production shape (`npm run cluster`) and the fuzzer: the API as it is run,
// not through tsx. tsx compiles each module with esbuild's keepNames, so every function a request
// creates calls Object.defineProperty for its name, and every imported binding is read through a
// getter of its module's exports. Bundled, neither happens: a long-poll cost the API 1.12–1.20× the
// bare server's CPU instead of 1.22–1.65× (docs/benchmarks.md). Packages stay in node_modules
// (`packages: 'external'`), so the bundle holds this repository's code only; it takes well under a
// second. Tests run api/server.ts itself (test/tools/api-build.test.ts runs the bundle).

const fs = require('node:fs');
const path = require('node:path');

/**
 * Where the bundle goes: two folders below the root, as api/console/assets.ts is, so the paths it
 * resolves from its own folder (the console's bundle) hold in both.
 */
const apiBundle = (root) => path.join(root, '.tools', 'api', 'server.js');

/**
 * Builds the bundle (with its source map) and returns its path; throws with esbuild's messages
 * when the sources do not build. `outfile`: another place two folders below the root (a test's).
 */
function buildApi(root, outfile = apiBundle(root)) {
  const started = Date.now();
  const esbuild = require(require.resolve('esbuild', { paths: [root] }));
  const { outputFiles } = esbuild.buildSync({
    absWorkingDir: root,
    entryPoints: ['api/server.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    packages: 'external',
    sourcemap: true,
    write: false,
    logLevel: 'warning',
  });
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  // The map first, then the bundle renamed into place: an API starting meanwhile reads a whole file.
  const isMap = (file) => file.path.endsWith('.map');
  for (const file of [...outputFiles.filter(isMap), ...outputFiles.filter((file) => !isMap(file))]) {
    const staging = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(staging, file.contents);
    fs.renameSync(staging, file.path);
  }
  process.stderr.write(`[setup] API built into ${path.relative(root, outfile)} (${Date.now() - started} ms)\n`);
  return outfile;
}

module.exports = { buildApi };
