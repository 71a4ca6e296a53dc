import { testPlanRepository } from '../../../db/repositories/test-plans';
import { newId } from '../../../core/ids';
import { failFastSetting } from '../../../core/steps';
import { defineEndpoint } from '../../pipeline/model';
import { resolveMembers, testCaseIds } from './members';
import { description, recordName, testPlan } from '../../schemas/catalog';
import { presentPlan } from './shared';

export default defineEndpoint({
  name: 'test_plan.create',
  bindings: { v1: true, mcp: true },
  summary: 'Create a Test Plan, optionally with initial ordered members.',
  access: { scope: 'svc:test_plans:write' },
  idempotency: 'required',
  confirm: 'never',
  body: {
    name: recordName,
    description: description.optional(),
    testCaseIds: testCaseIds.optional(),
    failFast: failFastSetting
      .optional()
      .describe(
        "Its plan groups stop early: cancel the unfinished members once this many failed (a trigger's failFast overrides it).",
      ),
  },
  output: testPlan,
  async handler(input, { db, orgId }) {
    const members = input.testCaseIds ?? [];
    await resolveMembers(db, orgId, members);
    const now = Date.now();
    const row = {
      id: newId('tp'),
      orgId,
      name: input.name,
      description: input.description ?? '',
      platforms: [],
      steps: [],
      apiAuthProfiles: [],
      config: input.failFast ? { failFast: input.failFast } : null,
      mode: 'manual',
      status: 'created',
      failureReason: null,
      createdAt: now,
      updatedAt: now,
    };
    await testPlanRepository.insert(db, row);
    await testPlanRepository.replaceMembers(db, row.id, members, now);
    return presentPlan(db, row);
  },
});
