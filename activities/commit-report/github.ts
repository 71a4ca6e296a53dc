import { createAppAuth } from '@octokit/auth-app';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import type { SecretBox } from '../../core/crypto';
import type { EgressPolicy } from '../../core/egress';
import { egressFetch } from '../../core/egress-fetch';
import type { CommitConnection } from '../../db/entities/commit-reports';
import { connectionSecretContext } from '../../domain/commit-reports/connections';

const ThrottledOctokit = Octokit.plugin(throttling);

/** What GitHub asked for when it limited us: the seconds to wait before the next try. */
export interface Limited {
  retryAfterSeconds?: number;
}

/**
 * An Octokit for a connection: token auth, or a GitHub App's installation token (minted by
 * @octokit/auth-app from the app id and private key, for the connection's installation or the
 * repository's). Requests go through the egress policy. The throttling plugin recognises GitHub's
 * primary and secondary rate limits; it does not wait in-process (the answer is false): the
 * activity fails with GitHub's Retry-After and Temporal makes the next attempt then.
 */
export async function githubFor(
  connection: CommitConnection,
  deps: { box: SecretBox; policy: EgressPolicy; repository: string },
  limited: Limited,
): Promise<Octokit> {
  const fetch = egressFetch(deps.policy) as unknown as typeof globalThis.fetch;
  const onLimit = (retryAfter: number) => {
    limited.retryAfterSeconds = retryAfter;
    return false;
  };
  const common = {
    baseUrl: connection.apiUrl,
    userAgent: 'qa-orchestrator',
    request: { fetch },
    throttle: { onRateLimit: onLimit, onSecondaryRateLimit: onLimit },
    // Octokit's own logger would print request failures; the activity reports them itself.
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  };
  const context = connectionSecretContext(connection.id);
  if (connection.authKind === 'token')
    return new ThrottledOctokit({ ...common, auth: deps.box.open(connection.tokenSealed!, context) });
  const app = { appId: connection.appId!, privateKey: deps.box.open(connection.privateKeySealed!, context) };
  let installationId = connection.installationId;
  if (!installationId) {
    const asApp = new ThrottledOctokit({ ...common, authStrategy: createAppAuth, auth: app });
    const [owner, repo] = deps.repository.split('/');
    installationId = (await asApp.rest.apps.getRepoInstallation({ owner, repo })).data.id;
  }
  return new ThrottledOctokit({ ...common, authStrategy: createAppAuth, auth: { ...app, installationId } });
}
