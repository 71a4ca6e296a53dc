'use strict';
// `npm run mutate -- --listed [name-filter]`: the hand-written cases, kept beside the generated
// mutants (scripts/mutate.js). Applies a listed set of one-line mutations, one at a time, to
// the modules that decide authorization, the secret channel, media links, the outcome table,
// long-poll waits, paging and the run request matrix; runs the tests that cover each module on
// the real stack (`npm test -- <files> --bail`), and prints the mutation score.
//
// Why a list and not StrykerJS: the suite runs against real MariaDB, Temporal and Chromium, which
// its mocha runner does not start per mutant; a listed set keeps each mutant meaningful (a rule
// broken in one place) and the run to minutes. A mutant is killed when the tests fail.
// Every file is restored after each mutant, also on Ctrl-C.

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '../..');

const T = {
  scopes: 'test/api/spec-scopes.test.ts',
  channel: 'test/workflows/runner-channel.test.ts',
  outcome: 'test/workflows/outcome-table.test.ts',
  bounds: 'test/workflows/boundaries.test.ts',
  runs: 'test/workflows/runs.test.ts',
  longPoll: 'test/workflows/long-poll.test.ts',
  paging: 'test/api/list-paging.test.ts',
  matrix: 'test/workflows/run-request-matrix.test.ts',
  isolation: 'test/api/isolation-walk.test.ts',
};

/** [name, file, text, replacement, tests] — `text` must occur exactly once in `file`. */
const MUTANTS = [
  // Authorization
  [
    'any scope opens every operation',
    'api/endpoints/pipeline.ts',
    'if (principal.scopes.has(scope)) return;',
    'if (principal.scopes.size) return;',
    [T.scopes],
  ],
  [
    'run.trigger needs only svc:read',
    'api/endpoints/run.trigger.ts',
    "access: { scope: 'svc:runs:write' }",
    "access: { scope: 'svc:read' }",
    [T.scopes],
  ],
  [
    'note.comment needs only svc:read',
    'api/endpoints/note.comment.ts',
    "access: { scope: 'svc:notes:write' }",
    "access: { scope: 'svc:read' }",
    [T.scopes],
  ],
  [
    'environment.upsert needs svc:test_cases:write',
    'api/endpoints/environment.upsert.ts',
    "access: { scope: 'svc:environments:write' }",
    "access: { scope: 'svc:test_cases:write' }",
    [T.scopes],
  ],
  [
    'run.evidence needs svc:runs:write',
    'api/endpoints/run.evidence.ts',
    "access: { scope: 'svc:read' }",
    "access: { scope: 'svc:runs:write' }",
    [T.scopes],
  ],
  [
    'relocation needs no extra scope',
    'api/endpoints/test_case.create.ts',
    "['svc:environments:write']",
    '[]',
    [T.scopes],
  ],
  [
    'API-key-only endpoint takes OAuth tokens',
    'api/endpoints/pipeline.ts',
    "access === 'api_key_only' && principal.kind !== 'api_key'",
    "access === 'api_key_only' && principal.kind === 'api_key'",
    [T.scopes],
  ],
  [
    'resource endpoint scope unchecked',
    'api/endpoints/pipeline.ts',
    "if (typeof access === 'object') requireScope",
    "if (typeof access === 'undefined') requireScope",
    [T.scopes],
  ],
  // The secret channel
  [
    'a queued Run gets values',
    'api/endpoints/runner.values.ts',
    "['running', 'retrying'].includes(run.status)",
    "['queued', 'running', 'retrying'].includes(run.status)",
    [T.channel],
  ],
  [
    'a finished Run gets values',
    'api/endpoints/runner.values.ts',
    "['running', 'retrying'].includes(run.status)",
    "['running', 'retrying', 'passing'].includes(run.status)",
    [T.channel],
  ],
  [
    'unreferenced names are served',
    'api/endpoints/runner.values.ts',
    'if (!referenced) throw',
    'if (!referenced && false) throw',
    [T.channel],
  ],
  [
    'any runner token is accepted',
    'api/endpoints/runner.values.ts',
    '!expected || !safeEqual(sha256(presented), sha256(expected))',
    '!expected',
    [T.channel],
  ],
  [
    'run-scoped values are ignored',
    'api/endpoints/runner.values.ts',
    'if (runSealed) return',
    'if (runSealed && false) return',
    [T.channel],
  ],
  // Media links
  [
    'expired links still work',
    'api/runs/media-links.ts',
    'if (exp < now ||',
    'if (exp < now - 3_600_000 ||',
    [T.bounds],
  ],
  [
    'links live 30 minutes',
    'api/runs/media-links.ts',
    'MEDIA_LINK_TTL_MS = 15 * 60 * 1000',
    'MEDIA_LINK_TTL_MS = 30 * 60 * 1000',
    [T.bounds],
  ],
  [
    'the signature is not checked',
    'api/runs/media-links.ts',
    'return safeEqual(hmac(signingKey, payload(id, kind, exp)), sig);',
    'return sig.length > 0;',
    [T.runs],
  ],
  // The outcome table
  [
    'a flaky pass advises none',
    'domain/runs/status.ts',
    "next: flaky ? 'evidence' : 'none'",
    "next: 'none'",
    [T.outcome],
  ],
  [
    'a failure advises none',
    'domain/runs/status.ts',
    "verdict: 'failed', validity: 'valid', next: 'evidence'",
    "verdict: 'failed', validity: 'valid', next: 'none'",
    [T.outcome],
  ],
  [
    'unverified is invalid',
    'domain/runs/status.ts',
    "verdict: 'unverified', validity: 'valid', next: 'evidence'",
    "verdict: 'unverified', validity: 'invalid', next: 'evidence'",
    [T.outcome],
  ],
  [
    'canceled advises retry',
    'domain/runs/status.ts',
    "verdict: 'unverified', validity: 'valid', next: 'none'",
    "verdict: 'unverified', validity: 'valid', next: 'retry'",
    [T.outcome],
  ],
  [
    'invalid is valid',
    'domain/runs/status.ts',
    "validity: 'invalid', next: 'retry'",
    "validity: 'valid', next: 'retry'",
    [T.outcome],
  ],
  [
    'a Run in progress advises retry',
    'domain/runs/status.ts',
    "validity: 'not_evaluated', next: 'wait'",
    "validity: 'not_evaluated', next: 'retry'",
    [T.outcome],
  ],
  [
    'evidence is available before any step ends',
    'api/presenters/runs.ts',
    'evidenceAvailable: steps.some(finished)',
    'evidenceAvailable: steps.length > 0',
    [T.outcome],
  ],
  // Long-poll waits
  ['waitMs clamped at 20 s', 'core/runs.ts', 'MAX_WAIT_MS = 25_000', 'MAX_WAIT_MS = 20_000', [T.bounds]],
  [
    'waitMs not clamped below 40 s',
    'api/endpoints/run.get.ts',
    'Math.min(input.waitMs ?? 0, MAX_WAIT_MS)',
    'Math.min(input.waitMs ?? 0, 40_000)',
    [T.bounds],
  ],
  [
    'a one-step change does not wake waiters',
    'api/runs/watcher.ts',
    '(w) => row.cursor > w.cursor ||',
    '(w) => row.cursor > w.cursor + 1 ||',
    [T.longPoll],
  ],
  // Isolation (the walk over every endpoint that names a record)
  [
    'a webhook endpoint looked up by id without its organization',
    'db/repositories/webhooks.ts',
    'getRepository(WebhookEndpointEntity).findOneBy({ orgId, id })',
    'getRepository(WebhookEndpointEntity).findOneBy({ id })',
    [T.isolation],
  ],
  // Paging
  [
    'a full last page announces another',
    'api/pagination.ts',
    'rows.length > limit ?',
    'rows.length >= limit ?',
    [T.paging],
  ],
  [
    'a cursor is taken with other filters',
    'api/pagination.ts',
    'if (parsed.f !== filterDigest(filters))',
    'if (false && parsed.f !== filterDigest(filters))',
    [T.paging],
  ],
  [
    'limit 0 accepted',
    'api/endpoints/model.ts',
    'limit: z.number().int().min(1).max(100)',
    'limit: z.number().int().min(0).max(100)',
    [T.paging],
  ],
  [
    'limit 101 accepted',
    'api/endpoints/model.ts',
    'limit: z.number().int().min(1).max(100)',
    'limit: z.number().int().min(1).max(1000)',
    [T.paging],
  ],
  ['default page of 25', 'api/pagination.ts', 'DEFAULT_LIMIT = 20', 'DEFAULT_LIMIT = 25', [T.paging]],
  // The run request matrix
  ['8 entries refused', 'activities/run-request/queue.ts', 'if (total > max)', 'if (total >= max)', [T.matrix]],
  [
    'entries counted as a sum',
    'activities/run-request/queue.ts',
    'plans.length * environments.length',
    'plans.length + environments.length',
    [T.matrix],
  ],
];

