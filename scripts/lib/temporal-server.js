'use strict';
// The real Temporal server (go.temporal.io/server) and its schema tool, built once from the Go
// module proxy into .tools/temporal-server/, with the PostgreSQL schemas of the same version.
// Plain CommonJS with no npm dependencies, like the other service helpers.

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const tools = require('./tools.js');

const TEMPORAL_SERVER_VERSION = 'v1.32.2';
// The server's go.mod asks for go >= 1.26.10; an older local Go fetches this toolchain from the
// module proxy (golang.org/toolchain) instead of failing.
const GO_TOOLCHAIN = 'go1.26.10';
const PACKAGES = ['cmd/server', 'cmd/tools/sql'];

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * { server, sqlTool, schemaDir, build }: the pinned `server` and `sql` (temporal-sql-tool) binaries
 * and the schema folder, built with `go install` when missing; `build` records how long it took.
 */
function ensureTemporalServer(root) {
  const dir = path.join(root, '.tools', 'temporal-server');
  const bin = path.join(dir, 'bin');
  const record = path.join(dir, 'build.json');
  const out = {
    server: path.join(bin, 'server'),
    sqlTool: path.join(bin, 'sql'),
    schemaDir: path.join(dir, 'schema'),
  };
  const built = readJson(record);
  if (
    built &&
    built.version === TEMPORAL_SERVER_VERSION &&
    fs.existsSync(out.server) &&
    fs.existsSync(out.sqlTool) &&
    fs.existsSync(path.join(out.schemaDir, 'postgresql'))
  ) {
    tools.log(`Temporal server: ${path.relative(root, out.server)} (${built.version}, built in ${built.seconds} s)`);
    return { ...out, build: built };
  }
  const go = tools.which('go');
  if (!go)
    throw tools.stepError(
      'build the Temporal server',
      'go not found',
      'install Go (https://go.dev/dl/) or Debian golang-go',
    );
  const env = { ...process.env, GOBIN: bin, GOTOOLCHAIN: process.env.GOTOOLCHAIN || GO_TOOLCHAIN };
  const mods = PACKAGES.map((p) => `go.temporal.io/server/${p}@${TEMPORAL_SERVER_VERSION}`);
  tools.log(`building the Temporal server ${TEMPORAL_SERVER_VERSION} with go install (several minutes on 2 cores)`);
  const started = Date.now();
  // nice: the build must not starve whatever else runs on the machine.
  const res = spawnSync('nice', ['-n', '10', go, 'install', ...mods], { env, stdio: 'inherit' });
  if (res.status !== 0)
    throw tools.stepError(
      'build the Temporal server',
      `go install ${mods.join(' ')} exited with ${res.status ?? res.signal}`,
      'check access to the Go module proxy (GOPROXY), then run npm run cluster again',
    );
  const seconds = Math.round((Date.now() - started) / 1000);
  // The schemas come from the same module version as the binaries.
  const dl = spawnSync(go, ['mod', 'download', '-json', `go.temporal.io/server@${TEMPORAL_SERVER_VERSION}`], {
    env,
    encoding: 'utf8',
    cwd: dir,
  });
  const moduleDir = dl.status === 0 ? JSON.parse(dl.stdout).Dir : null;
  if (!moduleDir) throw tools.stepError('copy the Temporal schemas', dl.stderr || 'no module directory', null);
  fs.rmSync(out.schemaDir, { recursive: true, force: true });
  fs.cpSync(path.join(moduleDir, 'schema'), out.schemaDir, { recursive: true });
  // The module cache is read-only; our copy must stay removable.
  spawnSync('chmod', ['-R', 'u+w', out.schemaDir]);
  const build = {
    version: TEMPORAL_SERVER_VERSION,
    toolchain: env.GOTOOLCHAIN,
    seconds,
    at: new Date().toISOString(),
  };
  fs.writeFileSync(record, `${JSON.stringify(build, null, 2)}\n`);
  tools.log(`Temporal server ${TEMPORAL_SERVER_VERSION} built in ${seconds} s`);
  return { ...out, build };
}

module.exports = { ensureTemporalServer, TEMPORAL_SERVER_VERSION, GO_TOOLCHAIN };
