import { testPlanRepository } from '../../../db/repositories/test-plans';
import { confirmRequired, notFound } from '../../../core/errors';
import { defineEndpoint } from '../../pipeline/model';
import { resolveMembers, testCaseIds } from './members';
import { testPlan } from '../../schemas/catalog';
import { idOf as id } from '../../../core/ids';
import { presentPlan } from './shared';

export default defineEndpoint({
  name: 'test_plan.set_members',
  bindings: { v1: true, mcp: true },
  summary: 'Replace the ordered membership of a Test Plan; confirm: true is required only when cases would be removed.',
  access: { scope: 'svc:test_plans:write' },
  idempotency: 'required',
  confirm: 'when_removing_members',
  body: { testPlanId: id('tp'), testCaseIds },
  output: testPlan,
  async handler(input, { db, orgId }) {
    const plan = await testPlanRepository.get(db, orgId, input.testPlanId, true);
    if (!plan) throw notFound(`Test Plan ${input.testPlanId}`);
    const names = await resolveMembers(db, orgId, input.testCaseIds);
    const current = await testPlanRepository.members(db, plan.id);
    const keep = new Set(input.testCaseIds);
    const removed = current.filter((m) => !keep.has(m.testCaseId));
    if (removed.length && input.confirm !== true) {
      const before = new Set(current.map((m) => m.testCaseId));
      throw confirmRequired(`${removed.length} Test Case(s) would be removed from Test Plan ${plan.id}.`, {
        testPlanId: plan.id,
        removed: removed.map(({ testCaseId, name }) => ({ testCaseId, name })),
        added: input.testCaseIds
          .filter((i) => !before.has(i))
          .map((testCaseId) => ({ testCaseId, name: names.get(testCaseId) })),
        memberCount: { from: current.length, to: input.testCaseIds.length },
      });
    }
    const now = Date.now();
    await testPlanRepository.replaceMembers(db, plan.id, input.testCaseIds, now);
    return presentPlan(db, { ...plan, updatedAt: now });
  },
});
