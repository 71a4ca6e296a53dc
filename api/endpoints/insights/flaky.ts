import { z } from 'zod';
import { testCaseRepository } from '../../../db/repositories/test-cases';
import { testHealthRepository } from '../../../db/repositories/test-health';
import { quarantineRepository } from '../../../db/repositories/quarantine';
import { caseHealth, healthView } from '../../presenters/health';
import { defineEndpoint, queryInt } from '../../pipeline/model';

/** GET /api/insights/flaky: the organization's flakiest Test Cases, bounded and paged. */
export default defineEndpoint({
  name: 'insights.flaky',
  bindings: { rest: { method: 'GET', path: '/api/insights/flaky' } },
  summary: "The organization's flakiest Test Cases: flake rate per case and environment over their recent Runs.",
  description:
    'Cases with at least one flaky pass among their most recent `window` ended Runs in an environment, by flake ' +
    'rate, then by flaky passes. Paged with limit and offset.',
  access: 'credential',
  query: z.strictObject({
    window: queryInt(1, 100, 20).describe('Recent ended Runs per case and environment to count (default 20).'),
    limit: queryInt(1, 100, 20).describe('Page size, 1..100 (default 20).'),
    offset: queryInt(0, 100_000, 0).describe('Entries to skip (default 0).'),
  }),
  output: z.object({
    window: z.number().int(),
    items: z.array(
      caseHealth.extend({
        testCaseId: z.string(),
        name: z.string(),
        quarantined: z.boolean().describe('In quarantine now (by hand or by the policy).'),
      }),
    ),
  }),
  async handler(input, { principal, deps }) {
    const db = deps.db.manager;
    const rows = await testHealthRepository.flakiest(db, principal.orgId, input.window, input.offset, input.limit);
    const ids = [...new Set(rows.map((r) => r.testCaseId))];
    const [cases, quarantines] = await Promise.all([
      testCaseRepository.getMany(db, principal.orgId, ids),
      quarantineRepository.ofCases(db, principal.orgId, ids),
    ]);
    const names = new Map(cases.map((c) => [c.id, c.name] as const));
    return {
      window: input.window,
      items: rows.map((r) => ({
        testCaseId: r.testCaseId,
        name: names.get(r.testCaseId) ?? '',
        ...healthView(r),
        quarantined: quarantines.has(r.testCaseId),
      })),
    };
  },
});
