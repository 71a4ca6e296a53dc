'use strict';
// What `npm run mutate` remembers between runs, so that a full run can be spread over several and a
// run after adding a test costs that test's time only:
//   - kills (.tools/mutate/killed.json, local): valid while the mutated file and the killing test
//     file are unchanged;
//   - coverage (.tools/mutate/coverage.json, local): which mutants each test file reaches, valid while
//     the test file and every file other than the tests are unchanged;
//   - survivals (.tools/mutate/survived.json, local): the test files a mutant survived, so it runs
//     again only against test files that are new or changed, while nothing else changed.
// Every hash is of a file as the run copied it (before instrumenting), so an edit made while a run
// goes on cannot be credited with that run's verdicts.
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');

const digest = (content) => crypto.createHash('sha256').update(content).digest('hex').slice(0, 16);

/**
 * Whether a file's content can change which mutants a test reaches or what it checks: all but the
 * tests themselves, prose and pictures (docs/, the screenshots tests write), benchmarks and this tool (whose own changes that matter, to generation
 * or instrumenting, change the mutants' keys; otherwise `--fresh`).
 */
const isSource = (file) =>
  !file.endsWith('.test.ts') &&
  !/\.(md|png)$/.test(file) &&
  !/^(test\/mutants\/|scripts\/mutate|bench\/|docs\/)/.test(file);

/** The files of the working tree that git would track (committed or not, ignored ones left out). */
function treeFiles(root) {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f && fs.existsSync(path.join(root, f)) && fs.statSync(path.join(root, f)).isFile());
}

/** The hashes of the files a run works on: each file's own, and one of all the source files together. */
class Hashes {
  constructor(root) {
    this.root = root;
    this.files = new Map();
  }

  /** The hashes of the working tree as it is now (what a run copying it would record). */
  static ofTree(root) {
    const hashes = new Hashes(root);
    for (const f of treeFiles(root)) hashes.add(f, fs.readFileSync(path.join(root, f)));
    return hashes;
  }

  /** Records a file's content as the run copies it. */
  add(file, content) {
    this.files.set(file, digest(content));
    this.sourceHash = undefined;
  }

  of(file) {
    if (!this.files.has(file)) {
      const full = path.join(this.root, file);
      this.files.set(file, fs.existsSync(full) ? digest(fs.readFileSync(full)) : null);
    }
    return this.files.get(file);
  }

  /** One hash of every source file the run copied (see isSource). */
  source() {
    if (this.sourceHash === undefined) {
      const h = crypto.createHash('sha256');
      for (const file of [...this.files.keys()].filter(isSource).sort()) h.update(`${file}\0${this.files.get(file)}\0`);
      this.sourceHash = h.digest('hex').slice(0, 16);
    }
    return this.sourceHash;
  }
}

function readJson(file, fallback) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return fallback;
  }
}

function writeJson(file, value, indent) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(value, null, indent)}\n`);
  fs.renameSync(`${file}.tmp`, file);
}

const sortedByKey = (entries) => Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b)));

/** The mutated file a mutant's key names (`core/rule.ts#canWrite guard` → `core/rule.ts`). */
const fileOfKey = (key) => key.slice(0, key.indexOf('#'));

/** Kills of earlier runs, valid while the mutated file and the killing test file are unchanged. */
class KillMemory {
  constructor(root, hashes, fresh) {
    this.path = path.join(root, '.tools/mutate/killed.json');
    this.entries = readJson(this.path, {});
    this.hashes = hashes;
    this.fresh = fresh;
  }

  recall(m) {
    const e = this.entries[m.key];
    return !this.fresh && !!e && e.file === this.hashes.of(m.file) && e.test === this.hashes.of(e.by);
  }

  remember(m, testFile, title) {
    this.entries[m.key] = { file: this.hashes.of(m.file), by: testFile, test: this.hashes.of(testFile), title };
    writeJson(this.path, sortedByKey(this.entries), 2);
  }
}

/**
 * Each test file's coverage of the mutants (per test: reached in its suite hooks, and the last test
 * that reached it), stored by mutant key. An entry holds while the test file and the source files
 * are unchanged and the run that measured it instrumented every mutant of this one: a file measured
 * by a narrower run (`--files`, `--since`) keeps the keys that run instrumented as its scope, since
 * it cannot say whether the file reaches the others.
 */
