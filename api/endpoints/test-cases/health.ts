import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { idOf as id } from '../../../core/ids';
import { testCaseRepository } from '../../../db/repositories/test-cases';
import { testHealthRepository } from '../../../db/repositories/test-health';
import { caseHealth, healthView } from '../../presenters/health';
import { presentQuarantine, quarantineView } from '../../presenters/quarantine';
import { nameRepository } from '../../../db/repositories/names';
import { quarantineRepository } from '../../../db/repositories/quarantine';
import { defineEndpoint, queryInt } from '../../pipeline/model';

/** GET /api/test-cases/{testCaseId}/health: how a Test Case has fared lately, per environment. */
export default defineEndpoint({
  name: 'test_cases.health',
  bindings: { rest: { method: 'GET', path: '/api/test-cases/:testCaseId/health' } },
  summary: "A Test Case's health per environment over its recent Runs: passes, failures, flaky passes, flake rate.",
  description:
    'Counted from the ended Runs themselves (the most recent `window` in each environment, default 20), so it ' +
    'never disagrees with them. A flaky pass is a passing Run that needed a retry or a recovery.',
  access: 'credential',
  params: z.object({ testCaseId: id('tc') }),
  query: z.strictObject({
    window: queryInt(1, 100, 20).describe('Recent ended Runs per environment to count, 1..100 (default 20).'),
  }),
  output: z.object({
    testCaseId: z.string(),
    window: z.number().int(),
    environments: z.array(caseHealth),
    quarantine: quarantineView
      .omit({ testCaseId: true })
      .describe('Whether the case is in quarantine, why and since when.'),
  }),
  async handler(input, { principal, deps }) {
    const testCase = await testCaseRepository.get(deps.db.manager, principal.orgId, input.testCaseId);
    if (!testCase) throw notFound(`Test Case ${input.testCaseId}`);
    const rows = await testHealthRepository.ofCase(deps.db.manager, principal.orgId, testCase.id, input.window);
    const quarantine = await quarantineRepository.get(deps.db.manager, principal.orgId, testCase.id);
    const keyNames = await nameRepository.apiKeys(
      deps.db.manager,
      principal.orgId,
      quarantine ? [quarantine.byWhom] : [],
    );
    const { testCaseId: _, ...state } = presentQuarantine(testCase.id, quarantine, keyNames);
    return { testCaseId: testCase.id, window: input.window, environments: rows.map(healthView), quarantine: state };
  },
});
