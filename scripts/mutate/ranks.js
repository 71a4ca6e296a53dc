'use strict';
const path = require('node:path');

/**
 * Which test files to try first for a mutant: those that killed other mutants of its function,
 * then of its file (kill memory), then those named after its module (`artifacts/upload.ts` →
 * `artifacts.test.ts`: the file written to test it), then the rest; within each, the cheapest
 * first. A mutant is then usually killed by its first file, and a budget (--max-test-seconds)
 * spent where kills are.
 */
function killerRanks(entries) {
  const byPlace = new Map();
  for (const [key, e] of Object.entries(entries)) {
    const at = key.indexOf('#'); // the function name may hold a # of its own (a private method)
    const file = key.slice(0, at);
    const fn = key.slice(at + 1, key.indexOf(' ', at));
    for (const place of [file, `${file}#${fn}`]) byPlace.set(place, (byPlace.get(place) ?? new Set()).add(e.by));
  }
  return (m) => {
    const sameFunction = byPlace.get(`${m.file}#${m.fn ?? '(module)'}`) ?? new Set();
    const sameFile = byPlace.get(m.file) ?? new Set();
    const module = moduleWords(m.file);
    return (testFile) =>
      sameFunction.has(testFile)
        ? 0
        : sameFile.has(testFile)
          ? 1
          : nameWords(testFile).some((w) => module.some((n) => sharesStem(w, n)))
            ? 2
            : 3;
  };
}

/** A file name's words: `run_requests.create.ts` → run, requests, create. */
const nameWords = (file) =>
  path.posix
    .basename(file)
    .replace(/(\.test)?\.ts$/, '')
    .split(/[._-]+/)
    .filter((w) => w.length >= 4);

/**
 * A module's words: its file name's and its folder's (`api/endpoints/artifacts/upload.ts` → upload,
 * artifacts), or only its folder's for an index.ts (`domain/quarantine/index.ts`).
 */
const moduleWords = (file) => {
  const folder = nameWords(`${path.posix.dirname(file)}.ts`);
  return path.posix.basename(file) === 'index.ts' ? folder : [...nameWords(file), ...folder];
};

/** `webhook` and `webhooks`, `quarantine` and `quarantined`: one word's stem holds the other. */
const sharesStem = (a, b) => a.startsWith(b) || b.startsWith(a);

module.exports = { killerRanks };
