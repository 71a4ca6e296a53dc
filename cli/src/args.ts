import type { ParseArgsConfig } from 'node:util';
import { EXIT, QaError } from './http';

export const HELP = `qa: trigger QA Runs from CI, wait for them, write JUnit XML, exit with a gate code.

Usage:
  qa run (--plan <id or exact name> | --case <id>) (--env <slug> | --base-url <url>) [options]
  qa status <runId | planGroupRunId> [--wait] [--timeout <duration>] [--junit <file>] [--json]
  qa evidence <runId> [--download <dir>] [--json]
  qa schedules list [--json]
  qa schedules pause|resume|trigger <scheduleId> [--json]
  qa channels list [--json]
  qa channels add --name <name> --kind slack|teams [--when every|failures|change]
                  [--plan <id or name>] [--env <slug>] [--branch <name>]   (URL from QA_CHANNEL_URL)
  qa channels update <channelId> [--name <name>] [--when …] [--plan …] [--env …] [--branch …]
                  [--enable | --disable] [--new-url (from QA_CHANNEL_URL)]   (an empty value clears a field)
  qa channels test|remove <channelId>
  qa connections list [--json]
  qa connections set github|gitlab [--check-name <name>] [--provider-url <API root>]
                  token from QA_SCM_TOKEN; or GitHub App: --app-id <id> [--installation-id <n>]
                  with the private key (PEM) in QA_GITHUB_APP_KEY
  qa connections remove github|gitlab
  qa generate "<what to test, in words>" --env <slug> [--name <name>] [--wait] [--timeout <duration>] [--json]
  qa generation <testPlanId> [--json]

Configuration: QA_API_URL (or --api-url) and QA_API_KEY (environment only, never a flag).
Secrets of channels and connections come from the environment too, never from flags.

qa run options:
  --branch, --commit, --pr     deployment fields (default: from GitHub Actions / GitLab CI variables)
  --wait                       follow the Runs until every one has ended
  --timeout <duration>         stop waiting after e.g. 90s, 20m, 1h (the Runs go on); default 60m
  --on-timeout detach|cancel   when the wait times out (default detach: print how to resume)
  --on-interrupt detach|cancel on Ctrl-C / SIGTERM (default detach)
  --junit <file>               write JUnit XML (one testsuite, one testcase per Run)
  --artifacts-dir <dir>        download failure screenshots and reference them in the JUnit XML
  --json                       one final JSON document on stdout; human text on stderr
  --fail-on-flaky              a flaky pass exits 1
  --accessibility off|report|fail
                               check each page of the web Runs with axe-core (overrides the plan's
                               setting; fail: a new serious or critical violation fails the Run)
  --rerun-failed <planGroupRunId|last|auto>
                               re-run only the members that did not pass (auto: on a GitHub re-run
                               attempt, those of the previous attempt; otherwise the whole plan)
  --changed-since <git ref>    run only the members whose covers:<glob> tags match
                               git diff --name-only <ref>...HEAD (members without covers: always run)
  --fail-fast                  cancel the plan group's other members after the first failure (they
                               end canceled, <skipped> in JUnit)
  --fail-fast-after <n>        the same after n failures
  --cancel-superseded          cancel the unfinished members of older groups of the same plan,
                               Environment and branch
  --idempotency-key <key>      override the key derived from the CI run (run id + attempt + job)
  --retries <n>                attempts on network errors, 429 and 5xx (default 6, with backoff)

qa generate explores the Environment's web target, writes cases from what it saw and tries each;
it prints every proposed case as ready (every step passed) or draft (the failed step, the runner's
reason, what is missing), or why nothing was proposed. Nothing is saved: keep a case with
test_case.create. With --wait it exits 0 when some case is ready, 1 when none is (default timeout 10m).

Exit codes:
  0    every Run passed
  1    at least one Run failed (also a flaky pass with --fail-on-flaky; a test message that failed)
  2    usage, configuration or authentication error (bad flag, bad key, unknown plan or environment)
  3    inconclusive: none failed, at least one unverified, invalid or canceled
  4    the service stayed unavailable after retries
  5    the wait timed out
  130  interrupted (SIGINT), 143 terminated (SIGTERM)
  With mixed results the most decisive code wins: 2 > 1 > 5 > 4 > 3.
  A Run of a quarantined Test Case does not count (listed, and <skipped> in JUnit).
`;

/** qa's flags (node:util parseArgs). */
export const options = {
  plan: { type: 'string' },
  case: { type: 'string' },
  env: { type: 'string' },
  'base-url': { type: 'string' },
  branch: { type: 'string' },
  commit: { type: 'string' },
  pr: { type: 'string' },
  wait: { type: 'boolean' },
  timeout: { type: 'string' },
  'on-timeout': { type: 'string' },
  'on-interrupt': { type: 'string' },
  junit: { type: 'string' },
  'artifacts-dir': { type: 'string' },
  json: { type: 'boolean' },
  'fail-on-flaky': { type: 'boolean' },
  'rerun-failed': { type: 'string' },
  'changed-since': { type: 'string' },
  'fail-fast': { type: 'boolean' },
  'fail-fast-after': { type: 'string' },
  'cancel-superseded': { type: 'boolean' },
  'idempotency-key': { type: 'string' },
  'api-url': { type: 'string' },
  retries: { type: 'string' },
  download: { type: 'string' },
  accessibility: { type: 'string' },
  name: { type: 'string' },
  kind: { type: 'string' },
  when: { type: 'string' },
  enable: { type: 'boolean' },
  disable: { type: 'boolean' },
  'new-url': { type: 'boolean' },
  'check-name': { type: 'string' },
  'provider-url': { type: 'string' },
  'app-id': { type: 'string' },
  'installation-id': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} satisfies ParseArgsConfig['options'];

export type Flags = { [K in keyof typeof options]?: (typeof options)[K]['type'] extends 'boolean' ? boolean : string };

export function parseDuration(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!m) throw new QaError(EXIT.usage, `--timeout ${text}: give a duration such as 90s, 20m or 1h`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] ?? 's']!;
  return Number(m[1]) * unit;
}

export function choice(flag: string, value: string | undefined, allowed: string[], fallback: string): string {
  if (value === undefined) return fallback;
  if (!allowed.includes(value)) throw new QaError(EXIT.usage, `--${flag} must be one of ${allowed.join(', ')}`);
  return value;
}

/** `--fail-fast` / `--fail-fast-after <n>` as run.trigger's failFast; undefined without either. */
export function failFastOf(f: Flags): { afterFailures: number } | undefined {
  const after = f['fail-fast-after'];
  if (after === undefined) return f['fail-fast'] ? { afterFailures: 1 } : undefined;
  if (!/^[1-9]\d{0,3}$/.test(after) || Number(after) > 1000)
    throw new QaError(EXIT.usage, `--fail-fast-after ${after}: give a number of failures from 1 to 1000`);
  return { afterFailures: Number(after) };
}
