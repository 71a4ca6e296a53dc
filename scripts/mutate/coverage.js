'use strict';
// Per-test-file coverage of the mutants, recorded while `npm test` runs (QA_MUTATE_COVERAGE=<dir>,
// set by scripts/test.js with --mutate-coverage, as .ci/run does), so that the mutant stage does not
// run every test file a second time to learn which mutants each one reaches.
//
// A mocha root-hook plugin (loaded with --require in every mocha process). In parallel mode mocha
// runs each test file on its own, with the root beforeAll/afterAll hooks around that file alone, so
// a file's coverage is exactly what ran between them. V8's precise block coverage is taken around
// every test (counts reset at each take), the same split scripts/mutate/worker.js records with its
// switches: reached in the file's suite hooks ("setup"), or the last test that reached it.
//
// A mutant is reached when the innermost V8 block range around its place in the compiled code ran.
// The place comes from the TypeScript source through the inline source map tsx writes into the code
// it compiles (@jridgewell/trace-mapping reads it), and the compiled code from Module#_compile.
const fs = require('node:fs');
const path = require('node:path');
const { fileURLToPath } = require('node:url');

const root = path.resolve(__dirname, '../..');
const outDir = process.env.QA_MUTATE_COVERAGE;

/** `{ file, test, ms, titles, hits: { [mutantKey]: [setup, last] } }` per test file, one JSON each. */
function fragmentPath(dir, testFile) {
  return path.join(dir, `${testFile.replace(/[^A-Za-z0-9._-]/g, '_')}.json`);
}

function recorder() {
  const inspector = require('node:inspector');
  const Module = require('node:module');
  const { generatedPositionFor, GREATEST_LOWER_BOUND, LEAST_UPPER_BOUND } = require('@jridgewell/trace-mapping');
  const { generate, targetFiles } = require('./generate.js');

  const targets = new Set(targetFiles(root));
  /** Compiled code of each target module, by absolute path, as the process compiled it. */
  const compiled = new Map();
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename) {
    if (typeof filename === 'string' && targets.has(path.relative(root, filename).split(path.sep).join('/')))
      compiled.set(filename, content);
    return compile.call(this, content, filename);
  };

  const session = new inspector.Session();
  session.connect();
  const post = (method, params) =>
    new Promise((resolve, reject) => session.post(method, params, (err, r) => (err ? reject(err) : resolve(r))));
  const started = post('Profiler.enable').then(() =>
    post('Profiler.startPreciseCoverage', { callCount: true, detailed: true }),
  );

  /** The target scripts' functions that ran since the last take (their counts are reset by it). */
  async function take() {
    await started;
    const { result } = await post('Profiler.takePreciseCoverage');
    const out = [];
    for (const script of result) {
      const file = script.url.startsWith('file://') ? fileURLToPath(script.url) : script.url;
      if (compiled.has(file)) out.push({ file, functions: script.functions });
    }
    return out;
  }

  /** Each target file's mutants with their offset in the compiled code (null: not placed). */
  const placed = new Map();
  function placesOf(file) {
    if (placed.has(file)) return placed.get(file);
    const code = compiled.get(file);
    // A mutant's key names its file, so one file's mutants are keyed as in a run of all of them.
    const mutants = generate(root, [path.relative(root, file).split(path.sep).join('/')]);
    const map = sourceMapOf(code);
    const lineStarts = starts(code);
    const sourceStarts = starts(fs.readFileSync(file, 'utf8'));
    const result = mutants.map((m) => {
      if (!map) return { key: m.key, offset: null };
      const line = lineOf(sourceStarts, m.at);
      const column = m.at - sourceStarts[line - 1];
      const source = map.resolvedSources.find((s) => s.endsWith(m.file)) ?? map.resolvedSources[0];
      let g = generatedPositionFor(map, { source, line, column, bias: GREATEST_LOWER_BOUND });
      if (g.line == null) g = generatedPositionFor(map, { source, line, column, bias: LEAST_UPPER_BOUND });
      return { key: m.key, offset: g.line == null ? null : lineStarts[g.line - 1] + g.column };
    });
    placed.set(file, result);
    return result;
  }

  /** Keys of the mutants a take reached: the innermost block range around each ran (count > 0). */
  function reached(taken) {
    const keys = [];
    for (const { file, functions } of taken) {
      const ranges = functions.flatMap((f) => f.ranges);
      const ranFile = ranges.some((r) => r.count > 0);
      for (const { key, offset } of placesOf(file)) {
        // A mutant that could not be placed counts as reached by any run of its file (never under-reported).
        if (offset === null) {
          if (ranFile) keys.push(key);
          continue;
        }
        let innermost = null;
        for (const r of ranges)
          if (r.startOffset <= offset && offset < r.endOffset)
            if (!innermost || r.endOffset - r.startOffset < innermost.endOffset - innermost.startOffset) innermost = r;
        if (innermost && innermost.count > 0) keys.push(key);
      }
    }
    return keys;
  }

  let current = null;
  const note = (taken, where) => {
    for (const key of reached(taken)) {
      const hit = current.hits[key] ?? (current.hits[key] = [false, -1]);
      if (where === 'setup') hit[0] = true;
      else hit[1] = Math.max(hit[1], where);
    }
  };

  return {
    async beforeAll() {
      await take(); // what ran before this file (module loading of earlier files) is not its own
      current = { startedAt: Date.now(), titles: [], hits: {} };
    },
    async beforeEach() {
      if (current) note(await take(), 'setup');
    },
    async afterEach() {
      if (!current) return;
      note(await take(), current.titles.length);
      current.titles.push(this.currentTest.fullTitle());
    },
    async afterAll() {
      if (!current) return;
      note(await take(), 'setup');
      const file = fileOf(this.test?.parent);
      if (file) {
        const rel = path.relative(root, file).split(path.sep).join('/');
        const { startedAt, titles, hits } = current;
        fs.mkdirSync(outDir, { recursive: true });
        fs.writeFileSync(
          fragmentPath(outDir, rel),
          JSON.stringify({ file: rel, ms: Date.now() - startedAt, titles, hits }),
        );
      }
      current = null;
    },
  };
}

