'use strict';
// test/mutants/base names what has already landed: .ci/run mutates the target files changed since
// it, so the mutant stage costs what a submission changed. It moves forward with each landing: a
// checkout made from what landed (a clone, or a branch created from the landed ref) that has work
// on it (commits or edits) writes the commit it started from there, the first time `npm test` runs
// in it, to be committed with that work. A fresh clone that changed nothing (CI's own) leaves it.
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const BASE_FILE = path.join('test', 'mutants', 'base');

function git(root, args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

/** The commit this checkout started from (its first reflog entry, made by a clone or a branch creation), or null. */
function startedFrom(root) {
  let lines;
  try {
    lines = git(root, ['reflog', 'show', '--format=%H %gs', 'HEAD']).split('\n').filter(Boolean);
  } catch {
    return null;
  }
  const first = lines.at(-1);
  if (!first) return null;
  const [commit, ...message] = first.split(' ');
  return /^(clone: from |branch: Created from )/.test(message.join(' ')) ? commit : null;
}

const isAncestor = (root, a, b) => {
  try {
    execFileSync('git', ['merge-base', '--is-ancestor', a, b], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/**
 * Moves test/mutants/base forward to the commit this checkout started from, when the checkout has
 * work on it and that commit is a descendant of the recorded base. Returns the new base, or null.
 */
function moveBaseForward(root) {
  const start = startedFrom(root);
  if (!start) return null;
  let head;
  let dirty;
  try {
    head = git(root, ['rev-parse', 'HEAD']);
    dirty = git(root, ['status', '--porcelain', '--untracked-files=no']) !== '';
  } catch {
    return null;
  }
  if (head === start && !dirty) return null; // nothing done here yet (CI's fresh clone)
  const file = path.join(root, BASE_FILE);
  const recorded = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  if (recorded === start || (recorded && !isAncestor(root, recorded, start)) || !isAncestor(root, start, head))
    return null;
  fs.writeFileSync(file, `${start}\n`);
  return start;
}

module.exports = { moveBaseForward, startedFrom, BASE_FILE };
