import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Flags } from './args';
import { reportToGithub, type CiContext } from './ci';
import { Api, decisive, EXIT, QaError } from './http';
import { accessibilityText, addUp } from './accessibility';
import { failureOf, junitXml, type CaseResult, type SuiteResult } from './junit';
import type { Output } from './output';
import {
  ID,
  TERMINAL,
  type AccessibilitySummary,
  type CaseHealth,
  type Evidence,
  type EvidenceStep,
  type PlanGroup,
  type PlanGroupMember,
  type RunState,
} from './shapes';

/** Reads what the Runs came to and reports it: the summary, JUnit, CI annotations, JSON, the exit code. */
export class Reporter {
  constructor(
    private readonly api: Api,
    private readonly out: Output,
    private readonly flags: Flags,
    private readonly ci: CiContext,
  ) {}

  /** Reads the final state of a plan group or a Run into the report's shape. */
  async collect(subject: string, withEvidence: boolean): Promise<SuiteResult> {
    if (ID.group.test(subject)) {
      const group = await this.api.request<PlanGroup>('GET', `/api/plan-groups/${subject}`);
      const cases: CaseResult[] = [];
      for (const m of group.members) {
        const ran = m.runId && m.status !== 'passed_in_original';
        const ended = ran && withEvidence && TERMINAL.has(m.status);
        const ev = ended ? await this.api.op<Evidence>('run.evidence', { runId: m.runId }) : null;
        // The accessibility summary is run.get's (the group lists none): read only for Runs that ended.
        const state = ended ? await this.api.op<RunState>('run.get', { runId: m.runId }) : null;
        cases.push(await this.caseOf(m, ev, group.environmentSlug, state?.accessibility));
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
      withEvidence && TERMINAL.has(state.status)
        ? await this.api.op<Evidence>('run.evidence', { runId: subject })
        : null;
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
        testCaseId: state.testCaseId,
        quarantined: state.quarantined,
      },
      ev,
      state.environmentSlug,
      state.accessibility,
    );
    return { name, environment: state.environmentSlug, timestamp: state.createdAt ?? Date.now(), cases: [c] };
  }

  private async caseOf(
    m: PlanGroupMember,
    ev: Evidence | null,
    environment?: string,
    accessibility?: AccessibilitySummary,
  ): Promise<CaseResult> {
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
      ...(accessibility ? { accessibility } : {}),
      ...(m.quarantined
        ? {
            quarantine: {
              reason: m.quarantineReason ?? 'quarantined',
              flakeRate: await this.flakeRate(m, environment),
            },
          }
        : {}),
    };
  }

  /** The flake rate a quarantined case has in this environment lately (from its health). */
  private async flakeRate(m: PlanGroupMember, environment?: string): Promise<number | undefined> {
    if (!m.testCaseId) return undefined;
    const health = await this.api.request<CaseHealth>('GET', `/api/test-cases/${m.testCaseId}/health`);
    return health.environments.find((e) => e.environmentSlug === environment)?.flakeRate;
  }

  async download(url: string, file: string): Promise<string> {
    const res = await fetch(url);
    if (!res.ok) throw new QaError(EXIT.unavailable, `could not download ${url}: HTTP ${res.status}`);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    return file;
  }

  printLinks(result: SuiteResult) {
    if (result.reportUrl) this.out.line(`Report: ${result.reportUrl}`);
    for (const c of result.cases) if (c.reportUrl && c.runId) this.out.line(`  ${c.name}: ${c.reportUrl}`);
  }

  printSummary(result: SuiteResult) {
    this.out.line(`${result.name}:`);
    for (const c of result.cases) {
      const why =
        c.status === 'failed' || c.status === 'unverified' || c.status === 'invalid'
          ? ` - ${failureOf(c).message}`
          : c.note && c.status !== 'passing'
            ? ` - ${c.note}`
            : '';
      this.out.line(
        `  ${c.status.padEnd(18)} ${c.name}${c.flaky ? ' (flaky)' : ''}${c.quarantine ? ' (quarantined)' : ''}${why}`,
      );
      if (c.accessibility) this.out.line(`  ${''.padEnd(18)} accessibility: ${accessibilityText(c.accessibility)}`);
      if (c.reportUrl) this.out.line(`  ${''.padEnd(18)} ${c.reportUrl}`);
    }
    const total = result.cases.length > 1 ? addUp(result.cases.map((c) => c.accessibility)) : undefined;
    if (total) this.out.line(`Accessibility over ${result.cases.length} Runs: ${accessibilityText(total)}`);
    for (const c of result.cases.filter((x) => x.quarantine)) {
      const rate = c.quarantine!.flakeRate;
      this.out.line(
        `Quarantined: ${c.name}${rate === undefined ? '' : ` (flake rate ${Math.round(rate * 100)}%)`}: ${c.quarantine!.reason}; it does not count toward the exit code`,
      );
    }
    if (result.reportUrl) this.out.line(`Report: ${result.reportUrl}`);
  }

  /** Writes JUnit, GitHub annotations and step summary, the JSON document; answers the exit code. */
  finish(result: SuiteResult, extra: number | null): number {
    const codes = result.cases.map((c) => {
      if (c.quarantine) return EXIT.passed;
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
    if (this.ci.provider === 'github') reportToGithub(this.ci, result);
    if (this.flags.json) process.stdout.write(`${JSON.stringify({ exitCode: code, ...result })}\n`);
    return code;
  }
}
