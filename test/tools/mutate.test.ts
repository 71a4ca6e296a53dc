import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { spawnSync } from 'node:child_process';

// Plain CommonJS scripts of `npm run mutate`.
const { generate, targetFiles } = require('../../scripts/mutate/generate.js');
const { instrument } = require('../../scripts/mutate/instrument.js');
const { Hashes, CoverageCache, SurvivorMemory } = require('../../scripts/mutate/memory.js');
const { killerRanks } = require('../../scripts/mutate/ranks.js');

interface Mutant {
  file: string;
  sequence: number;
  operator: string;
  original: string;
  replacement: string;
  key: string;
}

const root = path.resolve(__dirname, '../..');

/** Generates and instruments one small module, and loads it with the given mutant active. */
function load(source: string, active: number): { mutants: Mutant[]; exports: Record<string, (...a: any[]) => any> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-mutate-test-'));
  try {
    fs.mkdirSync(path.join(dir, 'core'));
    fs.writeFileSync(path.join(dir, 'core/rule.ts'), source);
    const mutants: Mutant[] = generate(dir, ['core/rule.ts']);
    const { text } = instrument('core/rule.ts', source, mutants);
    const js = ts.transpileModule(text, { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
    const module = { exports: {} as Record<string, (...a: any[]) => any> };
    const g = globalThis as { __qaM?: (id: number) => boolean };
    const before = g.__qaM;
    g.__qaM = (id) => id === active;
    try {
      new Function('module', 'exports', js)(module, module.exports);
    } finally {
      g.__qaM = before;
    }
    // The switches read __qaM when called: keep it set for the calls.
    const exports = Object.fromEntries(
      Object.entries(module.exports).map(([name, fn]) => [
        name,
        (...args: any[]) => {
          const saved = g.__qaM;
          g.__qaM = (id) => id === active;
          try {
            return fn(...args);
          } finally {
            g.__qaM = saved;
          }
        },
      ]),
    );
    return { mutants, exports };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const RULE = `
export function canWrite(scopes: string[], count: number, max: number): boolean {
  if (!scopes.includes('write')) return false;
  return count < max && scopes.length > 0;
}
export function visible(rows: { org: string }[], org: string) {
  return rows.filter((r) => r.org === org);
}
`;

describe('npm run mutate: generated mutants (issue 34)', () => {
  it('generates the operators the issue names, each at one place, keyed by function and code', () => {
    const { mutants } = load(RULE, -1);
    const ops = mutants.map((m) => `${m.operator}: ${m.original} → ${m.replacement || '(removed)'}`);
    assert.deepEqual(
      ops.sort(),
      [
        'comparison: === → !==',
        "condition: !scopes.includes('write') → !(!scopes.includes('write'))",
        'condition: && → ||',
        'boundary: < → <=',
        'boundary: > → >=',
        'filter: .filter((r) => r.org === org) → (removed)',
        "guard: if (!scopes.includes('write')) return false; → /* guard removed */",
        'return: false → true',
      ].sort(),
    );
    assert.ok(mutants.every((m) => m.key.startsWith('core/rule.ts#')));
    assert.ok(mutants.some((m) => m.key.startsWith('core/rule.ts#visible filter')));
  });

  it('behaves unmutated with no mutant active, and like each mutant when it is', () => {
    const plain = load(RULE, -1).exports;
    assert.equal(plain.canWrite(['write'], 1, 2), true);
    assert.equal(plain.canWrite(['read'], 1, 2), false);
    assert.deepEqual(plain.visible([{ org: 'a' }, { org: 'b' }], 'a'), [{ org: 'a' }]);
    const { mutants } = load(RULE, -1);
    const by = (operator: string, original: string) =>
      mutants.find((m) => m.operator === operator && m.original === original)!.sequence;
    assert.equal(
      load(RULE, by('guard', "if (!scopes.includes('write')) return false;")).exports.canWrite(['read'], 1, 2),
      true,
    );
    assert.equal(load(RULE, by('boundary', '<')).exports.canWrite(['write'], 2, 2), true);
    assert.equal(load(RULE, by('return', 'false')).exports.canWrite(['read'], 1, 2), true);
    assert.equal(
      load(RULE, by('filter', '.filter((r) => r.org === org)')).exports.visible([{ org: 'a' }, { org: 'b' }], 'a')
        .length,
      2,
    );
  });

  it('instruments every target module into TypeScript that still parses', function () {
    // Inside a mutation run the tree is the instrumented copy: there is nothing to check.
    if (process.env.QA_MUTATE) this.skip();
    this.timeout(240_000); // some thousand mutants parsed: over a minute when the machine is busy
    const files: string[] = targetFiles(root);
    const all: Mutant[] = generate(root, files);
    assert.ok(all.length > 1000, `${all.length} mutants`);
    for (const file of files) {
      const source = fs.readFileSync(path.join(root, file), 'utf8');
      const mine = all.filter((m) => m.file === file);
      const { text, placed } = instrument(file, source, mine);
      assert.equal(placed.size, mine.length, `${file}: every mutant placed`);
      const out = ts.transpileModule(text, {
        reportDiagnostics: true,
        compilerOptions: { module: ts.ModuleKind.CommonJS },
      });
      assert.deepEqual(
        out.diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
        [],
        file,
      );
    }
  });

  it('lists as equivalent only mutants that are still generated, each with its reason', function () {
    if (process.env.QA_MUTATE) this.skip();
    const keys = new Set(generate(root).map((m: Mutant) => m.key));
    const equivalent: Record<string, string> = JSON.parse(
      fs.readFileSync(path.join(root, 'test/mutants/equivalent.json'), 'utf8'),
    );
    for (const [k, reason] of Object.entries(equivalent)) {
      assert.ok(keys.has(k), `test/mutants/equivalent.json names a mutant no longer generated: ${k}`);
      assert.ok(reason.length > 40, `a reason for ${k}`);
    }
  });

  it('refuses a --files entry that is not a product module, before starting anything', () => {
    // Migrations are left out: the suite's global fixture runs them before any mutant can be active.
    const migration = 'db/migrations/1763784000000-Foundation.ts';
    const run = spawnSync(process.execPath, ['scripts/mutate.js', '--files', migration], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, /not a target file: db\/migrations\/1763784000000-Foundation\.ts/);
    assert.doesNotMatch(run.stdout, /mutants generated/);
  });

  it('mutates every product folder', () => {
    const folders = new Set(targetFiles(root).map((f: string) => f.split('/')[0]));
    assert.deepEqual([...folders].sort(), ['activities', 'api', 'core', 'db', 'domain', 'workflows']);
    for (const file of ['api/console/sessions.ts', 'activities/engines/web/settle.ts', 'workflows/run.workflow.ts'])
      assert.ok(targetFiles(root).includes(file), file);
  });

  it('remembers coverage and survivals only while what they were measured on is unchanged', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-mutate-memory-'));
    try {
      const files = { 'core/rule.ts': 'rule v1', 'test/a.test.ts': 'a v1', 'test/b.test.ts': 'b v1' };
      const mutants = [
        { key: 'core/rule.ts#canWrite guard', sequence: 0 },
        { key: 'core/rule.ts#canWrite boundary', sequence: 1 },
      ];
      /** A run's hashes: the files as that run copied them. */
      const run = (changes: Record<string, string> = {}) => {
        const hashes = new Hashes(dir);
        for (const [f, content] of Object.entries({ ...files, ...changes })) hashes.add(f, content);
        return hashes;
      };
      const coverage = {
        file: 'test/a.test.ts',
        ms: 40,
        titles: ['t1', 't2'],
        hits: new Map([[1, { setup: false, last: 1 }]]),
      };
      new CoverageCache(dir, run(), mutants, false).put(coverage);

      assert.deepEqual(new CoverageCache(dir, run(), mutants, false).get('test/a.test.ts'), coverage);
      assert.equal(new CoverageCache(dir, run(), mutants, false).get('test/b.test.ts'), null, 'never measured');
      assert.equal(new CoverageCache(dir, run(), mutants, true).get('test/a.test.ts'), null, '--fresh');
      assert.equal(
        new CoverageCache(dir, run({ 'test/a.test.ts': 'a v2' }), mutants, false).get('test/a.test.ts'),
        null,
        'the test file changed',
      );
      assert.equal(
        new CoverageCache(dir, run({ 'core/rule.ts': 'rule v2' }), mutants, false).get('test/a.test.ts'),
        null,
        'the code changed',
      );
      assert.deepEqual(
        new CoverageCache(dir, run({ 'test/b.test.ts': 'b v2' }), mutants, false).get('test/a.test.ts'),
        coverage,
        'another test changed',
      );
      assert.deepEqual(
        new CoverageCache(dir, run({ 'docs/console/runs.png': 'retaken' }), mutants, false).get('test/a.test.ts'),
        coverage,
        'a screenshot a test wrote again',
      );
      const more = [...mutants, { key: 'core/rule.ts#visible filter', sequence: 2 }];
      assert.equal(new CoverageCache(dir, run(), more, false).get('test/a.test.ts'), null, 'a mutant it did not see');

      // A narrower run (--files) measures a new test file against its own mutants only: a run of
      // more mutants must measure that file again, not read "reaches none of the others".
      const narrow = [mutants[0]];
      const newFile = { file: 'test/c.test.ts', ms: 10, titles: ['t'], hits: new Map() };
      const withC = () => run({ 'test/c.test.ts': 'c v1' });
      new CoverageCache(dir, withC(), narrow, false).put(newFile);
      assert.deepEqual(new CoverageCache(dir, withC(), narrow, false).get('test/c.test.ts'), newFile);
      assert.equal(
        new CoverageCache(dir, withC(), mutants, false).get('test/c.test.ts'),
        null,
        'measured on fewer mutants than this run has',
      );
      assert.deepEqual(
        new CoverageCache(dir, withC(), mutants, false).get('test/a.test.ts'),
        coverage,
        'the files measured by the wider run still hold',
      );

      // After the code changed, only the test files that reached the mutated file before are measured again.
      const other = { key: 'core/other.ts#read guard', sequence: 2 };
      const wide = [...mutants, other];
      const reachesOther = {
        file: 'test/d.test.ts',
        ms: 5,
        titles: ['t'],
        hits: new Map([[2, { setup: true, last: -1 }]]),
      };
      const withD = (changes: Record<string, string> = {}) => run({ 'test/d.test.ts': 'd v1', ...changes });
      new CoverageCache(dir, withD(), wide, false).put(coverage);
      new CoverageCache(dir, withD(), wide, false).put(reachesOther);
      const changed = () => new CoverageCache(dir, withD({ 'core/rule.ts': 'rule v2' }), mutants, false);
      assert.equal(
        new CoverageCache(dir, withD({ 'core/rule.ts': 'rule v2', 'test/d.test.ts': 'd v2' }), mutants, false).get(
          'test/d.test.ts',
        ),
        null,
        'the test file itself changed',
      );
      assert.equal(changed().get('test/a.test.ts'), null, 'it reached core/rule.ts: measured again');
      assert.deepEqual(changed().get('test/d.test.ts')?.hits, new Map(), 'it reached only core/other.ts: none now');
      const unmeasured = [{ key: 'core/new.ts#write guard', sequence: 0 }];
      assert.equal(
        new CoverageCache(dir, withD({ 'core/rule.ts': 'rule v2' }), unmeasured, false).get('test/d.test.ts'),
        null,
        'a file no earlier run mutated: nothing is known of who reaches it',
      );

      const [m] = mutants;
      const covering = [{ file: 'test/a.test.ts' }, { file: 'test/b.test.ts' }];
      new SurvivorMemory(dir, run(), false).remember(m, ['test/a.test.ts']);
      assert.deepEqual(new SurvivorMemory(dir, run(), false).untried(m, covering), [{ file: 'test/b.test.ts' }]);
      assert.deepEqual(
        new SurvivorMemory(dir, run({ 'test/a.test.ts': 'a v2' }), false).untried(m, covering),
        covering,
      );
      assert.deepEqual(
        new SurvivorMemory(dir, run({ 'core/rule.ts': 'rule v2' }), false).untried(m, covering),
        covering,
      );
      assert.deepEqual(new SurvivorMemory(dir, run(), true).untried(m, covering), covering, '--fresh');
      new SurvivorMemory(dir, run(), false).remember(m, ['test/b.test.ts']);
      assert.deepEqual(new SurvivorMemory(dir, run(), false).untried(m, covering), []);
      new SurvivorMemory(dir, run(), false).forget(m);
      assert.deepEqual(new SurvivorMemory(dir, run(), false).untried(m, covering), covering, 'killed since');

      // A survival recorded by a run that could stop a file at the last test reaching the mutant.
      const memory = path.join(dir, '.tools/mutate/survived.json');
      const source = new SurvivorMemory(dir, run(), false).hashes.source();
      const tried = { 'test/a.test.ts': run().of('test/a.test.ts'), 'test/b.test.ts': run().of('test/b.test.ts') };
      fs.writeFileSync(memory, JSON.stringify({ [m.key]: { source, files: tried } }));
      assert.deepEqual(new SurvivorMemory(dir, run(), false).untried(m, covering), covering, 'not run whole');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tries first the files that killed its neighbours, then the file named after its module', () => {
    const kills = {
      'api/endpoints/artifacts/upload.ts#handler guard: a': { by: 'test/workflows/mobile.test.ts' },
      'api/endpoints/artifacts/upload.ts#verify guard: b': { by: 'test/api/auth.test.ts' },
    };
    const rankOf = (file: string, fn: string) => killerRanks(kills)({ file, fn });
    const upload = rankOf('api/endpoints/artifacts/upload.ts', 'handler');
    assert.equal(upload('test/workflows/mobile.test.ts'), 0, 'killed a mutant of the same function');
    assert.equal(upload('test/api/auth.test.ts'), 1, 'killed a mutant of the same file');
    assert.equal(upload('test/api/artifacts.test.ts'), 2, 'named after the module');
    assert.equal(upload('test/api/limits.test.ts'), 3);

    const quarantine = rankOf('domain/quarantine/index.ts', 'applyQuarantinePolicy');
    assert.equal(quarantine('test/workflows/quarantine.test.ts'), 2, "an index.ts goes by its folder's name");
    assert.equal(quarantine('test/activities/quarantine-rules.test.ts'), 2);
    assert.equal(quarantine('test/api/test-health.test.ts'), 3);
    const webhooks = rankOf('db/repositories/webhooks.ts', 'subscribers');
    assert.equal(webhooks('test/api/webhook-secrets.test.ts'), 2, 'a plural and its singular');
    assert.equal(
      rankOf('db/repositories/runs.ts', 'cursors')('test/activities/web-runner.test.ts'),
      3,
      'runs is not runner',
    );
  });
});