function runListed(only) {
  const selected = MUTANTS.filter(([name]) => !only || name.includes(only));
  if (!selected.length) {
    process.stderr.write(`[mutate] no listed mutant's name contains "${only}"\n`);
    return 2;
  }

  let restore = null;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (restore) restore();
      process.exit(130);
    });
  }

  /** Runs the given test files (stopping at the first failure); true when they pass. */
  const passes = (tests) =>
    spawnSync(process.execPath, [path.join(root, 'scripts/test.js'), ...tests, '--bail'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'ignore'],
      env: process.env,
    }).status === 0;

  // Without a green baseline a failing run would count as a killed mutant.
  const covering = [...new Set(selected.flatMap((m) => m[4]))];
  process.stdout.write(`[mutate] baseline: ${covering.length} test files, unmutated\n`);
  if (!passes(covering)) {
    process.stderr.write('[mutate] the unmutated tests fail; fix them first (npm test -- <files>)\n');
    process.exit(1);
  }

  const survived = [];
  let killed = 0;
  for (const [i, [name, file, text, replacement, tests]] of selected.entries()) {
    const full = path.join(root, file);
    const original = fs.readFileSync(full, 'utf8');
    const count = original.split(text).length - 1;
    if (count !== 1) {
      process.stderr.write(`[mutate] ${name}: "${text}" occurs ${count} times in ${file}; fix the list\n`);
      process.exit(2);
    }
    restore = () => fs.writeFileSync(full, original);
    fs.writeFileSync(full, original.replace(text, replacement));
    const started = Date.now();
    let dead;
    try {
      dead = !passes(tests);
    } finally {
      restore();
      restore = null;
    }
    if (dead) killed++;
    else survived.push(`${name} (${file})`);
    process.stdout.write(
      `[mutate] ${i + 1}/${selected.length} ${dead ? 'killed  ' : 'SURVIVED'} ${name} — ${file} (${Math.round((Date.now() - started) / 1000)} s)\n`,
    );
  }

  const score = selected.length ? (100 * killed) / selected.length : 100;
  process.stdout.write(`\nMutation score: ${score.toFixed(1)} % (${killed} of ${selected.length} mutants killed)\n`);
  for (const s of survived) process.stdout.write(`  survived: ${s}\n`);
  return survived.length ? 1 : 0;
}

module.exports = { runListed, MUTANTS };
