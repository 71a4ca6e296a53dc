import { commitReportRepository } from '../../../db/repositories/commit-reports';
import { reportReview } from '../../temporal/starts';
import { z } from 'zod';
import { idOf } from '../../../core/ids';
import { quarantineRepository } from '../../../db/repositories/quarantine';
import { quarantineCase } from '../../../domain/quarantine';
import { changeByHand } from './shared';
import { presentQuarantine, quarantineView } from '../../presenters/quarantine';
import { nameRepository } from '../../../db/repositories/names';
import { defineEndpoint } from '../../pipeline/model';

export default defineEndpoint({
  name: 'test_cases.quarantine',
  bindings: { rest: { method: 'POST', path: '/api/test-cases/:testCaseId/quarantine' } },
  summary: 'Quarantine a Test Case: its Runs keep their verdicts but no longer gate plan groups or qa.',
  description:
    'Recorded with the reason, who and when; fires test_case.quarantined. Quarantining a case already in ' +
    'quarantine changes nothing (the first reason stands). DELETE on the same path releases it.',
  access: { scope: 'svc:test_cases:write' },
  idempotency: 'optional',
  params: z.object({ testCaseId: idOf('tc') }),
  body: z.strictObject({
    reason: z.string().min(1).max(500).regex(/\S/, 'must not be blank').describe('Why, for whoever reads the report.'),
  }),
  output: quarantineView,
  async handler(input, ctx) {
    const testCaseId = await changeByHand(ctx, input.testCaseId, {
      change: quarantineCase,
      reason: input.reason.trim(),
    });
    const db = ctx.deps.db.manager;
    // The checks of commits this case failed on stop counting it (the last failing case: they pass).
    await reportReview(
      ctx.deps,
      ctx.principal.orgId,
      await commitReportRepository.reportedGroups(db, ctx.principal.orgId, { testCaseId }),
    );
    const quarantine = await quarantineRepository.get(db, ctx.principal.orgId, testCaseId);
    const keyNames = await nameRepository.apiKeys(db, ctx.principal.orgId, quarantine ? [quarantine.byWhom] : []);
    return presentQuarantine(testCaseId, quarantine, keyNames);
  },
});
