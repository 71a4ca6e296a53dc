#!/usr/bin/env node
'use strict';
// Installs npm dependencies when missing or outdated; with --all, also every tool the tests, the
// chaos suite and the fuzzer use (the install stage of .ci/run, timed on its own).

// Node 24 LTS: an older Node runs this script again under the pinned one (scripts/lib/node-lts.js).
if (require('./lib/node-lts.js').runUnderNodeLts(require('node:path').resolve(__dirname, '..'))) return;

const path = require('node:path');
const tools = require('./lib/tools.js');

const root = path.resolve(__dirname, '..');
try {
  if (process.argv.includes('--all')) {
    tools.testEnv(root, {});
    tools.ensureSchemathesis(root);
  } else tools.ensureNodeModules(root);
} catch (err) {
  process.stderr.write(`[ensure-deps] ${err.message}\n`);
  process.exit(1);
}
