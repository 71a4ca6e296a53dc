import { z } from 'zod';
import type { CommitConnection } from '../../db/entities/commit-reports';

/** A GitHub connection as the API shows it: never its token or private key. */
export const connectionView = z.object({
  id: z.string(),
  provider: z.literal('github'),
  apiUrl: z
    .string()
    .describe('The GitHub REST API root (https://api.github.com, or a GitHub Enterprise Server /api/v3).'),
  authKind: z.enum(['token', 'app']),
  appId: z.string().optional(),
  installationId: z.number().int().optional(),
  checkName: z.string().describe('The name of the check run on each commit.'),
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
