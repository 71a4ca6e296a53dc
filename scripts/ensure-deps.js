#!/usr/bin/env node
'use strict';
// Installs npm dependencies when missing or outdated; nothing else.
const path = require('node:path');
const { ensureNodeModules } = require('./lib/tools.js');

try {
  ensureNodeModules(path.resolve(__dirname, '..'));
} catch (err) {
  process.stderr.write(`[ensure-deps] ${err.message}\n`);
  process.exit(1);
}
