import { z } from 'zod';
import type { CommitConnection } from '../../db/entities/commit-reports';

/** A GitHub or GitLab connection as the API shows it: never its token or private key. */
export const connectionView = z.object({
  id: z.string(),
  provider: z.enum(['github', 'gitlab']),
  apiUrl: z
    .string()
    .describe('The REST API root: https://api.github.com (or GitHub Enterprise /api/v3), https://gitlab.com/api/v4.'),
  authKind: z.enum(['token', 'app']),
  appId: z.string().optional(),
  installationId: z.number().int().optional(),
  checkName: z.string().describe('The name of the check run (GitHub) or commit status (GitLab) on each commit.'),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});

export function presentConnection(c: CommitConnection): z.infer<typeof connectionView> {
  return {
    id: c.id,
    provider: c.provider,
    apiUrl: c.apiUrl,
    authKind: c.authKind,
    ...(c.appId ? { appId: c.appId } : {}),
    ...(c.installationId ? { installationId: c.installationId } : {}),
    checkName: c.checkName,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}
