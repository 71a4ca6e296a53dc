#!/usr/bin/env node
// The import graph's one rule: no circle, between files or between folders (a folder's own files
// are one node, so a subfolder that imports its parent's files while the parent imports it is a
// circle too): an import inside a circle is one that runs back up. dependency-cruiser reads
// the imports (type-only ones included: they are arrows a reader follows as well).
//   node scripts/import-graph.js           prints the counts; exits 1 on any circle
//   node scripts/import-graph.js --json    the counts as JSON (docs/architecture.md quotes them)
'use strict';
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const FOLDERS = ['api', 'activities', 'domain', 'db', 'core', 'workflows', 'cli', 'console/src'];

async function main() {
  const { cruise } = await import('dependency-cruiser');
  const result = await cruise(FOLDERS, {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    baseDir: root,
  });
  const modules = result.output.modules.filter((m) => !m.coreModule && !m.source.startsWith('node_modules'));
  const ours = (dependency) => !dependency.coreModule && !dependency.resolved.startsWith('node_modules');
  const fileEdges = modules.map((m) => [m.source, m.dependencies.filter(ours).map((d) => d.resolved)]);
  const folderEdges = new Map();
  for (const [from, targets] of fileEdges)
    for (const to of targets) {
      const [a, b] = [path.dirname(from), path.dirname(to)];
      if (a === b) continue;
      if (!folderEdges.has(a)) folderEdges.set(a, new Map());
      const imports = folderEdges.get(a);
      imports.set(b, [...(imports.get(b) ?? []), `${from} → ${to}`]);
    }
  const fileCircles = circles(new Map(fileEdges));
  const folderCircles = circles(new Map([...folderEdges].map(([a, targets]) => [a, [...targets.keys()]])));
  // Every import between two folders of one circle is part of it.
  const backUp = folderCircles.flatMap((circle) =>
    circle.flatMap((a) =>
      [...(folderEdges.get(a) ?? new Map())].filter(([b]) => circle.includes(b)).flatMap(([, i]) => i),
    ),
  );
  const counts = {
    files: modules.length,
    folders: new Set(modules.map((m) => path.dirname(m.source))).size,
    fileCircles: fileCircles.length,
    folderCircles: folderCircles.length,
    importsInCircles: backUp.length,
  };
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(counts)}\n`);
  else {
    process.stdout.write(
      `import graph: ${counts.files} files in ${counts.folders} folders; ` +
        `${counts.fileCircles} circles between files, ${counts.folderCircles} between folders (${counts.importsInCircles} imports inside them)\n`,
    );
    for (const circle of [...fileCircles, ...folderCircles]) process.stdout.write(`  circle: ${circle.join(' ⇄ ')}\n`);
    for (const line of backUp) process.stdout.write(`  inside a circle: ${line}\n`);
  }
  process.exitCode = fileCircles.length + folderCircles.length ? 1 : 0;
}

/** The strongly connected components of more than one node (Tarjan), each a circle. */
function circles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

main().catch((error) => {
  process.stderr.write(`[import-graph] ${error.stack ?? error.message}\n`);
  process.exit(1);
});
