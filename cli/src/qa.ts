#!/usr/bin/env node
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { Api, decisive, EXIT, QaError } from './http';
import { ciContext, idempotencyKeyFor, type CiContext } from './ci';
import { junitXml, failureOf, type CaseResult, type EvidenceStep, type SuiteResult } from './junit';

const HELP = `qa: trigger QA Runs from CI, wait for them, write JUnit XML, exit with a gate code.

Usage:
  qa run (--plan <id or exact name> | --case <id>) (--env <slug> | --base-url <url>) [options]
  qa status <runId | planGroupRunId> [--wait] [--timeout <duration>] [--junit <file>] [--json]
  qa evidence <runId> [--download <dir>] [--json]

Configuration: QA_API_URL (or --api-url) and QA_API_KEY (environment only, never a flag).

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
  --rerun-failed <planGroupRunId|last|auto>
                               re-run only the members that did not pass (auto: on a GitHub re-run
                               attempt, those of the previous attempt; otherwise the whole plan)
  --changed-since <git ref>    run only the members whose covers:<glob> tags match
                               git diff --name-only <ref>...HEAD (members without covers: always run)
  --idempotency-key <key>      override the key derived from the CI run (run id + attempt + job)
  --retries <n>                attempts on network errors, 429 and 5xx (default 6, with backoff)

Exit codes:
  0    every Run passed
  1    at least one Run failed (also a flaky pass with --fail-on-flaky)
  2    usage, configuration or authentication error (bad flag, bad key, unknown plan or environment)
  3    inconclusive: none failed, at least one unverified, invalid or canceled
  4    the service stayed unavailable after retries
  5    the wait timed out
  130  interrupted (SIGINT), 143 terminated (SIGTERM)
  With mixed results the most decisive code wins: 2 > 1 > 5 > 4 > 3.
`;

const TERMINAL = new Set(['passing', 'failed', 'unverified', 'canceled', 'invalid']);
const ID = { run: /^run_[0-9a-z]{26}$/, group: /^pgr_[0-9a-z]{26}$/, plan: /^tp_[0-9a-z]{26}$/ };

const options = {
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
  'idempotency-key': { type: 'string' },
  'api-url': { type: 'string' },
  retries: { type: 'string' },
  download: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} satisfies ParseArgsConfig['options'];

type Flags = { [K in keyof typeof options]?: (typeof options)[K]['type'] extends 'boolean' ? boolean : string };

interface RunState {
  runId: string;
  status: string;
  verdict?: string;
  validity?: string;
  cursor: number;
  flaky: boolean;
  progress: { total: number; completed: number; passed: number; failed: number; skipped: number };
  testCaseId?: string;
  planGroupRunId?: string;
  environmentSlug?: string;
  reportUrl?: string;
  diagnosis?: { category: string; suggestedAction: string; reason?: string };
  createdAt?: number;
  updatedAt?: number;
}

/** Where the human text goes, and how it looks: a live view on a terminal, plain lines in CI. */
class Output {
  private live = new Map<string, string>();
  private drawn = 0;
  constructor(
    private readonly stream: NodeJS.WriteStream,
    readonly mode: 'tty' | 'plain',
  ) {}
  line(text: string) {
    this.clear();
    this.stream.write(`${text}\n`);
    this.redraw();
  }
  /** One line per Run: its name, steps done/total and status. */
  progress(key: string, text: string) {
    if (this.live.get(key) === text) return;
    this.live.set(key, text);
    if (this.mode === 'plain') this.stream.write(`${text}\n`);
    else {
      this.clear();
      this.redraw();
    }
  }
  done() {
    this.drawn = 0;
    this.live.clear();
  }
  private clear() {
    if (this.mode === 'tty' && this.drawn) this.stream.write(`\x1b[${this.drawn}A\x1b[0J`);
    this.drawn = 0;
  }
  private redraw() {
    if (this.mode !== 'tty') return;
    for (const text of this.live.values()) this.stream.write(`${text}\n`);
    this.drawn = this.live.size;
  }
}

function parseDuration(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!m) throw new QaError(EXIT.usage, `--timeout ${text}: give a duration such as 90s, 20m or 1h`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] ?? 's']!;
  return Number(m[1]) * unit;
}