/** The test file of a mocha root suite: the file its first suite or test came from. */
function fileOf(suite) {
  if (!suite) return null;
  for (const t of suite.tests ?? []) if (t.file) return t.file;
  for (const s of suite.suites ?? []) {
    if (s.file) return s.file;
    const inner = fileOf(s);
    if (inner) return inner;
  }
  return null;
}

function starts(text) {
  const out = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) out.push(i + 1);
  return out;
}

/** The 1-based line of an offset, given the offsets where lines start. */
function lineOf(lineStarts, offset) {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function sourceMapOf(code) {
  const { TraceMap } = require('@jridgewell/trace-mapping');
  const m = /\/\/# sourceMappingURL=data:application\/json;(?:charset=utf-8;)?base64,([A-Za-z0-9+/=]+)\s*$/.exec(code);
  if (!m) return null;
  return new TraceMap(Buffer.from(m[1], 'base64').toString('utf8'));
}

/**
 * Merges the fragments of one `npm test` into the mutation tool's coverage memory
 * (.tools/mutate/coverage.json, see CoverageCache in memory.js): valid for the source as hashed
 * now, for every mutant of every target file.
 */
function mergeCoverage(dir) {
  const { Hashes } = require('./memory.js');
  const { generate, targetFiles } = require('./generate.js');
  const hashes = Hashes.ofTree(root);
  const keys = generate(root, targetFiles(root)).map((m) => m.key);
  const out = path.join(root, '.tools/mutate/coverage.json');
  // Entries of an earlier run over the same source stay (a run of some files adds to them).
  let earlier = null;
  try {
    earlier = JSON.parse(fs.readFileSync(out, 'utf8'));
  } catch {
    // none yet
  }
  const known = new Set(earlier?.keys ?? []);
  const keep = earlier?.source === hashes.source() && keys.every((k) => known.has(k));
  const files = keep ? earlier.files : {};
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const f = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    files[f.file] = { test: hashes.of(f.file), ms: f.ms, titles: f.titles, hits: f.hits };
  }
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(`${out}.tmp`, JSON.stringify({ source: hashes.source(), keys, files }));
  fs.renameSync(`${out}.tmp`, out);
  return Object.keys(files).length;
}

module.exports = { mergeCoverage, fragmentPath };
if (outDir) module.exports.mochaHooks = recorder();
