import { commitReportRepository } from '../../../db/repositories/commit-reports';
import { reportReview } from '../../temporal/starts';
import { z } from 'zod';
import { idOf } from '../../../core/ids';
import { releaseCase } from '../../../domain/quarantine';
import { changeByHand } from './shared';
import { presentQuarantine, quarantineView } from '../../presenters/quarantine';
import { defineEndpoint } from '../../pipeline/model';

export default defineEndpoint({
  name: 'test_cases.release',
  bindings: { rest: { method: 'DELETE', path: '/api/test-cases/:testCaseId/quarantine' } },
  summary: 'Release a Test Case from quarantine; its next Runs gate again. Fires test_case.released.',
  description: 'Releasing a case not in quarantine changes nothing.',
  access: { scope: 'svc:test_cases:write' },
  idempotency: 'optional',
  params: z.object({ testCaseId: idOf('tc') }),
  output: quarantineView,
  async handler(input, ctx) {
    const testCaseId = await changeByHand(ctx, input.testCaseId, { change: releaseCase, reason: 'released by hand' });
    // Released, its failures count on the checks of its commits again.
    const db = ctx.deps.db.manager;
    await reportReview(
      ctx.deps,
      ctx.principal.orgId,
      await commitReportRepository.reportedGroups(db, ctx.principal.orgId, { testCaseId }),
    );
    return presentQuarantine(testCaseId, null);
  },
});
