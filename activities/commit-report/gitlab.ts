import { ApplicationFailure } from '@temporalio/common';
import type { SecretBox } from '../../core/crypto';
import type { EgressPolicy } from '../../core/egress';
import { egressFetch } from '../../core/egress-fetch';
import type { GroupSummary } from '../../core/notifications';
import type { CommitConnection } from '../../db/entities/commit-reports';
import { connectionSecretContext } from '../../domain/commit-reports/connections';
import type { CommitStage } from '../../workflows/contracts';
import { COMMENT_MARKER, commentBody } from './content';

/** A commit status's state for the stage and verdict (GitLab's commit status API). */
export function gitlabState(
  stage: CommitStage,
  verdict: string,
): 'pending' | 'running' | 'success' | 'failed' | 'canceled' {
  if (stage === 'queued') return 'pending';
  if (stage === 'in_progress') return 'running';
  return verdict === 'passed' ? 'success' : verdict === 'failed' ? 'failed' : 'canceled';
}

const fetchers = new WeakMap<EgressPolicy, ReturnType<typeof egressFetch>>();

/**
 * GitLab's REST API (v4) for a commit status and one merge-request note, with the connection's
 * token in PRIVATE-TOKEN. No maintained GitLab client is installed here, so these three calls are
 * plain requests through the egress policy; 429 waits for Retry-After, 5xx and network errors are
 * retried, other 4xx end the report.
 */
export async function reportToGitlab(
  connection: CommitConnection,
  deps: { box: SecretBox; policy: EgressPolicy },
  at: { project: string; sha: string; mr: number | null },
  group: { summary: GroupSummary; stage: CommitStage },
): Promise<void> {
  let fetch = fetchers.get(deps.policy);
  if (!fetch) fetchers.set(deps.policy, (fetch = egressFetch(deps.policy)));
  const token = deps.box.open(connection.tokenSealed!, connectionSecretContext(connection.id));
  const project = `${connection.apiUrl}/projects/${encodeURIComponent(at.project)}`;
  const call = async (method: string, url: string, body?: unknown) => {
    let res: Response;
    try {
      res = (await fetch(url, {
        method,
        headers: { 'private-token': token, 'content-type': 'application/json', 'user-agent': 'qa-orchestrator' },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(20_000),
      })) as unknown as Response;
    } catch {
      throw ApplicationFailure.retryable(
        `GitLab could not be reached (${method} ${new URL(url).pathname})`,
        'GitLabUnavailable',
      );
    }
    const text = await res.text();
    if (res.ok) return text ? JSON.parse(text) : null;
    const where = `${method} ${new URL(url).pathname}`;
    // A status already in the state asked for: GitLab refuses the transition, the state holds.
    if (res.status === 400 && /Cannot transition status/i.test(text)) return null;
    if (res.status === 429) {
      const after = Number(res.headers.get('retry-after') ?? '60');
      throw ApplicationFailure.create({
        message: `GitLab rate limit on ${where}: retrying in ${after} s`,
        type: 'GitLabRateLimited',
        nextRetryDelay: `${Math.max(1, after)} seconds`,
      });
    }
    const message = `GitLab answered ${res.status} to ${where}`;
    throw res.status >= 500 || res.status === 408
      ? ApplicationFailure.retryable(message, 'GitLabUnavailable')
      : ApplicationFailure.nonRetryable(message, 'GitLabRefused');
  };
  const s = group.summary;
  const description = (
    group.stage === 'completed'
      ? `${s.verdict}: ${s.counts.runs} Runs, ${s.counts.passed} passed, ${s.counts.failed} failed`
      : group.stage.replace('_', ' ')
  ).slice(0, 255);
  await call('POST', `${project}/statuses/${at.sha}`, {
    state: gitlabState(group.stage, s.verdict),
    name: connection.checkName,
    target_url: s.consoleUrl,
    description,
  });
  if (!at.mr) return;
  const notes = `${project}/merge_requests/${at.mr}/notes`;
  const body = commentBody(s, group.stage);
  for (let page = 1; page <= 20; page++) {
    const list: Array<{ id: number; body: string }> = await call('GET', `${notes}?per_page=100&page=${page}&sort=asc`);
    const ours = list.find((n) => n.body.includes(COMMENT_MARKER));
    if (ours) return void (await call('PUT', `${notes}/${ours.id}`, { body }));
    if (list.length < 100) break;
  }
  await call('POST', notes, { body });
}
