'use strict';
// The parts of `npm run cluster -- --check`: the smoke through the cluster's APIs, the behaviour
// test files against its Temporal frontend, and the chaos suite on a cluster of its own; each
// part timed, the table printed for docs/deployment.md.

const { spawn, execFileSync } = require('node:child_process');

/**
 * Test files whose behaviour must be the same on the cluster as on the dev server: every Run kind
 * (web, api, mobile), plan groups, run requests, Temporal Schedules, search attributes, webhooks
 * and retention. They start their own app and workers; TEST_TEMPORAL_ADDRESS points them here.
 */
const CLUSTER_TEST_FILES = (
  process.env.CLUSTER_TEST_FILES ||
  [
    'test/workflows/runs.test.ts',
    'test/workflows/api-assurance.test.ts',
    'test/workflows/mobile.test.ts',
    'test/workflows/flows.test.ts',
    'test/workflows/run-requests.test.ts',
    'test/workflows/schedules.test.ts',
    'test/workflows/webhooks.test.ts',
    'test/workflows/retention.test.ts',
  ].join(',')
)
  .split(',')
  .filter(Boolean);

/** Runs a command with our output; resolves with its exit code. */
function run(cmd, args, { env, cwd }) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function timed(rows, name, fn) {
  const t0 = Date.now();
  const code = await fn();
  rows.push({ name, seconds: (Date.now() - t0) / 1000, ok: code === 0 });
  return code === 0;
}

/** The smoke and the test files against the running cluster `stack`. */
async function checkRunning({ root, stack, files, say, rows }) {
  const smokeEnv = {
    CLUSTER_API_URLS: stack.apiUrls.join(','),
    CLUSTER_BALANCER_URL: stack.balancerUrl,
    DATABASE_URL: stack.env.DATABASE_URL,
    TEMPORAL_ADDRESS: stack.temporal.address,
    TEMPORAL_NAMESPACE: stack.temporal.namespace,
  };
  say('smoke through both APIs and the balancer (test/cluster/smoke.ts)');
  await timed(rows, 'smoke through the APIs (test/cluster/smoke.ts)', () =>
    run(process.execPath, ['--import', 'tsx', 'test/cluster/smoke.ts'], { env: smokeEnv, cwd: root }),
  );
  // A namespace of their own: the cluster's APIs reconcile the Schedules of theirs against their
  // own database, and would delete the tests' ones (docs/schedules.md, one namespace per deployment).
  const namespace = 'qa-cluster-tests';
  await stack.temporal.registerNamespace(namespace);
  say(`behaviour test files against the cluster: ${files.join(' ')}`);
  await timed(rows, `${files.length} behaviour test files on the cluster (namespace ${namespace})`, () =>
    run(process.execPath, ['scripts/test.js', ...files], {
      env: { TEST_TEMPORAL_ADDRESS: stack.temporal.address, TEST_TEMPORAL_NAMESPACE: namespace },
      cwd: root,
    }),
  );
}

/** The chaos suite with the cluster as its target (it starts a cluster of its own). */
function checkChaos({ root, rows }) {
  return timed(rows, 'chaos on a cluster (CHAOS_TARGET=cluster)', () =>
    run(process.execPath, ['scripts/chaos.js'], { env: { CHAOS_TARGET: 'cluster' }, cwd: root }),
  );
}

/** The commit the check runs (taken when it starts), marked when the checkout has changes. */
function currentCommit(root) {
  try {
    const git = (args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
    const dirty = git(['status', '--porcelain', '--untracked-files=no']) ? ' with uncommitted changes' : '';
    return `${git(['rev-parse', '--short', 'HEAD'])}${dirty}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

function report({ rows, startS, build, commit, say }) {
  const lines = [
    `| part | seconds | result |`,
    `|:--|--:|:--|`,
    `| Temporal server build (once, ${build.version}) | ${build.seconds} | built ${build.at.slice(0, 10)} |`,
    `| start the cluster, MariaDB, 2 APIs, 2 workers | ${startS.toFixed(0)} | ok |`,
    ...rows.map((r) => `| ${r.name} | ${r.seconds.toFixed(0)} | ${r.ok ? 'passed' : 'FAILED'} |`),
  ];
  say(`result at commit ${commit}:`);
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
  return rows.every((r) => r.ok);
}

module.exports = { CLUSTER_TEST_FILES, checkRunning, checkChaos, report, currentCommit };
