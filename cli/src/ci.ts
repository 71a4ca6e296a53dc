import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { EXIT, QaError } from './http';
import type { SuiteResult } from './junit';

/** What the CI environment says about this job; read once from the variables it sets. */
export interface CiContext {
  provider: 'github' | 'gitlab' | 'other' | 'none';
  branch?: string;
  commit?: string;
  pr?: string;
  /** GitHub's owner/name or GitLab's project path: with the commit, a connected GitHub or GitLab gets a status (docs/notifications.md). */
  repository?: string;
  /** The identity of this CI step's execution, stable across a retry of the same step. */
  runKey?: string;
  /** GitHub's re-run attempt (1 on the first run). */
  attempt?: number;
  stepSummaryFile?: string;
}

export function ciContext(env: NodeJS.ProcessEnv): CiContext {
  if (env.GITHUB_ACTIONS === 'true') {
    const pr = /^refs\/pull\/(\d+)\//.exec(env.GITHUB_REF ?? '')?.[1];
    const attempt = Number(env.GITHUB_RUN_ATTEMPT ?? '1') || 1;
    return {
      provider: 'github',
      branch: env.GITHUB_HEAD_REF || env.GITHUB_REF_NAME || undefined,
      commit: env.GITHUB_SHA || undefined,
      pr,
      repository: env.GITHUB_REPOSITORY || undefined,
      runKey: env.GITHUB_RUN_ID
        ? `gh-${env.GITHUB_REPOSITORY ?? ''}-${env.GITHUB_RUN_ID}-${attempt}-${env.GITHUB_JOB ?? ''}`
        : undefined,
      attempt,
      stepSummaryFile: env.GITHUB_STEP_SUMMARY || undefined,
    };
  }
  if (env.GITLAB_CI === 'true') {
    return {
      provider: 'gitlab',
      branch: env.CI_MERGE_REQUEST_SOURCE_BRANCH_NAME || env.CI_COMMIT_REF_NAME || undefined,
      commit: env.CI_COMMIT_SHA || undefined,
      pr: env.CI_MERGE_REQUEST_IID || undefined,
      repository: env.CI_PROJECT_PATH || undefined,
      // A retried GitLab job gets a new job id but keeps its pipeline and name.
      runKey: env.CI_PIPELINE_ID
        ? `gl-${env.CI_PROJECT_ID ?? ''}-${env.CI_PIPELINE_ID}-${env.CI_JOB_NAME ?? ''}`
        : undefined,
    };
  }
  return { provider: env.CI ? 'other' : 'none' };
}

/**
 * The trigger's idempotency key: the CI step's identity plus what is triggered, so a retry of
 * the same step replays the first trigger (one plan group), while two different `qa run` steps of
 * one job stay apart. Outside CI each invocation is new.
 */
export function idempotencyKeyFor(ci: CiContext, what: unknown): string {
  if (!ci.runKey) return `qa-${randomUUID()}`;
  const digest = createHash('sha256').update(JSON.stringify(what)).digest('hex').slice(0, 16);
  return `qa-${ci.runKey}-${digest}`.slice(0, 200);
}

/** GitHub Actions: an error annotation per failed step (at most 10) and a table in the job summary. */
export function reportToGithub(ci: CiContext, result: SuiteResult) {
  const esc = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const escProp = (s: string) => esc(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  let annotations = 0;
  for (const c of result.cases.filter((x) => x.status === 'failed' && !x.quarantine))
    for (const s of c.steps.filter((x) => x.status === 'failed')) {
      if (annotations++ >= 10) break; // GitHub shows at most 10 error annotations per step.
      process.stdout.write(
        `::error title=${escProp(`${c.name}: step ${s.index + 1} ${s.action}${s.target ? ` ${s.target}` : ''}`)}::${esc(`${s.reason}${s.diagnosis ? ` (${s.diagnosis.category}: ${s.diagnosis.suggestedAction})` : ''}${c.reportUrl ? ` Report: ${c.reportUrl}` : ''}`)}\n`,
      );
    }
  if (ci.stepSummaryFile) {
    const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
    const rows = result.cases.map(
      (c) =>
        `| ${cell(c.name)} | ${c.status}${c.flaky ? ' (flaky)' : ''}${c.quarantine ? ' (quarantined)' : ''} | ${(c.durationMs / 1000).toFixed(1)} s | ${c.reportUrl ? `[report](${c.reportUrl})` : ''} |`,
    );
    appendFileSync(
      ci.stepSummaryFile,
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

/** Files changed since `ref` (git diff --name-only ref...HEAD), for --changed-since. */
export function gitChangedFiles(ref: string): string[] {
  try {
    return execFileSync('git', ['diff', '--name-only', `${ref}...HEAD`], { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  } catch (error) {
    throw new QaError(EXIT.usage, `git diff --name-only ${ref}...HEAD failed: ${(error as Error).message}`);
  }
}
