import { notFound } from '../../../core/errors';
import { commitReportRepository } from '../../../db/repositories/commit-reports';
import type { AppDeps } from '../../pipeline/deps';

/** Connections report results, as webhooks and channels do: the same scope manages them. */
export const access = { scope: 'svc:webhooks:write' } as const;

export async function ownedConnection(deps: AppDeps, orgId: string) {
  const connection = await commitReportRepository.connection(deps.db.manager, orgId);
  if (!connection) throw notFound('GitHub connection');
  return connection;
}
