import { createHash, randomUUID } from 'node:crypto';

/** What the CI environment says about this job; read once from the variables it sets. */
export interface CiContext {
  provider: 'github' | 'gitlab' | 'other' | 'none';
  branch?: string;
  commit?: string;
  pr?: string;
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
