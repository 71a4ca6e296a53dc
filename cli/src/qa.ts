#!/usr/bin/env node
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { choice, failFastOf, HELP, options, parseDuration, type Flags } from './args';
import { ciContext, gitChangedFiles, idempotencyKeyFor, type CiContext } from './ci';
import { RunFollower } from './follow';
import { Api, EXIT, QaError } from './http';
import { Output } from './output';
import { Reporter } from './report';
import { channelsCommand, connectionsCommand } from './notify';
import type { NotifyContext } from './notify-context';
import { generateCommand, generationCommand } from './generate';
import { schedulesCommand } from './schedules';
import {
  ID,
  TERMINAL,
  type Evidence,
  type PlanGroup,
  type PlanPage,
  type Queued,
  type Rerun,
  type RunState,
} from './shapes';

/** The three commands (run, status, evidence); following and reporting live in their own modules. */
class Cli {
  private api!: Api;
  private out!: Output;
  private runs!: RunFollower;
  private report!: Reporter;
  private ci: CiContext = ciContext(process.env);
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
    this.runs = new RunFollower(this.api, this.out);
    this.report = new Reporter(this.api, this.out, this.flags, this.ci);
  }

  // ---- qa schedules
  schedules(args: string[]): Promise<number> {
    return schedulesCommand(this.api, this.out, !!this.flags.json, args, this.flags['idempotency-key']);
  }

  // ---- qa channels, qa connections
  notify(): NotifyContext {
    return {
      api: this.api,
      out: this.out,
      flags: this.flags,
      env: process.env,
      resolvePlan: (p) => this.resolvePlan(p),
    };
  }

  // ---- qa generate / qa generation
  generate(prompt: string): Promise<number> {
    const f = this.flags;
    if (!f.env) throw new QaError(EXIT.usage, 'qa generate explores an Environment: give --env <slug>');
    return generateCommand(this.api, this.out, prompt, f.env, {
      json: !!f.json,
      wait: !!f.wait,
      timeoutMs: parseDuration(f.timeout ?? '10m'),
      idempotencyKey: f['idempotency-key'],
      name: f.name,
    });
  }

  generation(testPlanId: string): Promise<number> {
    return generationCommand(this.api, this.out, testPlanId, !!this.flags.json);
  }

  // ---- qa run
  async run(): Promise<number> {
    const f = this.flags;
    // A plan group id names its plan and environment already: `--rerun-failed <pgr_…>` may stand alone.
    const rerunOfGroup = !!f['rerun-failed'] && ID.group.test(f['rerun-failed']);
    if (rerunOfGroup && f.case)
      throw new QaError(EXIT.usage, '--rerun-failed re-runs a plan group; it takes no --case');
    if (!rerunOfGroup && !!f.plan === !!f.case) throw new QaError(EXIT.usage, 'give exactly one of --plan and --case');
    if (f.env && f['base-url']) throw new QaError(EXIT.usage, 'give --env or --base-url, not both');
    if (!rerunOfGroup && !f.env && !f['base-url'])
      throw new QaError(EXIT.usage, 'give --env <slug> or --base-url <url>');
    if (f['rerun-failed'] && !f.plan && !rerunOfGroup)
      throw new QaError(EXIT.usage, '--rerun-failed last|auto needs --plan');
    const timeoutMs = parseDuration(f.timeout ?? '60m');
    if ((f['fail-fast'] || f['fail-fast-after'] || f['cancel-superseded']) && !f.plan)
      throw new QaError(EXIT.usage, '--fail-fast, --fail-fast-after and --cancel-superseded need --plan');
    const failFast = failFastOf(f);
    const accessibility = f.accessibility && choice('accessibility', f.accessibility, ['off', 'report', 'fail'], 'off');
    const commit = f.commit ?? this.ci.commit;
    const target = {
      ...(f.env ? { environmentSlug: f.env } : {}),
      ...(f['base-url'] ? { targets: { web: { baseUrl: f['base-url'] } } } : {}),
    };
    const testPlanId = f.plan ? await this.resolvePlan(f.plan) : undefined;
    let queued: Queued | undefined;

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
        this.api.request<Rerun>(
          'POST',
          '/api/runs/rerun',
          { planGroupRunId, only: 'not_passing' },
          { 'Idempotency-Key': key },
        );
      let rerunOf = previous.planGroupRunId;
      let rerun: Rerun;
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
              deployment: {
                commitSha: commit,
                ...(this.ci.provider !== 'none' ? { provider: this.ci.provider } : {}),
                ...(this.ci.repository ? { repository: this.ci.repository } : {}),
              },
            }
          : {}),
        ...(changedFiles ? { scope: 'changed', changedFiles } : {}),
        ...(failFast ? { failFast } : {}),
        ...(f['cancel-superseded'] ? { cancelSuperseded: true } : {}),
        ...(accessibility ? { accessibility: { mode: accessibility } } : {}),
      };
      const idempotencyKey = f['idempotency-key'] ?? idempotencyKeyFor(this.ci, body);
      queued = await this.api.op<Queued>('run.trigger', { idempotencyKey, ...body });
      for (const older of queued.superseded ?? [])
        this.out.line(`Canceling the unfinished members of superseded plan group ${older}`);
      for (const s of queued.selection ?? [])
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
      const result = await this.report.collect(subject, false);
      this.report.printLinks(result);
      this.report.finish(result, null);
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
      ? (await this.api.request<PlanGroup>('GET', `/api/plan-groups/${id}`)).members
          .filter((m) => m.runId && m.status !== 'passed_in_original')
          .map((m) => m.runId!)
      : [id];
    if (this.flags.wait) return this.waitAndReport(id, runIds, timeoutMs);
    const result = await this.report.collect(id, true);
    this.report.printSummary(result);
    const unfinished = result.cases.some(
      (c) => !TERMINAL.has(c.status) && c.status !== 'passed_in_original' && c.status !== 'not_selected',
    );
    return this.report.finish(result, unfinished ? EXIT.timedOut : null);
  }

  // ---- qa evidence
  async evidence(runId: string): Promise<number> {
    if (!ID.run.test(runId)) throw new QaError(EXIT.usage, `${runId} is not a Run id (run_…)`);
    const ev = await this.api.op<Evidence>('run.evidence', { runId });
    const state = await this.api.op<RunState>('run.get', { runId });
    const saved: string[] = [];
    if (this.flags.download) {
      mkdirSync(this.flags.download, { recursive: true });
      for (const s of ev.steps)
        for (const m of s.media.filter((x) => x.kind === 'screenshot'))
          saved.push(
            await this.report.download(m.url, path.join(this.flags.download, `${runId}-step-${s.index + 1}.png`)),
          );
      // Not evidence, but what an engineer debugging the Run wants beside it (API keys only).
      const trace = await this.api.redirectOf(`/api/runs/${runId}/trace`);
      if (trace) saved.push(await this.report.download(trace, path.join(this.flags.download, `${runId}-trace.zip`)));
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
      for (const s of ev.steps) {
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
    await this.runs.loadNames(subject);
    const timedOut = !(await this.runs.follow(runIds, deadline, ID.group.test(subject) ? subject : undefined));
    if (timedOut) {
      this.out.line(`qa: the wait timed out after ${this.flags.timeout ?? '60m'}; the Runs go on.`);
      if (choice('on-timeout', this.flags['on-timeout'], ['detach', 'cancel'], 'detach') === 'cancel') {
        await this.runs.cancel(runIds);
      } else this.out.line(`Resume waiting with: ${this.resume}`);
    }
    const result = await this.report.collect(subject, true);
    this.report.printSummary(result);
    return this.report.finish(result, timedOut ? EXIT.timedOut : null);
  }

  /** Interrupted: cancel or detach, then exit 130/143. */
  async interrupted(signal: 'SIGINT' | 'SIGTERM'): Promise<number> {
    this.out.done();
    if (this.following.length) {
      if (choice('on-interrupt', this.flags['on-interrupt'], ['detach', 'cancel'], 'detach') === 'cancel')
        await this.runs.cancel(this.following);
      else this.out.line(`qa: interrupted; the Runs go on. Resume waiting with: ${this.resume}`);
    }
    return signal === 'SIGINT' ? EXIT.sigint : EXIT.sigterm;
  }

  // ---- lookups
  private async resolvePlan(plan: string): Promise<string> {
    if (ID.plan.test(plan)) return plan;
    const found: string[] = [];
    let cursor: string | null = null;
    do {
      const page: PlanPage = await this.api.op('test_plan.list', { limit: 100, ...(cursor ? { cursor } : {}) });
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
    const groups = await this.api.request<PlanGroup[]>('GET', `/api/plan-groups?${query}`);
    if (!groups.length) {
      if (spec === 'last') throw new QaError(EXIT.usage, 'there is no earlier plan group of this plan to re-run');
      this.out.line('qa: no earlier attempt of this plan at this commit; running the whole plan');
      return null;
    }
    return { planGroupRunId: groups[0].planGroupRunId, ...(groups[0].rerunOf ? { rerunOf: groups[0].rerunOf } : {}) };
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
      case 'schedules':
        return cli.schedules(parsed.positionals);
      case 'channels':
        return channelsCommand(cli.notify(), parsed.positionals);
      case 'connections':
        return connectionsCommand(cli.notify(), parsed.positionals);
      case 'generate':
        if (parsed.positionals.length !== 1 || !parsed.positionals[0].trim())
          throw new QaError(EXIT.usage, 'usage: qa generate "<what to test, in words>" --env <slug> [--wait]');
        return cli.generate(parsed.positionals[0]);
      case 'generation':
        if (parsed.positionals.length !== 1) throw new QaError(EXIT.usage, 'usage: qa generation <testPlanId>');
        return cli.generation(parsed.positionals[0]);
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

// In the bundled GitHub Action (action/dist/index.js) this module is not the entry: the Action calls main().
if (require.main === module && !(globalThis as { qaAction?: boolean }).qaAction) {
  // Should the event loop ever drain with the work unsettled, Node exits with this code, not 0 (a pass).
  process.exitCode = EXIT.usage;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    () => process.exit(EXIT.usage),
  );
}
