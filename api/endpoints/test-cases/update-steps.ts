import { testCaseRepository } from '../../../db/repositories/test-cases';
import { confirmRequired, notFound } from '../../../core/errors';
import { defineEndpoint } from '../../pipeline/model';
import { testCase } from '../../schemas/catalog';
import { idOf as id } from '../../../core/ids';
import { steps } from '../../../core/steps';
import { guardCredentials } from './shared';
import { testCaseView } from '../../presenters/catalog';
import { testCaseRevisions } from '../../../db/repositories/test-case-revisions';

export default defineEndpoint({
  name: 'test_case.update_steps',
  bindings: { v1: true, mcp: true },
  summary: 'Replace the whole step list of a Test Case; always requires confirm: true.',
  access: { scope: 'svc:test_cases:write' },
  idempotency: 'required',
  confirm: 'always',
  body: { testCaseId: id('tc'), steps },
  output: testCase,
  async handler(input, ctx) {
    const row = await testCaseRepository.get(ctx.db, ctx.orgId, input.testCaseId, true);
    if (!row) throw notFound(`Test Case ${input.testCaseId}`);
    const { steps: newSteps } = await guardCredentials(input.steps, undefined, ctx, false);
    if (input.confirm !== true) {
      throw confirmRequired(`Replacing the ${row.steps.length} step(s) of Test Case ${row.id} needs confirmation.`, {
        testCaseId: row.id,
        stepCount: { from: row.steps.length, to: newSteps.length },
        steps: { from: row.steps, to: newSteps },
      });
    }
    const now = Date.now();
    await testCaseRepository.updateSteps(ctx.db, ctx.orgId, row.id, newSteps, now);
    await testCaseRevisions.record(
      ctx.db,
      { orgId: ctx.orgId, testCaseId: row.id, name: row.name, steps: newSteps, at: now },
      ctx.principal,
    );
    return testCaseView({ ...row, steps: newSteps, updatedAt: now });
  },
});
