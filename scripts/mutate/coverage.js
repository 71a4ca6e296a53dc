'use strict';
// Per-test-file coverage of the mutants, recorded while `npm test` runs (QA_MUTATE_COVERAGE=<dir>,
// set by scripts/test.js with --mutate-coverage, as .ci/run does), so that the mutant stage does not
// run every test file a second time to learn which mutants each one reaches.
//
// A mocha root-hook plugin (loaded with --require in every mocha process). In parallel mode mocha
// runs each test file on its own, with the root beforeAll/afterAll hooks around that file alone, so
// a file's coverage is exactly what ran between them. Block coverage (scripts/mutate/blocks.js: marks
// compiled into the target modules as they load) is taken around every test (a take clears it), the
// same split scripts/mutate/worker.js records with its switches: reached in the file's suite hooks
// ("setup"), or the last test that reached it.
//
// A mutant is reached when the innermost block around its place in the compiled code ran.
// The place comes from the TypeScript source through the inline source map tsx writes into the code
// it compiles (@jridgewell/trace-mapping reads it), and the compiled code from Module#_compile.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const outDir = process.env.QA_MUTATE_COVERAGE;

/** `{ file, test, ms, titles, hits: { [mutantKey]: [setup, last] } }` per test file, one JSON each. */
function fragmentPath(dir, testFile) {
  return path.join(dir, `${testFile.replace(/[^A-Za-z0-9._-]/g, '_')}.json`);
}

function recorder() {
  const Module = require('node:module');
  const { generatedPositionFor, GREATEST_LOWER_BOUND, LEAST_UPPER_BOUND } = require('@jridgewell/trace-mapping');
  const { generate, targetFiles, workflowBundleFiles } = require('./generate.js');
  const { instrumentBlocks, innermostRegions } = require('./blocks.js');

  const targets = new Set(targetFiles(root));
  const bundled = workflowBundleFiles(root);
  /** Each target module this process compiled: its compiled text, regions and region marks. */
  const modules = new Map();
  const marksOf = (globalThis.__qaCoverage = []);
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename) {
    if (typeof filename !== 'string' || !targets.has(path.relative(root, filename).split(path.sep).join('/')))
      return compile.call(this, content, filename);
    const index = marksOf.length;
    let instrumented;
    try {
      instrumented = instrumentBlocks(
        filename,
        content,
        // Named by the module's index: a mark in page code is resolved by its text alone (below).
        `__qaC${index}`,
        (n) => `var __qaC${index}=globalThis.__qaCoverage[${index}]=new Uint8Array(${n});`,
      );
    } catch {
      // Not parsed: the whole module is one region, reached when it loads.
      instrumented = { code: content, regions: [[0, content.length]] };
      marksOf[index] = Uint8Array.of(1);
    }
    modules.set(filename, { index, content, regions: instrumented.regions, places: null });
    return compile.call(this, instrumented.code, filename);
  };

  // Page code: the runner hands Chromium a function's source text (playwright-core's
  // String(pageFunction)), where no mark array exists. The text goes with its marks made here, and
  // taken out: the blocks of a function sent to the page count as reached when it is sent.
  const toString = Function.prototype.toString;
  Function.prototype.toString = function () {
    const source = toString.call(this);
    if (!source.includes('__qaC')) return source;
    return source.replace(/__qaC(\d+)\[(\d+)\]=1/g, (_, module, region) => {
      const marks = marksOf[Number(module)];
      if (marks) marks[Number(region)] = 1;
      return '0';
    });
  };

  // Workflow code runs in Temporal's workflow threads, from a bundle these marks are not compiled
  // into: a test file that starts a Worker with workflows counts as reaching every mutant of the
  // bundle's files in its setup (more files tried for those mutants, never one left out).
  let startedWorkflows = false;
  const load = Module._load;
  Module._load = function (request, ...rest) {
    const exports = load.call(this, request, ...rest);
    if (request === '@temporalio/worker' && exports.Worker && !exports.Worker.__qaFollowed) {
      const create = exports.Worker.create;
      exports.Worker.create = function (options, ...more) {
        if (options?.workflowBundle || options?.workflowsPath) startedWorkflows = true;
        return create.call(this, options, ...more);
      };
      exports.Worker.__qaFollowed = true;
    }
    return exports;
  };
  /** Keys of every mutant of the workflow bundle's files. */
  let bundleKeys = null;
  const workflowKeys = () => (bundleKeys ??= generate(root, bundled).map((m) => m.key));

  /** The marks of every target module since the last take (a take clears them). */
  function take() {
    const out = [];
    for (const [file, m] of modules) {
      const marks = marksOf[m.index];
      if (!marks || !marks.includes(1)) continue;
      out.push({ file, marks: marks.slice() });
      marks.fill(0);
    }
    return out;
  }

  /** Each target file's mutants with the innermost region around their place in the compiled code. */
  function placesOf(file) {
    const m = modules.get(file);
    if (m.places) return m.places;
    const code = m.content;
    // A mutant's key names its file, so one file's mutants are keyed as in a run of all of them.
    const mutants = generate(root, [path.relative(root, file).split(path.sep).join('/')]);
    const map = sourceMapOf(code);
    const lineStarts = starts(code);
    const sourceStarts = starts(fs.readFileSync(file, 'utf8'));
    const offsets = mutants.map((mutant) => {
      if (!map) return null;
      const line = lineOf(sourceStarts, mutant.at);
      const column = mutant.at - sourceStarts[line - 1];
      const source = map.resolvedSources.find((s) => s.endsWith(mutant.file)) ?? map.resolvedSources[0];
      let g = generatedPositionFor(map, { source, line, column, bias: GREATEST_LOWER_BOUND });
      if (g.line == null) g = generatedPositionFor(map, { source, line, column, bias: LEAST_UPPER_BOUND });
      return g.line == null ? null : lineStarts[g.line - 1] + g.column;
    });
    const regions = innermostRegions(m.regions, offsets);
    m.places = mutants.map((mutant, i) => ({ key: mutant.key, region: regions[i] }));
    return m.places;
  }

  /** Keys of the mutants a take reached: the innermost region around each ran. */
  function reached(taken) {
    const keys = [];
    for (const { file, marks } of taken)
      for (const { key, region } of placesOf(file))
        // A mutant that could not be placed counts as reached by any run of its file (never under-reported).
        if (region === null || marks[region]) keys.push(key);
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
    beforeAll() {
      take(); // what ran before this file (module loading of earlier files) is not its own
      startedWorkflows = false;
      current = { startedAt: Date.now(), titles: [], hits: {} };
    },
    beforeEach() {
      if (current) note(take(), 'setup');
    },
    afterEach() {
      if (!current) return;
      note(take(), current.titles.length);
      current.titles.push(this.currentTest.fullTitle());
    },
    afterAll() {
      if (!current) return;
      note(take(), 'setup');
      if (startedWorkflows) for (const key of workflowKeys()) current.hits[key] = [true, -1];
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
