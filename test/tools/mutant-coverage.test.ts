import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, fork, spawnSync } from 'node:child_process';

// Plain CommonJS scripts of `npm run mutate`.
const { generate } = require('../../scripts/mutate/generate.js');
const { instrument } = require('../../scripts/mutate/instrument.js');
const { moveBaseForward } = require('../../scripts/mutate/base.js');

const root = path.resolve(__dirname, '../..');

// A rule module with the places where "ran" is finer than a function: a guard that returns early,
// the right side of && that is skipped, a ternary's two arms, a filter callback, a loop body, and a
// function no test calls, and an operator whose left side holds a part that is skipped (?? 0).
const RULE = `
export function grade(n: number, strict: boolean): string {
  if (n < 0) throw new Error('negative');
  if (strict && n > 90) return 'A+';
  const kept = [n, n + 1].filter((x) => x !== 3);
  return kept.length === 2 ? 'ok' : 'short';
}
export function firstLarge(xs: number[]): boolean {
  for (const x of xs) {
    if (x >= 10) return true;
  }
  return false;
}
export function neverCalled(a: number): boolean {
  return a === 1 || a > 5;
}
export function counted(r: { n?: number }): boolean {
  return (r.n ?? 0) > 0;
}
export function inPage(n: number): string {
  // Sent as source text, as playwright-core sends a page function, and run where nothing of this module exists.
  const sized = (x: number) => (x > 2 ? 'big' : 'small');
  return require('node:vm').runInNewContext(\`(\${String(sized)})(\${n})\`);
}
`;
const TESTS = `
import assert from 'node:assert/strict';
import { grade, firstLarge, counted, inPage } from '../core/rule';
describe('rule', () => {
  before(() => assert.equal(firstLarge([]), false));
  it('grades a small number', () => assert.equal(grade(5, false), 'ok'));
  it('grades a large strict number', () => assert.equal(grade(95, true), 'A+'));
  it('does nothing of the rule', () => assert.ok(true));
  it('counts', () => assert.equal(counted({ n: 2 }), true));
  it('sizes in the page', () => assert.equal(inPage(2), 'small'));
});
`;

