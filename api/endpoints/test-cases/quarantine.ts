import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { idOf } from '../../../core/ids';
import { testCaseRepository } from '../../../db/repositories/test-cases';
import { quarantineRepository } from '../../../db/repositories/quarantine';
import { quarantineCase } from '../../../domain/quarantine';
import { announceChange } from '../../temporal/starts';
import { presentQuarantine, quarantineView } from '../../presenters/quarantine';
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
  async handler(input, { principal, deps }) {
    const testCase = await testCaseRepository.get(deps.db.manager, principal.orgId, input.testCaseId);
    if (!testCase) throw notFound(`Test Case ${input.testCaseId}`);
    const change = await quarantineCase(deps.db.manager, {
      orgId: principal.orgId,
      testCaseId: testCase.id,
      reason: input.reason.trim(),
      source: 'manual',
      byWhom: principal.subject,
    });
    if (change) await announceChange(deps, principal.orgId, change);
    return presentQuarantine(
      testCase.id,
      await quarantineRepository.get(deps.db.manager, principal.orgId, testCase.id),
    );
  },
});
