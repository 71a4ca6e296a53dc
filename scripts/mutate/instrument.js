'use strict';
// Mutant schemata: every mutant of a file compiled into one copy of it, each behind a switch
// (`__qaM(id)`), so one process with the code loaded once can run the tests under any mutant by
// setting the active id. `__qaM` also records which mutants were reached: the coverage that picks
// the tests each mutant needs. Where the switches come from in each process, thread and page the
// code runs in: scripts/mutate/runtime.js. Where none is set up, every switch is off.
const ts = require('typescript');

// No require here: the workflow bundle holds these modules too, and its vm context has a __qaM of its own.
const PREAMBLE = 'const __qaM: (id: number) => boolean = (globalThis as any).__qaM ?? (() => false);\n';

/** Subtrees larger than this are not duplicated into both branches of a switch (their mutant is dropped). */
const MAX_DUPLICATED = 4000;

/**
 * The file's text with the given mutants (from generate.js, all of this file) behind switches.
 * Returns the text and the ids actually instrumented.
 */
function instrument(fileName, text, mutants) {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const byKey = new Map(mutants.map((m) => [`${m.operator}:${m.start}:${m.end}`, m]));
  const placed = new Set();

  /** The node's text with every mutant inside it placed. */
  function emit(node) {
    let out = '';
    let pos = node.getStart(sf);
    const children = node.getChildren(sf);
    const inner = (child) => {
      out += text.slice(pos, child.getStart(sf));
      out += emitNode(child);
      pos = child.end;
    };
    for (const child of children) {
      if (child.kind === ts.SyntaxKind.SyntaxList) {
        for (const c of child.getChildren(sf)) inner(c);
      } else inner(child);
    }
    out += text.slice(pos, node.end);
    return out;
  }

  const fits = (...parts) => parts.every((p) => p.length <= MAX_DUPLICATED);

  function emitNode(node) {
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken;
      const m = findOperator(node);
      if (m) {
        const left = emitNode(node.left);
        const right = emitNode(node.right);
        if (fits(left, right)) {
          placed.add(m.sequence);
          const gapL = text.slice(node.left.end, op.getStart(sf));
          const gapR = text.slice(op.end, node.right.getStart(sf));
          return `(__qaM(${m.sequence}) ? (${left}${gapL}${m.replacement}${gapR}${right}) : (${left}${gapL}${op.getText(sf)}${gapR}${right}))`;
        }
      }
      return emit(node);
    }
    if (ts.isIfStatement(node)) {
      const cond = byKey.get(`condition:${node.expression.getStart(sf)}:${node.expression.end}`);
      const guard = byKey.get(`guard:${node.getStart(sf)}:${node.end}`);
      let c = emitNode(node.expression);
      if (cond && fits(c)) {
        placed.add(cond.sequence);
        c = `__qaM(${cond.sequence}) ? !(${c}) : (${c})`;
      }
      const rest = emitRange(node.expression.end, node.end, [node.thenStatement, node.elseStatement].filter(Boolean));
      const head = text.slice(node.getStart(sf), node.expression.getStart(sf));
      const statement = `${head}${c}${rest}`;
      if (guard) {
        placed.add(guard.sequence);
        return `if (!__qaM(${guard.sequence})) { ${statement} }`;
      }
      return statement;
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'filter' &&
      node.arguments.length === 1
    ) {
      const m = byKey.get(`filter:${node.expression.name.getStart(sf) - 1}:${node.end}`);
      if (m) {
        placed.add(m.sequence);
        const callee = emitNode(node.expression);
        const arg = emitNode(node.arguments[0]);
        const typeArgs = node.typeArguments ? text.slice(node.typeArguments.pos - 1, node.typeArguments.end + 1) : '';
        return `${callee}${typeArgs}(__qaM(${m.sequence}) ? (() => true) : (${arg}))`;
      }
      return emit(node);
    }
    if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword) {
      const m = byKey.get(`return:${node.getStart(sf)}:${node.end}`);
      if (m) {
        placed.add(m.sequence);
        return `(__qaM(${m.sequence}) ? ${m.replacement} : ${node.getText(sf)})`;
      }
    }
    if (node.getChildCount(sf) === 0) return node.getText(sf);
    return emit(node);
  }

  function findOperator(node) {
    const op = node.operatorToken;
    for (const operator of ['boundary', 'comparison', 'condition']) {
      const m = byKey.get(`${operator}:${op.getStart(sf)}:${op.end}`);
      if (m) return m;
    }
    return undefined;
  }

  /** Text from `start` to `end` with the given child nodes (in order) emitted. */
  function emitRange(start, end, nodes) {
    let out = '';
    let pos = start;
    for (const n of nodes) {
      out += text.slice(pos, n.getStart(sf));
      out += emitNode(n);
      pos = n.end;
    }
    return out + text.slice(pos, end);
  }

  // Leading text (comments, shebang) before the first statement is kept as is.
  const body = emitRange(0, text.length, sf.statements);
  return { text: PREAMBLE + body, placed };
}

module.exports = { instrument };
