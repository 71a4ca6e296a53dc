import { testPlanRepository } from '../../../db/repositories/test-plans';
import { notFound } from '../../../core/errors';
import { defineEndpoint } from '../../pipeline/model';
import { testPlan } from '../../schemas/catalog';
import { idOf as id } from '../../../core/ids';
import { presentPlan } from './shared';

export default defineEndpoint({
  name: 'test_plan.get',
  bindings: { v1: true, mcp: true },
  summary: 'One Test Plan with its ordered member Test Cases.',
  access: { scope: 'svc:read' },
  idempotency: 'none',
  confirm: 'never',
  body: { testPlanId: id('tp') },
  output: testPlan,
  async handler(input, { db, orgId }) {
    const row = await testPlanRepository.get(db, orgId, input.testPlanId);
    if (!row) throw notFound(`Test Plan ${input.testPlanId}`);
    return presentPlan(db, row);
  },
});
