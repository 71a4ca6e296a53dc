#!/usr/bin/env node
// Bundles cli/ into the GitHub Action's one file (action/dist/index.js), so a workflow needs no npm install.
const { buildSync } = require('esbuild');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const options = {
  entryPoints: [path.join(root, 'cli/src/action-entry.ts')],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  legalComments: 'none',
  // Paths through node_modules as written, so a worktree whose node_modules is a link builds the same file.
  preserveSymlinks: true,
  // qa.ts runs itself only as the entry; in the bundle the Action calls it.
  banner: { js: '// Built by scripts/build-action.js from cli/src; do not edit.\nglobalThis.qaAction = true;' },
};

/** The bundle's text, as `npm run build:action` writes it (the test compares it with the committed file). */
function bundle() {
  return buildSync({ ...options, write: false }).outputFiles[0].text;
}

if (require.main === module) {
  require('node:fs').mkdirSync(path.join(root, 'action/dist'), { recursive: true });
  require('node:fs').writeFileSync(path.join(root, 'action/dist/index.js'), bundle());
}
module.exports = { bundle };
