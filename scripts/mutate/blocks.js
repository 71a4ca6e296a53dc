'use strict';
// Block coverage of compiled JavaScript by counters of our own, for scripts/mutate/coverage.js: the
// code of each target module, as tsx compiled it, gets a mark at the start of every block V8's block
// coverage would count (function bodies, both branches of an if and of `?:`, the right side of
// `&&`, `||` and `??`, case clauses, loop bodies, catch and finally, and the rest of a block after a
// statement that may leave it early). A mark sets one byte; a take
// reads the bytes and clears them. V8's own precise coverage doubled the suite's CPU (counters in
// every script, node_modules included, and a heap walk at each take); these cost a store per block
// entered in the target modules only.
//
// Marks go inside the existing lines (no line is added), so stack traces keep their line numbers.
// A region is [start, end) in the text as compiled: the place a mutant has there (through the
// source map) falls in an innermost region, and the mutant is reached when that region ran.
const ts = require('typescript');

const K = ts.SyntaxKind;
const FUNCTIONS = new Set([
  K.FunctionDeclaration,
  K.FunctionExpression,
  K.MethodDeclaration,
  K.Constructor,
  K.GetAccessor,
  K.SetAccessor,
  K.ArrowFunction,
]);
/** Statements after which V8 counts the rest of the block apart (a return or throw inside may skip it). */
const BRANCHING = new Set([
  K.IfStatement,
  K.ForStatement,
  K.ForInStatement,
  K.ForOfStatement,
  K.WhileStatement,
  K.DoStatement,
  K.TryStatement,
  K.SwitchStatement,
  K.LabeledStatement,
  K.Block,
]);
const LOOPS = new Set([K.ForStatement, K.ForInStatement, K.ForOfStatement, K.WhileStatement, K.DoStatement]);
const SHORT_CIRCUIT = new Set([
  K.AmpersandAmpersandToken,
  K.BarBarToken,
  K.QuestionQuestionToken,
  K.AmpersandAmpersandEqualsToken,
  K.BarBarEqualsToken,
  K.QuestionQuestionEqualsToken,
]);

/** Offset after a block's `{` and its directive prologue ("use strict"). */
function insideBlock(block, sf) {
  for (const s of block.statements)
    if (!(ts.isExpressionStatement(s) && ts.isStringLiteral(s.expression))) return s.getStart(sf);
  return block.end - 1;
}

/**
 * The compiled text with a mark in every region, and the regions: `{ code, regions: [[start, end]] }`.
 * Region 0 is the whole module (marked as it loads). `counter` names the module's byte array,
 * `preamble(n)` declares it for n regions.
 */
function instrumentBlocks(fileName, text, counter, preamble) {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const regions = [[0, text.length]];
  const edits = [];
  const mark = (i) => `${counter}[${i}]=1`;
  const region = (node) => regions.push([node.getStart(sf), node.end]) - 1;
  const edit = (pos, textToAdd, closing, length) => edits.push({ pos, text: textToAdd, closing, length });
  const markBlock = (block) => edit(insideBlock(block, sf), `${mark(region(block))};`, false, 0);
  const markStatement = (stmt) => {
    if (ts.isBlock(stmt)) return markBlock(stmt);
    const i = region(stmt);
    const [start, end] = regions[i];
    edit(start, `{${mark(i)};`, false, end - start);
    edit(end, '}', true, end - start);
  };
  const markExpression = (expr) => {
    const i = region(expr);
    const [start, end] = regions[i];
    edit(start, `(${mark(i)},`, false, end - start);
    edit(end, ')', true, end - start);
  };

  /** The rest of a statement list after a statement that may leave it early: a region of its own. */
  const markContinuations = (statements, end) => {
    for (let i = 1; i < statements.length; i++)
      if (BRANCHING.has(statements[i - 1].kind)) {
        const start = statements[i].getStart(sf);
        edit(start, `${mark(regions.push([start, end]) - 1)};`, false, 0);
      }
  };

  const visit = (node) => {
    if (ts.isBlock(node) || ts.isCaseClause(node) || ts.isDefaultClause(node))
      markContinuations(node.statements, node.end);
    if (FUNCTIONS.has(node.kind) && node.body) {
      if (ts.isBlock(node.body)) markBlock(node.body);
      else markExpression(node.body);
    } else if (ts.isIfStatement(node)) {
      markStatement(node.thenStatement);
      if (node.elseStatement) markStatement(node.elseStatement);
    } else if (ts.isConditionalExpression(node)) {
      markExpression(node.whenTrue);
      markExpression(node.whenFalse);
    } else if (ts.isBinaryExpression(node) && SHORT_CIRCUIT.has(node.operatorToken.kind)) {
      markExpression(node.right);
    } else if (ts.isCaseClause(node) || ts.isDefaultClause(node)) {
      if (node.statements.length) {
        const first = node.statements[0].getStart(sf);
        edit(first, `${mark(regions.push([first, node.end]) - 1)};`, false, 0);
      }
    } else if (LOOPS.has(node.kind)) {
      markStatement(node.statement);
    } else if (ts.isCatchClause(node)) {
      markBlock(node.block);
    } else if (ts.isTryStatement(node) && node.finallyBlock) {
      markBlock(node.finallyBlock);
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sf, visit);

  // The module's own mark goes after its directive prologue.
  const head = insideBlock({ statements: sf.statements, end: text.length + 1 }, sf);
  edit(head, `${preamble(regions.length)}${mark(0)};`, false, Infinity);
  // At one offset: closings before openings; inner regions close first and open last.
  edits.sort(
    (a, b) =>
      a.pos - b.pos || (a.closing === b.closing ? (a.closing ? 1 : -1) * (a.length - b.length) : a.closing ? -1 : 1),
  );
  let code = '';
  let at = 0;
  for (const e of edits) {
    code += text.slice(at, e.pos) + e.text;
    at = e.pos;
  }
  return { code: code + text.slice(at), regions };
}

/** For each offset, the index of the innermost region around it (null for a null offset). */
function innermostRegions(regions, offsets) {
  return offsets.map((offset) => {
    if (offset === null) return null;
    let best = 0;
    for (let i = 1; i < regions.length; i++) {
      const [start, end] = regions[i];
      if (start <= offset && offset < end && end - start < regions[best][1] - regions[best][0]) best = i;
    }
    return best;
  });
}

module.exports = { instrumentBlocks, innermostRegions };
