import { testPlanRepository } from '../../db/repositories/test-plans';
import { notFound } from '../../core/errors';
import { defineOperation } from './define';
import { testPlan } from './schemas';
import { idOf as id } from '../../core/ids';
import { testPlanView } from '../presenters/catalog';

export default defineOperation({
  name: 'test_plan.get',
  summary: 'One Test Plan with its ordered member Test Cases.',
  scope: 'svc:read',
  idempotency: 'none',
  confirm: 'never',
  input: { testPlanId: id('tp') },
  output: testPlan,
  async handler(input, { db, orgId }) {
    const row = await testPlanRepository.get(db, orgId, input.testPlanId);
    if (!row) throw notFound(`Test Plan ${input.testPlanId}`);
    return testPlanView(db, row);
  },
});