function choice(flag: string, value: string | undefined, allowed: string[], fallback: string): string {
  if (value === undefined) return fallback;
  if (!allowed.includes(value)) throw new QaError(EXIT.usage, `--${flag} must be one of ${allowed.join(', ')}`);
  return value;
}

class Cli {
  private api!: Api;
  private out!: Output;
  private ci: CiContext = ciContext(process.env);
  private names = new Map<string, string>();
  /** Runs being followed, so an interrupt can cancel them. */
  private following: string[] = [];
  private resume = '';

  constructor(private readonly flags: Flags) {}

  setup() {
    const json = !!this.flags.json;
    const stream = json ? process.stderr : process.stdout;
    const tty = !!stream.isTTY && !process.env.CI;
    this.out = new Output(stream, tty ? 'tty' : 'plain');
    const url = this.flags['api-url'] ?? process.env.QA_API_URL;
    const key = process.env.QA_API_KEY;
    if (!url) throw new QaError(EXIT.usage, 'set QA_API_URL (or pass --api-url) to the service address');
    if (!/^https?:\/\//.test(url)) throw new QaError(EXIT.usage, `QA_API_URL ${url} is not an http(s) address`);
    if (!key) throw new QaError(EXIT.usage, 'set QA_API_KEY to an API key of your organization (kept in a secret)');
    const attempts = this.flags.retries ? Number(this.flags.retries) : 6;
    if (!Number.isInteger(attempts) || attempts < 1 || attempts > 20)
      throw new QaError(EXIT.usage, '--retries must be an integer from 1 to 20');
    this.api = new Api({
      url,
      key,
      attempts,
      backoffMs: Number(process.env.QA_RETRY_BACKOFF_MS ?? 500),
      log: (line) => this.out.line(`qa: ${line}`),
    });
  }

  // ---- qa run
  async run(): Promise<number> {
    const f = this.flags;
    if (!!f.plan === !!f.case) throw new QaError(EXIT.usage, 'give exactly one of --plan and --case');
    if (f.env && f['base-url']) throw new QaError(EXIT.usage, 'give --env or --base-url, not both');
    if (!f.env && !f['base-url']) throw new QaError(EXIT.usage, 'give --env <slug> or --base-url <url>');
    if (f['rerun-failed'] && !f.plan) throw new QaError(EXIT.usage, '--rerun-failed needs --plan');
    const timeoutMs = parseDuration(f.timeout ?? '60m');
    const commit = f.commit ?? this.ci.commit;
    const target = {
      ...(f.env ? { environmentSlug: f.env } : {}),
      ...(f['base-url'] ? { targets: { web: { baseUrl: f['base-url'] } } } : {}),
    };
    const testPlanId = f.plan ? await this.resolvePlan(f.plan) : undefined;
    let queued: { runIds: string[]; planGroupRunId?: string; selection?: unknown[] } | undefined;

    const spec = f['rerun-failed'];
    const previous = spec ? await this.previousGroup(spec, testPlanId!, commit) : null;
    if (previous) {
      // For last/auto the key names what was asked, not the group found: a retried CI step finds
      // the group its first try created, so the key must not change with it.
      const key =
        f['idempotency-key'] ??
        idempotencyKeyFor(
          this.ci,
          ID.group.test(spec!) ? { rerun: spec } : { rerun: spec, testPlanId, env: f.env, commit },
        );
      const rerunOnce = (planGroupRunId: string) =>
        this.api.request<{ planGroupRunId: string; runIds: string[] }>(
          'POST',
          '/api/runs/rerun',
          { planGroupRunId, only: 'not_passing' },
          { 'Idempotency-Key': key },
        );
      let rerunOf = previous.planGroupRunId;
      let rerun: { planGroupRunId: string; runIds: string[] };
      try {
        rerun = await rerunOnce(rerunOf);
      } catch (error) {
        // CONFLICT: this key already re-ran another group, so the newest group is that re-run,
        // made by this step's first try; asking for its original replays the first answer.
        if (!(error instanceof QaError && error.httpStatus === 409 && previous.rerunOf && !ID.group.test(spec!)))
          throw error;
        rerunOf = previous.rerunOf;
        rerun = await rerunOnce(rerunOf);
      }
      this.out.line(`Re-running what did not pass in ${rerunOf}: ${rerun.runIds.length} Run(s)`);
      queued = rerun;
    } else {
      const changedFiles = f['changed-since'] ? gitChangedFiles(f['changed-since']) : undefined;
      const body = {
        ...(testPlanId ? { testPlanId } : { testCaseId: f.case }),
        ...target,
        ...((f.branch ?? this.ci.branch) ? { branch: f.branch ?? this.ci.branch } : {}),
        ...((f.pr ?? this.ci.pr) ? { pr: f.pr ?? this.ci.pr } : {}),
        ...(commit
          ? {
              deployment: { commitSha: commit, ...(this.ci.provider !== 'none' ? { provider: this.ci.provider } : {}) },
            }
          : {}),
        ...(changedFiles ? { scope: 'changed', changedFiles } : {}),
      };
      const idempotencyKey = f['idempotency-key'] ?? idempotencyKeyFor(this.ci, body);
      queued = await this.api.op('run.trigger', { idempotencyKey, ...body });
      for (const s of (queued!.selection ?? []) as Array<{ name: string; selected: boolean; reason: string }>)
        this.out.line(`${s.selected ? 'selected' : 'skipped '} ${s.name}: ${s.reason}`);
    }
    const ids = queued!;
    this.out.line(
      ids.planGroupRunId
        ? `Queued plan group ${ids.planGroupRunId}: ${ids.runIds.length} Run(s)`
        : `Queued Run ${ids.runIds[0]}`,
    );
    const subject = ids.planGroupRunId ?? ids.runIds[0];
    if (!f.wait) {
      const result = await this.collect(subject, false);
      this.printLinks(result);
      this.finish(result, null);
      return EXIT.passed;
    }
    return this.waitAndReport(subject, ids.runIds, timeoutMs);
  }

  // ---- qa status
  async status(id: string): Promise<number> {
    if (!ID.run.test(id) && !ID.group.test(id))
      throw new QaError(EXIT.usage, `${id} is neither a Run id (run_…) nor a plan group id (pgr_…)`);
    const timeoutMs = parseDuration(this.flags.timeout ?? '60m');
    const runIds = ID.group.test(id)
      ? (
          (await this.api.request('GET', `/api/plan-groups/${id}`)) as {
            members: Array<{ runId?: string; status: string }>;
          }
        ).members
          .filter((m) => m.runId && m.status !== 'passed_in_original')
          .map((m) => m.runId!)
      : [id];
    if (this.flags.wait) return this.waitAndReport(id, runIds, timeoutMs);
    const result = await this.collect(id, true);
    this.printSummary(result);
    const unfinished = result.cases.some(
      (c) => !TERMINAL.has(c.status) && c.status !== 'passed_in_original' && c.status !== 'not_selected',
    );
    return this.finish(result, unfinished ? EXIT.timedOut : null);
  }

  // ---- qa evidence
  async evidence(runId: string): Promise<number> {
    if (!ID.run.test(runId)) throw new QaError(EXIT.usage, `${runId} is not a Run id (run_…)`);
    const ev = await this.api.op('run.evidence', { runId });
    const state = await this.api.op<RunState>('run.get', { runId });
    const saved: string[] = [];
    if (this.flags.download) {
      mkdirSync(this.flags.download, { recursive: true });
      for (const s of ev.steps as EvidenceStep[])
        for (const m of s.media.filter((x) => x.kind === 'screenshot'))
          saved.push(await this.download(m.url, path.join(this.flags.download, `${runId}-step-${s.index + 1}.png`)));
      // Not evidence, but what an engineer debugging the Run wants beside it (API keys only).
      const trace = await this.api.redirectOf(`/api/runs/${runId}/trace`);
      if (trace) saved.push(await this.download(trace, path.join(this.flags.download, `${runId}-trace.zip`)));
    }
    if (this.flags.json) {
      process.stdout.write(`${JSON.stringify({ ...ev, reportUrl: state.reportUrl, downloaded: saved })}\n`);
    } else {
      this.out.line(
        `Run ${runId}: ${ev.status}${ev.verdict ? ` (verdict ${ev.verdict}, validity ${ev.validity})` : ''}${ev.flaky ? ', flaky' : ''}`,
      );
      if (ev.diagnosis)
        this.out.line(
          `Diagnosis (${ev.diagnosis.category}): ${ev.diagnosis.reason ?? ''} ${ev.diagnosis.suggestedAction}`,
        );
      for (const s of ev.steps as EvidenceStep[]) {
        this.out.line(
          `  ${s.index + 1}. ${s.action}${s.target ? ` ${s.target}` : ''}: ${s.status} (${(s.durationMs / 1000).toFixed(1)} s) ${s.reason}`,
        );
        if (s.diagnosis) this.out.line(`     diagnosis ${s.diagnosis.category}: ${s.diagnosis.suggestedAction}`);
        for (const m of s.media) this.out.line(`     ${m.kind}: ${m.url}`);
      }
      for (const file of saved) this.out.line(`saved ${file}`);
      if (state.reportUrl) this.out.line(`Report: ${state.reportUrl}`);
    }
    return EXIT.passed;
  }

  // ---- waiting
  private async waitAndReport(subject: string, runIds: string[], timeoutMs: number): Promise<number> {
    this.following = runIds;
    this.resume = `qa status ${subject} --wait${this.flags.junit ? ` --junit ${this.flags.junit}` : ''}`;
    const deadline = Date.now() + timeoutMs;
    await this.loadNames(subject);
    const timedOut = !(await this.follow(runIds, deadline));
    if (timedOut) {
      this.out.line(`qa: the wait timed out after ${this.flags.timeout ?? '60m'}; the Runs go on.`);
      if (choice('on-timeout', this.flags['on-timeout'], ['detach', 'cancel'], 'detach') === 'cancel') {
        await this.cancel(runIds);
      } else this.out.line(`Resume waiting with: ${this.resume}`);
    }
    const result = await this.collect(subject, true);
    this.printSummary(result);
    return this.finish(result, timedOut ? EXIT.timedOut : null);
  }

  /** The Test Case name of each Run, for the progress lines. */
  private async loadNames(subject: string) {
    if (ID.group.test(subject)) {
      const group = await this.api.request('GET', `/api/plan-groups/${subject}`);
      for (const m of group.members as Array<{ runId?: string; name: string }>)
        if (m.runId) this.names.set(m.runId, m.name);
      return;
    }
    const state = await this.api.op<RunState>('run.get', { runId: subject });
    if (state.testCaseId)
      this.names.set(subject, (await this.api.op('test_case.get', { testCaseId: state.testCaseId })).name);
  }

  /** Follows every Run with run.get long-polls until all are terminal; false when the deadline came first. */
  private async follow(runIds: string[], deadline: number): Promise<boolean> {
    const states = new Map<string, RunState>();
    for (const runId of runIds) states.set(runId, await this.api.op<RunState>('run.get', { runId }));
    for (const s of states.values()) this.show(s);
    for (;;) {
      const open = [...states.values()].filter((s) => !TERMINAL.has(s.status));
      if (!open.length) {
        this.out.done();
        return true;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        this.out.done();
        return false;
      }
      // One long-poll at a time on the first open Run, then a quick look at the others.
      const [first, ...rest] = open;
      const waitMs = Math.max(0, Math.min(20_000, left));
      const next = await this.api.op<RunState>(
        'run.get',
        { runId: first.runId, cursor: first.cursor, waitMs },
        // (the HTTP timeout covers the long-poll)
      );
      states.set(first.runId, next);
      this.show(next);
      for (const s of rest) {
        const now = await this.api.op<RunState>('run.get', { runId: s.runId });
        states.set(s.runId, now);
        this.show(now);
      }
    }
  }

  private show(s: RunState) {
    const name = this.names.get(s.runId) ?? s.runId;
    this.out.progress(
      s.runId,
      `${name}: ${s.progress.completed}/${s.progress.total} steps, ${s.status}${s.flaky ? ' (flaky)' : ''}`,
    );
  }

  private async cancel(runIds: string[]) {
    let canceled = 0;
    for (const runId of runIds) {
      try {
        // One key per Run: a retried cancel replays the first answer.
        await this.api.request('POST', `/api/runs/${runId}/cancel`, {}, { 'Idempotency-Key': `qa-cancel-${runId}` });
        canceled++;
      } catch (error) {
        // 422: the Run ended meanwhile and keeps its outcome.
        if (!(error instanceof QaError && error.httpStatus === 422))
          this.out.line(`qa: could not cancel ${runId}: ${(error as Error).message}`);
      }
    }
    const left = runIds.length - canceled;
    this.out.line(`Canceled ${canceled} Run(s)${left ? `; ${left} had already ended or could not be canceled` : ''}.`);
  }

  /** Interrupted: cancel or detach, then exit 130/143. */
  async interrupted(signal: 'SIGINT' | 'SIGTERM'): Promise<number> {
    this.out.done();
    if (this.following.length) {
      if (choice('on-interrupt', this.flags['on-interrupt'], ['detach', 'cancel'], 'detach') === 'cancel')
        await this.cancel(this.following);
      else this.out.line(`qa: interrupted; the Runs go on. Resume waiting with: ${this.resume}`);
    }
    return signal === 'SIGINT' ? EXIT.sigint : EXIT.sigterm;
  }

  // ---- results
  /** Reads the final state of a plan group or a Run into the report's shape. */
  private async collect(subject: string, withEvidence: boolean): Promise<SuiteResult> {
    if (ID.group.test(subject)) {
      const group = await this.api.request('GET', `/api/plan-groups/${subject}`);
      const cases: CaseResult[] = [];
      for (const m of group.members) {
        const ran = m.runId && m.status !== 'passed_in_original';
        const ev =
          ran && withEvidence && TERMINAL.has(m.status) ? await this.api.op('run.evidence', { runId: m.runId }) : null;
        cases.push(await this.caseOf(m, ev, group.environmentSlug));
      }
      return {
        name: group.planName,
        planGroupRunId: group.planGroupRunId,
        environment: group.environmentSlug,
        reportUrl: group.reportUrl,
        timestamp: group.createdAt,
        cases,
      };
    }
    const state = await this.api.op<RunState>('run.get', { runId: subject });
    const name = state.testCaseId
      ? ((await this.api.op('test_case.get', { testCaseId: state.testCaseId })).name as string)
      : subject;
    const ev =
      withEvidence && TERMINAL.has(state.status) ? await this.api.op('run.evidence', { runId: subject }) : null;
    const durationMs = state.createdAt && state.updatedAt ? state.updatedAt - state.createdAt : 0;
    const c = await this.caseOf(
      {
        name,
        status: state.status,
        runId: state.runId,
        verdict: state.verdict,
        validity: state.validity,
        flaky: state.flaky,
        reportUrl: state.reportUrl,
        reason: state.diagnosis?.reason,
        diagnosisCategory: state.diagnosis?.category,
        durationMs,
      },
      ev,
      state.environmentSlug,
    );
    return { name, environment: state.environmentSlug, timestamp: state.createdAt ?? Date.now(), cases: [c] };
  }

  private async caseOf(m: any, ev: any, environment?: string): Promise<CaseResult> {
    const steps: EvidenceStep[] = ev?.steps ?? [];
    const attachments: string[] = [];
    const dir = this.flags['artifacts-dir'];
    if (dir && (m.status === 'failed' || m.status === 'unverified' || m.status === 'invalid')) {
      mkdirSync(dir, { recursive: true });
      for (const s of steps.filter((x) => x.status === 'failed'))
        for (const media of s.media.filter((x) => x.kind === 'screenshot'))
          attachments.push(await this.download(media.url, path.join(dir, `${m.runId}-step-${s.index + 1}.png`)));
    }
    const durationMs = m.durationMs ?? steps.reduce((n, s) => n + s.durationMs, 0);
    return {
      name: m.name,
      status: m.status,
      runId: m.runId,
      verdict: m.verdict,
      validity: m.validity,
      flaky: !!m.flaky,
      reportUrl: m.reportUrl,
      environment,
      note: m.reason ?? ev?.diagnosis?.reason,
      diagnosisCategory: m.diagnosisCategory ?? ev?.diagnosis?.category,
      durationMs,
      steps,
      attachments,
    };
  }

  private async download(url: string, file: string): Promise<string> {
    const res = await fetch(url);
    if (!res.ok) throw new QaError(EXIT.unavailable, `could not download ${url}: HTTP ${res.status}`);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    return file;
  }

  private printLinks(result: SuiteResult) {
    if (result.reportUrl) this.out.line(`Report: ${result.reportUrl}`);
    for (const c of result.cases) if (c.reportUrl && c.runId) this.out.line(`  ${c.name}: ${c.reportUrl}`);
  }

  private printSummary(result: SuiteResult) {
    this.out.line(`${result.name}:`);
    for (const c of result.cases) {
      const why =
        c.status === 'failed' || c.status === 'unverified' || c.status === 'invalid'
          ? ` - ${failureOf(c).message}`
          : c.note && c.status !== 'passing'
            ? ` - ${c.note}`
            : '';
      this.out.line(`  ${c.status.padEnd(18)} ${c.name}${c.flaky ? ' (flaky)' : ''}${why}`);
      if (c.reportUrl) this.out.line(`  ${''.padEnd(18)} ${c.reportUrl}`);
    }
    if (result.reportUrl) this.out.line(`Report: ${result.reportUrl}`);
  }

  /** Writes JUnit, GitHub annotations and step summary, the JSON document; answers the exit code. */
  private finish(result: SuiteResult, extra: number | null): number {
    const codes = result.cases.map((c) => {
      if (c.status === 'failed') return EXIT.failed;
      if (c.flaky && this.flags['fail-on-flaky']) return EXIT.failed;
      if (['unverified', 'invalid', 'canceled'].includes(c.status)) return EXIT.inconclusive;
      return EXIT.passed;
    });
    const code = decisive(extra === null ? codes : [...codes, extra]);
    if (this.flags.junit) {
      mkdirSync(path.dirname(path.resolve(this.flags.junit)), { recursive: true });
      writeFileSync(this.flags.junit, junitXml(result));
      this.out.line(`JUnit: ${this.flags.junit}`);
    }
    if (this.ci.provider === 'github') this.github(result);
    if (this.flags.json) process.stdout.write(`${JSON.stringify({ exitCode: code, ...result })}\n`);
    return code;
  }

  private github(result: SuiteResult) {
    const esc = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
    const escProp = (s: string) => esc(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
    let annotations = 0;
    for (const c of result.cases.filter((x) => x.status === 'failed'))
      for (const s of c.steps.filter((x) => x.status === 'failed')) {
        if (annotations++ >= 10) break; // GitHub shows at most 10 error annotations per step.
        process.stdout.write(
          `::error title=${escProp(`${c.name}: step ${s.index + 1} ${s.action}${s.target ? ` ${s.target}` : ''}`)}::${esc(`${s.reason}${s.diagnosis ? ` (${s.diagnosis.category}: ${s.diagnosis.suggestedAction})` : ''}${c.reportUrl ? ` Report: ${c.reportUrl}` : ''}`)}\n`,
        );
      }
    if (this.ci.stepSummaryFile) {
      const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
      const rows = result.cases.map(
        (c) =>
          `| ${cell(c.name)} | ${c.status}${c.flaky ? ' (flaky)' : ''} | ${(c.durationMs / 1000).toFixed(1)} s | ${c.reportUrl ? `[report](${c.reportUrl})` : ''} |`,
      );
      appendFileSync(
        this.ci.stepSummaryFile,
        [
          `### QA: ${cell(result.name)}`,
          '',
          '| Test Case | Status | Duration | Report |',
          '| --- | --- | --- | --- |',
          ...rows,
          '',
          ...(result.reportUrl ? [`[Plan group report](${result.reportUrl})`, ''] : []),
        ].join('\n'),
      );
    }
  }

  // ---- lookups
  private async resolvePlan(plan: string): Promise<string> {
    if (ID.plan.test(plan)) return plan;
    const found: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Array<{ id: string; name: string }>; nextCursor: string | null } = await this.api.op(
        'test_plan.list',
        { limit: 100, ...(cursor ? { cursor } : {}) },
      );
      found.push(...page.items.filter((p) => p.name === plan).map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    if (!found.length)
      throw new QaError(EXIT.usage, `no Test Plan is named "${plan}" (names match exactly; or pass its id)`);
    if (found.length > 1)
      throw new QaError(
        EXIT.usage,
        `${found.length} Test Plans are named "${plan}"; pass the id (${found.join(', ')})`,
      );
    return found[0];
  }

  /** The plan group to re-run (with the group it re-ran, if any), or null when the whole plan should run. */
  private async previousGroup(
    spec: string,
    testPlanId: string,
    commit?: string,
  ): Promise<{ planGroupRunId: string; rerunOf?: string } | null> {
    if (ID.group.test(spec)) return { planGroupRunId: spec };
    if (spec !== 'last' && spec !== 'auto')
      throw new QaError(EXIT.usage, '--rerun-failed takes a plan group id (pgr_…), last or auto');
    if (spec === 'auto' && !(this.ci.attempt && this.ci.attempt > 1)) return null;
    const query = new URLSearchParams({ testPlanId, limit: '1' });
    if (this.flags.env) query.set('environmentSlug', this.flags.env);
    if (spec === 'auto' && commit) query.set('commitSha', commit);
    const groups: Array<{ planGroupRunId: string; rerunOf?: string }> = await this.api.request(
      'GET',
      `/api/plan-groups?${query}`,
    );
    if (!groups.length) {
      if (spec === 'last') throw new QaError(EXIT.usage, 'there is no earlier plan group of this plan to re-run');
      this.out.line('qa: no earlier attempt of this plan at this commit; running the whole plan');
      return null;
    }
    return { planGroupRunId: groups[0].planGroupRunId, ...(groups[0].rerunOf ? { rerunOf: groups[0].rerunOf } : {}) };
  }
}

function gitChangedFiles(ref: string): string[] {
  try {
    return execFileSync('git', ['diff', '--name-only', `${ref}...HEAD`], { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  } catch (error) {
    throw new QaError(EXIT.usage, `git diff --name-only ${ref}...HEAD failed: ${(error as Error).message}`);
  }
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP);
    return command ? EXIT.passed : EXIT.usage;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`qa: ${(error as Error).message}\n\n${HELP}`);
    return EXIT.usage;
  }
  const flags = parsed.values as Flags;
  if (flags.help) {
    process.stdout.write(HELP);
    return EXIT.passed;
  }
  const cli = new Cli(flags);
  const work = async () => {
    cli.setup();
    switch (command) {
      case 'run':
        if (parsed.positionals.length) throw new QaError(EXIT.usage, `unexpected argument ${parsed.positionals[0]}`);
        return cli.run();
      case 'status':
        if (parsed.positionals.length !== 1) throw new QaError(EXIT.usage, 'usage: qa status <runId|planGroupRunId>');
        return cli.status(parsed.positionals[0]);
      case 'evidence':
        if (parsed.positionals.length !== 1) throw new QaError(EXIT.usage, 'usage: qa evidence <runId>');
        return cli.evidence(parsed.positionals[0]);
      default:
        throw new QaError(EXIT.usage, `unknown command ${command}; see qa --help`);
    }
  };
  const signals = new Promise<number>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.once(
        signal,
        () => void cli.interrupted(signal).then(resolve, () => resolve(signal === 'SIGINT' ? 130 : 143)),
      );
  });
  try {
    return await Promise.race([work(), signals]);
  } catch (error) {
    if (error instanceof QaError) {
      process.stderr.write(`qa: ${error.message}\n`);
      return error.exitCode;
    }
    process.stderr.write(`qa: ${(error as Error).stack ?? error}\n`);
    return EXIT.usage;
  }
}

if (require.main === module) {
  // Should the event loop ever drain with the work unsettled, Node exits with this code, not 0 (a pass).
  process.exitCode = EXIT.usage;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    () => process.exit(EXIT.usage),
  );
}
