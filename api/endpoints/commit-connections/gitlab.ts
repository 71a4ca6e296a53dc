import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { newId } from '../../../core/ids';
import { commitReportRepository } from '../../../db/repositories/commit-reports';
import { connectionSecretContext } from '../../../domain/commit-reports/connections';
import { defineEndpoint } from '../../pipeline/model';
import { connectionView, presentConnection } from '../../presenters/commit-connections';
import { checkUrl } from '../webhooks/shared';
import { access } from './shared';

/** GitLab: a commit status and one merge-request note per plan group of a commit (a token with the `api` scope). */
export const putGitlab = defineEndpoint({
  name: 'commit_connections.put_gitlab',
  bindings: { rest: { method: 'PUT', path: '/api/commit-connections/gitlab' } },
  summary: "Connect the organization's GitLab (a token): plan groups report a commit status and one MR note.",
  description:
    'A plan group triggered with deployment.provider "gitlab", deployment.commitSha and deployment.repository (the ' +
    'project path) reports a commit status (pending, running, then success, failed or canceled) and keeps one note on ' +
    'merge request `pr` up to date. The token is written here and never returned.',
  access,
  idempotency: 'optional',
  body: z.strictObject({
    apiUrl: z.string().max(500).default('https://gitlab.com/api/v4'),
    checkName: z.string().trim().min(1).max(100).default('QA'),
    token: z
      .string()
      .min(1)
      .max(1000)
      .describe('A project, group or personal access token with the api scope. Never returned.'),
  }),
  output: connectionView,
  async handler(input, { principal, deps }) {
    checkUrl(deps, input.apiUrl);
    const existing = await commitReportRepository.connection(deps.db.manager, principal.orgId, 'gitlab');
    const id = existing?.id ?? newId('scm');
    const now = Date.now();
    const saved = await commitReportRepository.putConnection(deps.db.manager, {
      id,
      orgId: principal.orgId,
      provider: 'gitlab',
      apiUrl: input.apiUrl.replace(/\/+$/, ''),
      authKind: 'token',
      tokenSealed: deps.secrets.seal(input.token, connectionSecretContext(id)),
      appId: null,
      privateKeySealed: null,
      installationId: null,
      checkName: input.checkName,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    });
    return presentConnection(saved);
  },
});

export const getGitlab = defineEndpoint({
  name: 'commit_connections.get_gitlab',
  bindings: { rest: { method: 'GET', path: '/api/commit-connections/gitlab' } },
  summary: "The organization's GitLab connection (its token is never shown).",
  access,
  output: connectionView,
  async handler(input, { principal, deps }) {
    const connection = await commitReportRepository.connection(deps.db.manager, principal.orgId, 'gitlab');
    if (!connection) throw notFound('GitLab connection');
    return presentConnection(connection);
  },
});

export const deleteGitlab = defineEndpoint({
  name: 'commit_connections.delete_gitlab',
  bindings: { rest: { method: 'DELETE', path: '/api/commit-connections/gitlab' } },
  summary: 'Disconnect GitLab: plan groups stop reporting to its commits.',
  access,
  idempotency: 'optional',
  output: z.object({ deleted: z.literal(true) }),
  async handler(input, { principal, deps }) {
    if (!(await commitReportRepository.deleteConnection(deps.db.manager, principal.orgId, 'gitlab')))
      throw notFound('GitLab connection');
    return { deleted: true as const };
  },
});
