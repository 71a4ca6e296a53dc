'use strict';
// The Node.js line the service runs on: 24 LTS (security fixes until April 2028; Temporal's SDK,
// Playwright, oidc-provider and Scalar all support it). Where the machine's own Node is older,
// npm start, npm test, chaos, fuzz and bench fetch the pinned 24 from the npm registry (the
// `node-<platform>-<arch>` package ships the official binary) into .tools/node and run under it.

const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const NODE_LTS = '24.21.0';
const NODE_LTS_MAJOR = 24;

const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);

/** The pinned Node binary under <root>/.tools/node, installed when missing. */
function ensurePinnedNode(root) {
  const pkg = `node-${process.platform}-${process.arch}`;
  const prefix = path.join(root, '.tools', 'node');
  const bin = path.join(prefix, 'node_modules', pkg, 'bin', 'node');
  const version = () => {
    const res = spawnSync(bin, ['--version'], { encoding: 'utf8' });
    return res.status === 0 ? res.stdout.trim() : null;
  };
  if (fs.existsSync(bin) && version() === `v${NODE_LTS}`) return bin;
  process.stderr.write(
    `[setup] Node ${process.versions.node} is past its support; installing Node ${NODE_LTS} (npm ${pkg}) into .tools/node\n`,
  );
  fs.mkdirSync(prefix, { recursive: true });
  const res = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', prefix, `${pkg}@${NODE_LTS}`],
    {
      stdio: ['ignore', 2, 2],
    },
  );
  if (res.status !== 0 || version() !== `v${NODE_LTS}`) {
    throw new Error(
      `could not install Node ${NODE_LTS} (npm install ${pkg}@${NODE_LTS}); install Node ${NODE_LTS_MAJOR} yourself`,
    );
  }
  return bin;
}

/**
 * Runs this script again under the pinned Node when the current one is older than the LTS line,
 * with that Node first on PATH (so npm, npx and every child use it too); true then, and the caller
 * does nothing more (`if (runUnderNodeLts(root)) return;` at the top of a script). The
 * child gets the signals the parent gets, so Ctrl-C and SIGTERM stop it as they stop the parent.
 */
function runUnderNodeLts(root) {
  if (major(process.versions.node) >= NODE_LTS_MAJOR || process.env.QA_NODE_LTS_REEXEC) return false;
  let bin;
  try {
    bin = ensurePinnedNode(root);
  } catch (err) {
    process.stderr.write(`[setup] ${err.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `[setup] Node ${process.versions.node} is past its support: running under Node ${NODE_LTS} (.tools/node)\n`,
  );
  const env = {
    ...process.env,
    PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ''}`,
    QA_NODE_LTS_REEXEC: '1',
  };
  const child = spawn(bin, [...process.execArgv, process.argv[1], ...process.argv.slice(2)], { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1)));
  return true;
}

module.exports = { runUnderNodeLts, ensurePinnedNode, NODE_LTS, NODE_LTS_MAJOR };
