import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { idOf } from '../../../core/ids';
import { testCaseRepository } from '../../../db/repositories/test-cases';
import { releaseCase } from '../../../domain/quarantine';
import { announceChange } from '../../temporal/starts';
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
  async handler(input, { principal, deps }) {
    const testCase = await testCaseRepository.get(deps.db.manager, principal.orgId, input.testCaseId);
    if (!testCase) throw notFound(`Test Case ${input.testCaseId}`);
    const change = await releaseCase(deps.db.manager, {
      orgId: principal.orgId,
      testCaseId: testCase.id,
      reason: 'released by hand',
      source: 'manual',
      byWhom: principal.subject,
    });
    if (change) await announceChange(deps, principal.orgId, change);
    return presentQuarantine(testCase.id, null);
  },
});