/** A tree with the rule, its test, the mutate scripts and the project's node_modules. */
function tree(rule: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-mutant-coverage-'));
  for (const d of ['core', 'test', 'scripts/mutate']) fs.mkdirSync(path.join(dir, d), { recursive: true });
  fs.writeFileSync(path.join(dir, 'core/rule.ts'), rule);
  fs.writeFileSync(path.join(dir, 'test/rule.test.ts'), TESTS);
  for (const f of fs.readdirSync(path.join(root, 'scripts/mutate')))
    fs.copyFileSync(path.join(root, 'scripts/mutate', f), path.join(dir, 'scripts/mutate', f));
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

type Reach = Record<string, [boolean, number]>;

/** What the npm test recorder (its block marks, mocha parallel mode) says the test file reaches. */
function recorded(): Reach {
  const dir = tree(RULE);
  try {
    const out = path.join(dir, 'coverage');
    const mocha = path.join(root, 'node_modules/.bin/mocha');
    const run = spawnSync(
      mocha,
      [
        '--parallel',
        '--jobs',
        '1',
        '--require',
        'tsx/cjs',
        '--require',
        'scripts/mutate/coverage.js',
        'test/rule.test.ts',
      ],
      { cwd: dir, env: { ...process.env, QA_MUTATE_COVERAGE: out }, encoding: 'utf8', timeout: 60_000 },
    );
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const [fragment] = fs.readdirSync(out);
    const got = JSON.parse(fs.readFileSync(path.join(out, fragment), 'utf8'));
    assert.equal(got.file, 'test/rule.test.ts');
    assert.deepEqual(got.titles, [
      'rule grades a small number',
      'rule grades a large strict number',
      'rule does nothing of the rule',
      'rule counts',
      'rule sizes in the page',
    ]);
    return got.hits;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What the mutation tool's own switches record for the same file (scripts/mutate/worker.js, no mutant active). */
async function switched(): Promise<Reach> {
  const { reach } = await underMutant(-1);
  return reach;
}

/** The test file run by the mutation tool's worker with one mutant active (-1: none): its failures and reach. */
async function underMutant(
  active: number | ((mutants: { key: string }[]) => number),
): Promise<{ failures: number; reach: Reach }> {
  const dir = tree(RULE);
  try {
    const mutants = generate(dir, ['core/rule.ts']);
    fs.writeFileSync(path.join(dir, 'core/rule.ts'), instrument('core/rule.ts', RULE, mutants).text);
    const worker = fork(path.join(dir, 'scripts/mutate/worker.js'), [], { cwd: dir, stdio: 'ignore' });
    const next = () => new Promise<any>((resolve) => worker.once('message', resolve));
    try {
      await next();
      const answer = next();
      const id = typeof active === 'number' ? active : active(mutants);
      worker.send({ cmd: 'run', files: ['test/rule.test.ts'], active: id, bail: false });
      const r = await answer;
      if (id === -1) assert.equal(r.failures, 0);
      const reach: Reach = {};
      for (const [hit, setup, last] of r.hits) reach[mutants[hit].key] = [setup, last];
      return { failures: r.failures, reach };
    } finally {
      worker.kill();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('mutant coverage recorded while npm test runs (issue 50)', function () {
  this.timeout(120_000);

  it("says which mutants a test file reaches, and in which test, as the mutation tool's own switches do", async () => {
    const [byTests, bySwitches] = [recorded(), await switched()];
    const reached = (r: Reach) => Object.keys(r).sort();
    // Never less than the switches saw: a mutant missed there would be reported as untested.
    for (const key of reached(bySwitches)) assert.ok(byTests[key], `recorded misses ${key}`);
    assert.deepEqual(reached(byTests), reached(bySwitches));
    for (const key of reached(bySwitches)) assert.deepEqual(byTests[key], bySwitches[key], key);
    // The facts the comparison rests on, from the rule and the tests above.
    const keys = reached(byTests);
    assert.ok(!keys.some((k) => k.includes('#neverCalled')), 'a function no test calls');
    assert.ok(
      keys.some((k) => k.includes('#firstLarge')),
      'called in a before hook',
    );
    assert.ok(
      keys.filter((k) => k.includes('#firstLarge')).every((k) => byTests[k][0] && byTests[k][1] === -1),
      'reached in the before hook only, by no test',
    );
    const boundary = keys.find((k) => k.includes('#grade boundary: >'));
    assert.ok(boundary, 'n > 90 runs in the second test');
    assert.deepEqual(byTests[boundary], [false, 1], 'skipped by && in the first test, run in the second');
    const counting = keys.find((k) => k.includes('#counted boundary: >'));
    assert.ok(counting && byTests[counting][1] === 3, '(r.n ?? 0) > 0 runs whole though its `?? 0` did not');
    const inPage = keys.find((k) => k.includes('#sized boundary: >'));
    assert.ok(inPage && byTests[inPage][1] === 4, 'code sent to the page is reached by the test that sends it');
  });

  it('switches a mutant on in code that runs as source text elsewhere (the page), and the test sees it', async () => {
    const { failures } = await underMutant((mutants) => mutants.findIndex((m) => m.key.includes('#sized boundary: >')));
    assert.equal(failures, 1, 'x >= 2 makes inPage(2) big');
  });
});

describe("mutant switches in Temporal's workflow threads", () => {
  it('a workflow thread gets the runtime first, and each vm context a switch that reads the active mutant', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-mutant-thread-'));
    try {
      // Stands in for Temporal's thread: a file at its path that runs code in a vm context of its own.
      const thread = path.join(dir, 'node_modules/@temporalio/worker/lib/workflow/workflow-worker-thread.js');
      fs.mkdirSync(path.dirname(thread), { recursive: true });
      fs.writeFileSync(
        thread,
        `const vm = require('node:vm');
         require('node:worker_threads').parentPort.postMessage(vm.runInContext('[__qaM(3), __qaM(4)]', vm.createContext({})));`,
      );
      const main = `
        const runtime = require(${JSON.stringify(path.join(root, 'scripts/mutate/runtime.js'))});
        runtime.setActive(4);
        const worker = new (require('node:worker_threads').Worker)(${JSON.stringify(thread)});
        worker.on('message', (answers) => {
          console.log(JSON.stringify({ answers, reached: runtime.takeReachedInThreads(), again: runtime.takeReachedInThreads() }));
          worker.terminate();
        });`;
      const run = spawnSync(process.execPath, ['-e', main], { encoding: 'utf8', timeout: 30_000 });
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(JSON.parse(run.stdout), { answers: [false, true], reached: [3, 4], again: [] });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('test/mutants/base follows what landed (issue 50)', () => {
  const git = (dir: string, ...args: string[]) =>
    execFileSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@t',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@t',
      },
    }).trim();

  it('moves forward to the landed commit a checkout with work started from; a fresh clone leaves it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-mutate-base-'));
    try {
      const upstream = path.join(dir, 'upstream');
      fs.mkdirSync(path.join(upstream, 'test/mutants'), { recursive: true });
      git(upstream, 'init', '-q', '-b', 'main');
      fs.writeFileSync(path.join(upstream, 'a.ts'), 'one');
      git(upstream, 'add', '.');
      git(upstream, 'commit', '-q', '-m', 'first');
      const first = git(upstream, 'rev-parse', 'HEAD');
      fs.writeFileSync(path.join(upstream, 'test/mutants/base'), `${first}\n`);
      fs.writeFileSync(path.join(upstream, 'a.ts'), 'two');
      git(upstream, 'add', '.');
      git(upstream, 'commit', '-q', '-m', 'landed');
      const landed = git(upstream, 'rev-parse', 'HEAD');

      const ci = path.join(dir, 'ci');
      git(dir, 'clone', '-q', upstream, ci);
      assert.equal(moveBaseForward(ci), null, 'a fresh clone with nothing changed');
      assert.equal(fs.readFileSync(path.join(ci, 'test/mutants/base'), 'utf8').trim(), first);

      const work = path.join(dir, 'work');
      git(dir, 'clone', '-q', upstream, work);
      fs.writeFileSync(path.join(work, 'a.ts'), 'three');
      assert.equal(moveBaseForward(work), landed, 'edits on a checkout of what landed');
      assert.equal(fs.readFileSync(path.join(work, 'test/mutants/base'), 'utf8').trim(), landed);
      git(work, 'commit', '-q', '-am', 'work');
      assert.equal(moveBaseForward(work), null, 'already there');

      // CI's fresh clone of that work mutates what changed since the landed commit.
      const submitted = path.join(dir, 'submitted');
      git(dir, 'clone', '-q', work, submitted);
      assert.equal(moveBaseForward(submitted), null);
      const base = fs.readFileSync(path.join(submitted, 'test/mutants/base'), 'utf8').trim();
      assert.deepEqual(git(submitted, 'diff', '--name-only', base).split('\n'), ['a.ts', 'test/mutants/base']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
