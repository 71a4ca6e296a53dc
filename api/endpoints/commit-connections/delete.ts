import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { commitReportRepository } from '../../../db/repositories/commit-reports';
import { defineEndpoint } from '../../pipeline/model';
import { access } from './shared';

export default defineEndpoint({
  name: 'commit_connections.delete_github',
  bindings: { rest: { method: 'DELETE', path: '/api/commit-connections/github' } },
  summary: 'Disconnect GitHub: plan groups stop reporting to commits.',
  access,
  idempotency: 'optional',
  output: z.object({ deleted: z.literal(true) }),
  async handler(input, { principal, deps }) {
    if (!(await commitReportRepository.deleteConnection(deps.db.manager, principal.orgId)))
      throw notFound('GitHub connection');
    return { deleted: true as const };
  },
});