class CoverageCache {
  constructor(root, hashes, mutants, fresh) {
    this.path = path.join(root, '.tools/mutate/coverage.json');
    this.hashes = hashes;
    this.mutants = mutants;
    const stored = fresh ? null : readJson(this.path, null);
    const known = new Set(stored?.keys ?? []);
    this.usable = !!stored && stored.source === hashes.source() && mutants.every((m) => known.has(m.key));
    this.stored = this.usable ? stored : { source: hashes.source(), keys: mutants.map((m) => m.key), files: {} };
    // Measured on other code: still good for saying which test files need measuring again (see get).
    this.earlier = !this.usable && stored ? stored : null;
    this.mutatedFiles = new Set(mutants.map((m) => fileOfKey(m.key)));
  }

  /** The file's coverage as `{ file, ms, titles, hits: Map(sequence → { setup, last }) }`, or null. */
  get(file) {
    const e = this.stored.files[file];
    if (!e || e.test !== this.hashes.of(file)) return this.#reachedNoneBefore(file);
    if (e.scope) {
      const scope = new Set(e.scope);
      if (!this.mutants.every((m) => scope.has(m.key))) return null;
    }
    const hits = new Map();
    for (const m of this.mutants)
      if (e.hits[m.key]) hits.set(m.sequence, { setup: e.hits[m.key][0], last: e.hits[m.key][1] });
    return { file, ms: e.ms, titles: e.titles, hits };
  }

  /**
   * After the code changed, a test file (itself unchanged) that reached no mutant of this run's
   * files when it was last measured is taken to reach none now, and is not measured again: a run of
   * one folder after a commit then measures the test files that reach that folder, not all of them.
   * A change elsewhere that makes such a file reach these files is missed until `--fresh` (its
   * mutants show as not reached, never as killed).
   */
  #reachedNoneBefore(file) {
    const e = this.earlier?.files[file];
    if (!e || e.test !== this.hashes.of(file)) return null;
    const measured = new Set((e.scope ?? this.earlier.keys).map(fileOfKey));
    if (![...this.mutatedFiles].every((f) => measured.has(f))) return null;
    if (Object.keys(e.hits).some((key) => this.mutatedFiles.has(fileOfKey(key)))) return null;
    const none = { file, ms: e.ms, titles: e.titles, hits: new Map(), assumed: true };
    this.put(none);
    return none;
  }

  put(coverage) {
    const hits = {};
    for (const [sequence, h] of coverage.hits) hits[this.mutants[sequence].key] = [h.setup, h.last];
    const narrower = this.mutants.length < this.stored.keys.length;
    this.stored.files[coverage.file] = {
      test: this.hashes.of(coverage.file),
      ms: coverage.ms,
      titles: coverage.titles,
      hits,
      ...(narrower ? { scope: this.mutants.map((m) => m.key) } : {}),
    };
    writeJson(this.path, this.stored);
  }
}

/** The test files each mutant survived (with their hashes), while the source files are unchanged. */
class SurvivorMemory {
  constructor(root, hashes, fresh) {
    this.path = path.join(root, '.tools/mutate/survived.json');
    this.hashes = hashes;
    this.entries = fresh ? {} : readJson(this.path, {});
  }

  /**
   * The covering test files the mutant has not yet survived in their present form. An entry
   * without `whole` dates from runs that could end a file at the last test reaching the mutant,
   * so a later test that checks what an earlier one did was not seen: it counts for nothing.
   */
  untried(m, covering) {
    const e = this.entries[m.key];
    if (!e || !e.whole || e.source !== this.hashes.source()) return covering;
    return covering.filter((c) => e.files[c.file] !== this.hashes.of(c.file));
  }

  remember(m, files) {
    const e = this.entries[m.key];
    const kept = e && e.whole && e.source === this.hashes.source() ? e.files : {};
    for (const f of files) kept[f] = this.hashes.of(f);
    this.entries[m.key] = { source: this.hashes.source(), whole: true, files: kept };
    writeJson(this.path, sortedByKey(this.entries));
  }

  forget(m) {
    if (!this.entries[m.key]) return;
    delete this.entries[m.key];
    writeJson(this.path, this.entries);
  }
}

module.exports = { treeFiles, Hashes, KillMemory, CoverageCache, SurvivorMemory };
