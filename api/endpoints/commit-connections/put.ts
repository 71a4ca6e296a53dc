import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../core/errors';
import { newId } from '../../../core/ids';
import { commitReportRepository } from '../../../db/repositories/commit-reports';
import { connectionSecretContext } from '../../../domain/commit-reports/connections';
import { defineEndpoint } from '../../pipeline/model';
import { connectionView, presentConnection } from '../../presenters/commit-connections';
import { checkUrl } from '../webhooks/shared';
import { access } from './shared';

const auth = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('token'),
    token: z
      .string()
      .min(1)
      .max(1000)
      .describe('A fine-grained token with Checks and Pull requests: write. Never returned.'),
  }),
  z.strictObject({
    kind: z.literal('app'),
    appId: z.string().regex(/^[0-9]{1,20}$/, 'a GitHub App id'),
    privateKey: z.string().min(1).max(10_000).describe("The App's private key (PEM). Never returned."),
    installationId: z
      .number()
      .int()
      .positive()
      .optional()
      .describe("The App's installation; omitted: the installation on each reported repository."),
  }),
]);

export default defineEndpoint({
  name: 'commit_connections.put_github',
  bindings: { rest: { method: 'PUT', path: '/api/commit-connections/github' } },
  summary:
    "Connect the organization's GitHub (a token, or a GitHub App): plan groups report checks and one PR comment.",
  description:
    'A plan group triggered with deployment.commitSha and deployment.repository reports a check run on the commit ' +
    '(queued, in progress, completed with the verdict) and keeps one comment on `pr` up to date. The token or private ' +
    'key is written here and never returned.',
  access,
  idempotency: 'optional',
  body: z.strictObject({
    apiUrl: z.string().max(500).default('https://api.github.com'),
    checkName: z.string().trim().min(1).max(100).default('QA'),
    auth,
  }),
  output: connectionView,
  async handler(input, { principal, deps }) {
    checkUrl(deps, input.apiUrl);
    if (input.auth.kind === 'app') {
      try {
        createPrivateKey(input.auth.privateKey);
      } catch {
        throw new AppError('INVALID_ARGUMENT', 'auth.privateKey: a PEM private key, as GitHub issues it', {
          field: 'auth.privateKey',
        });
      }
    }
    const existing = await commitReportRepository.connection(deps.db.manager, principal.orgId);
    const id = existing?.id ?? newId('scm');
    const seal = (secret: string) => deps.secrets.seal(secret, connectionSecretContext(id));
    const now = Date.now();
    const saved = await commitReportRepository.putConnection(deps.db.manager, {
      id,
      orgId: principal.orgId,
      provider: 'github',
      apiUrl: input.apiUrl.replace(/\/+$/, ''),
      authKind: input.auth.kind,
      tokenSealed: input.auth.kind === 'token' ? seal(input.auth.token) : null,
      appId: input.auth.kind === 'app' ? input.auth.appId : null,
      privateKeySealed: input.auth.kind === 'app' ? seal(input.auth.privateKey) : null,
      installationId: input.auth.kind === 'app' ? (input.auth.installationId ?? null) : null,
      checkName: input.checkName,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    });
    return presentConnection(saved);
  },
});
