import { ApplicationFailure } from '@temporalio/common';
import { RequestError } from '@octokit/request-error';
import type { Octokit } from '@octokit/rest';
import { parseSecretsKey, SecretBox } from '../../core/crypto';
import { egressPolicy } from '../../core/egress';
import type { GroupSummary } from '../../core/notifications';
import { commitReportRepository } from '../../db/repositories/commit-reports';
import { runRepository } from '../../db/repositories/runs';
import type { CommitReportActivities, CommitStage } from '../../workflows/contracts';
import type { ActivityDeps } from '../deps';
import { groupSummary } from '../notifications/summary';
import { checkOutput, COMMENT_MARKER, commentBody, conclusionOf } from './content';
import { githubFor, type Limited } from './github';
import { reportToGitlab } from './gitlab';
import { afterReview } from './review';

const TERMINAL = new Set(['passing', 'failed', 'unverified', 'canceled', 'invalid']);
const RANK: Record<CommitStage, number> = { none: 0, queued: 1, in_progress: 2, completed: 3 };

/** The group's stage now: completed when every Run ended, in progress once one runs or ended. */
function stageOf(runs: Array<{ status: string; startedAt: number | null }>): CommitStage {
  if (runs.every((r) => TERMINAL.has(r.status))) return 'completed';
  return runs.some((r) => r.startedAt !== null || TERMINAL.has(r.status)) ? 'in_progress' : 'queued';
}

/** Orchestration-queue activity: puts a plan group's state on its commit and pull (merge) request. */
export function commitReportActivities({ db, config }: Pick<ActivityDeps, 'db' | 'config'>): CommitReportActivities {
  const box = new SecretBox(parseSecretsKey(config.SECRETS_KEY));
  const policy = egressPolicy(config.EGRESS_ALLOW);
  return {
    async reportCommit(orgId, planGroupId) {
      const runs = await runRepository.byPlanGroup(db.manager, planGroupId);
      const deployment = runs[0]?.trigger.deployment;
      if (!deployment?.commitSha || !deployment.repository) return 'none';
      const provider = deployment.provider === 'gitlab' ? 'gitlab' : 'github';
      const connection = await commitReportRepository.connection(db.manager, orgId, provider);
      if (!connection) return 'none';
      const group = await groupSummary(db.manager, config, orgId, planGroupId);
      if (!group) return 'none';
      const summary = await afterReview(db.manager, orgId, group.summary, runs);
      const now = Date.now();
      const row = { planGroupId, orgId, repository: deployment.repository, commitSha: deployment.commitSha };
      const limited: Limited = {};
      try {
        return await commitReportRepository.withReport(
          db.manager,
          { ...row, createdAt: now, updatedAt: now },
          async (report, tx) => {
            const stage = stageOf(runs);
            // A late report (GitHub was slow) never moves the check backwards.
            if (RANK[stage] < RANK[report.stage as CommitStage]) return report.stage as CommitStage;
            const pr = Number(runs[0].trigger.pr);
            const mr = Number.isInteger(pr) && pr > 0 ? pr : null;
            if (provider === 'gitlab') {
              await reportToGitlab(
                connection,
                { box, policy },
                { project: row.repository, sha: row.commitSha, mr },
                { summary, stage },
              );
              await commitReportRepository.updateReport(tx, planGroupId, { stage, updatedAt: Date.now() });
              return stage;
            }
            const github = await githubFor(connection, { box, policy, repository: row.repository }, limited);
            const [owner, repo] = row.repository.split('/');
            const checkRunId = await putCheck(
              github,
              { owner, repo, sha: row.commitSha, name: connection.checkName },
              {
                id: report.checkRunId,
                summary,
                stage,
                planGroupId,
              },
            );
            if (mr) await putComment(github, { owner, repo, issue_number: mr }, commentBody(summary, stage));
            await commitReportRepository.updateReport(tx, planGroupId, { checkRunId, stage, updatedAt: Date.now() });
            return stage;
          },
        );
      } catch (error) {
        throw failureOf(error, limited);
      }
    },
  };
}

/** Creates the group's check run (found first by its external id: a retried create makes none twice) or updates it. */
async function putCheck(
  github: Octokit,
  at: { owner: string; repo: string; sha: string; name: string },
  check: { id: number | null; summary: GroupSummary; stage: CommitStage; planGroupId: string },
): Promise<number> {
  const fieldsAt = (stage: CommitStage) => ({
    owner: at.owner,
    repo: at.repo,
    name: at.name,
    details_url: check.summary.consoleUrl,
    external_id: check.planGroupId,
    output: checkOutput(check.summary, stage),
    ...(stage === 'completed'
      ? { status: 'completed' as const, conclusion: conclusionOf(check.summary.verdict) }
      : { status: stage as 'queued' | 'in_progress' }),
  });
  const fields = fieldsAt(check.stage);
  let id = check.id;
  if (!id) {
    const { data } = await github.rest.checks.listForRef({
      owner: at.owner,
      repo: at.repo,
      ref: at.sha,
      check_name: at.name,
      filter: 'all',
      per_page: 100,
    });
    id = data.check_runs.find((c) => c.external_id === check.planGroupId)?.id ?? null;
  }
  if (id) {
    await github.rest.checks.update({ ...fields, check_run_id: id });
    return id;
  }
  // A check is born queued, as the group was; then it moves to where the group is now.
  const created = (await github.rest.checks.create({ ...fieldsAt('queued'), head_sha: at.sha })).data.id;
  if (check.stage !== 'queued') await github.rest.checks.update({ ...fields, check_run_id: created });
  return created;
}

/** Updates our one comment on the pull request (found by its hidden marker), or writes it the first time. */
async function putComment(
  github: Octokit,
  at: { owner: string; repo: string; issue_number: number },
  body: string,
): Promise<void> {
  for await (const page of github.paginate.iterator(github.rest.issues.listComments, { ...at, per_page: 100 })) {
    const ours = page.data.find((c) => c.body?.includes(COMMENT_MARKER));
    if (ours) {
      await github.rest.issues.updateComment({ owner: at.owner, repo: at.repo, comment_id: ours.id, body });
      return;
    }
  }
  await github.rest.issues.createComment({ ...at, body });
}

/**
 * A rate limit waits for GitHub's Retry-After; 5xx, network errors and other limits are retried
 * with backoff; 401/404/422 and the like are the connection's or the repository's fault and end
 * the report (nothing a retry could change). The message never carries a credential.
 */
function failureOf(error: unknown, limited: Limited): Error {
  if (limited.retryAfterSeconds !== undefined)
    return ApplicationFailure.create({
      message: `GitHub rate limit: retrying in ${limited.retryAfterSeconds} s`,
      type: 'GitHubRateLimited',
      nextRetryDelay: `${Math.max(1, limited.retryAfterSeconds)} seconds`,
    });
  if (error instanceof RequestError) {
    const message = `GitHub answered ${error.status} to ${error.request.method} ${new URL(error.request.url).pathname}`;
    const permanent = error.status >= 400 && error.status < 500 && error.status !== 403 && error.status !== 429;
    return permanent
      ? ApplicationFailure.nonRetryable(message, 'GitHubRefused')
      : ApplicationFailure.retryable(message, 'GitHubUnavailable');
  }
  return error instanceof Error ? error : new Error(String(error));
}
