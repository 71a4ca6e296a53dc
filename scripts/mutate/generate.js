'use strict';
// Generates mutants from the TypeScript AST: each is one small change of a rule (a condition, a
// comparison, a boundary, a removed filter or guard, a returned constant) at a known place.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

/** Every product folder: the API, the runners and activities, the rules, the database and the workflows. */
const TARGETS = ['api/', 'activities/', 'core/', 'domain/', 'db/', 'workflows/'];
/** Left out: text and documentation, and code no mutant could be switched on in while tests run. */
const SKIP = [
  /\/README/,
  /\.d\.ts$/,
  // `npm run docs` writes docs/configuration.md from it; test/docs.test.ts checks that page.
  /core\/config-doc\.ts$/,
  /api\/endpoints\/docs\./,
  // The list of endpoints, nothing decided in it.
  /api\/endpoints\/index\.ts$/,
  // Run once by the suite's global fixture, before any mutant can be active; the upgrade test and
  // every test's queries check the schema they make.
  /db\/migrations\//,
  // A command that runs when loaded (npm run migrate); the suite's setup and the upgrade test run it.
  /db\/migrate\.ts$/,
];

function targetFiles(root) {
  const out = [];
  const walk = (rel) => {
    const full = path.join(root, rel);
    if (fs.statSync(full).isFile()) {
      if (rel.endsWith('.ts') && !SKIP.some((re) => re.test(rel))) out.push(rel);
      return;
    }
    for (const name of fs.readdirSync(full).sort()) walk(path.posix.join(rel, name));
  };
  for (const t of TARGETS) if (fs.existsSync(path.join(root, t))) walk(t.replace(/\/$/, ''));
  return out;
}

/**
 * The target files in Temporal's workflow bundle: what workflows/index.ts imports, followed through
 * relative imports. Their code runs in the workflow threads, where npm test's block marks do not go.
 */
function workflowBundleFiles(root) {
  const targets = new Set(targetFiles(root));
  const found = new Set();
  const visit = (rel) => {
    if (found.has(rel)) return;
    found.add(rel);
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(root, rel), 'utf8'), true, false);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const base = path.posix.join(path.posix.dirname(rel), fileName);
      const file = [`${base}.ts`, `${base}/index.ts`].find((f) => fs.existsSync(path.join(root, f)));
      if (file) visit(file);
    }
  };
  if (fs.existsSync(path.join(root, 'workflows/index.ts'))) visit('workflows/index.ts');
  return [...found].filter((f) => targets.has(f)).sort();
}

const FLIP = {
  [ts.SyntaxKind.LessThanToken]: ['<=', 'boundary'],
  [ts.SyntaxKind.LessThanEqualsToken]: ['<', 'boundary'],
  [ts.SyntaxKind.GreaterThanToken]: ['>=', 'boundary'],
  [ts.SyntaxKind.GreaterThanEqualsToken]: ['>', 'boundary'],
  [ts.SyntaxKind.EqualsEqualsEqualsToken]: ['!==', 'comparison'],
  [ts.SyntaxKind.ExclamationEqualsEqualsToken]: ['===', 'comparison'],
  [ts.SyntaxKind.AmpersandAmpersandToken]: ['||', 'condition'],
  [ts.SyntaxKind.BarBarToken]: ['&&', 'condition'],
};

/** The innermost named function around a node, as V8 names it in coverage: its key for test selection. */
function enclosingName(node) {
  for (let n = node.parent; n; n = n.parent) {
    if (ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isGetAccessor(n))
      if (n.name) return n.name.getText();
    if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) && n.parent) {
      const p = n.parent;
      if ((ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) && ts.isIdentifier(p.name)) return p.name.text;
    }
  }
  return null;
}

const isTypeContext = (node) => {
  for (let n = node.parent; n; n = n.parent) if (ts.isTypeNode(n)) return true;
  return false;
};

/** A guard: `if (…) throw …` / `if (…) return …` without else; removing it lets the case through. */
const isGuard = (s) =>
  ts.isIfStatement(s) &&
  !s.elseStatement &&
  (ts.isThrowStatement(s.thenStatement) ||
    ts.isReturnStatement(s.thenStatement) ||
    (ts.isBlock(s.thenStatement) &&
      s.thenStatement.statements.length === 1 &&
      (ts.isThrowStatement(s.thenStatement.statements[0]) || ts.isReturnStatement(s.thenStatement.statements[0]))));

function mutantsOf(root, rel) {
  const text = fs.readFileSync(path.join(root, rel), 'utf8');
  const sf = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = [];
  // `at`: where the mutated code starts to run (a binary expression's left operand, not its
  // operator): what coverage asks about (scripts/mutate/coverage.js).
  const add = (node, start, end, replacement, operator, at = start) => {
    const { line } = sf.getLineAndCharacterOfPosition(start);
    found.push({
      file: rel,
      line: line + 1,
      start,
      end,
      at,
      original: text.slice(start, end),
      replacement,
      operator,
      fn: enclosingName(node),
    });
  };
  const visit = (node) => {
    if (ts.isBinaryExpression(node) && FLIP[node.operatorToken.kind] && !isTypeContext(node)) {
      const [to, operator] = FLIP[node.operatorToken.kind];
      add(node, node.operatorToken.getStart(sf), node.operatorToken.end, to, operator, node.getStart(sf));
    }
    if (ts.isIfStatement(node)) {
      const c = node.expression;
      add(node, c.getStart(sf), c.end, `!(${c.getText(sf)})`, 'condition');
      if (isGuard(node)) add(node, node.getStart(sf), node.end, '/* guard removed */', 'guard');
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'filter' &&
      node.arguments.length === 1
    ) {
      // `xs.filter(f)` becomes `xs`: the filter removed.
      add(node, node.expression.name.getStart(sf) - 1, node.end, '', 'filter');
    }
    if (ts.isReturnStatement(node) && node.expression) {
      const e = node.expression;
      if (e.kind === ts.SyntaxKind.TrueKeyword) add(node, e.getStart(sf), e.end, 'false', 'return');
      if (e.kind === ts.SyntaxKind.FalseKeyword) add(node, e.getStart(sf), e.end, 'true', 'return');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/**
 * The mutants of the given files, numbered in order (`sequence`, the switch's id), each with a
 * `key` that survives edits elsewhere in the file (file, function, operator, code): the name a
 * survivor is listed under in test/mutants/equivalent.json.
 */
function generate(root, files = targetFiles(root)) {
  const seen = new Map();
  return files
    .flatMap((rel) => mutantsOf(root, rel))
    .map((m, sequence) => {
      const base = `${m.file}#${m.fn ?? '(module)'} ${m.operator}: ${m.original.replace(/\s+/g, ' ').slice(0, 60)} → ${m.replacement || '(removed)'}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      return { ...m, sequence, key: n > 1 ? `${base} (#${n})` : base };
    });
}

module.exports = { generate, targetFiles, workflowBundleFiles, TARGETS };

if (require.main === module) {
  const root = path.resolve(__dirname, '../..');
  const all = generate(root);
  const by = {};
  for (const m of all) by[m.operator] = (by[m.operator] ?? 0) + 1;
  console.log(all.length, targetFiles(root).length, by);
}
