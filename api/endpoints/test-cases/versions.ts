import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { idOf } from '../../../core/ids';
import { testCaseRepository } from '../../../db/repositories/test-cases';
import { testCaseRevisions } from '../../../db/repositories/test-case-revisions';
import { testCaseVersion, versionViews } from '../../presenters/test-case-versions';
import { defineEndpoint, queryInt } from '../../pipeline/model';

/** GET /api/test-cases/{testCaseId}/versions: the history of a Test Case, newest first. */
export default defineEndpoint({
  name: 'test_cases.versions',
  bindings: { rest: { method: 'GET', path: '/api/test-cases/:testCaseId/versions' } },
  summary: "A Test Case's saved versions, newest first: its steps in each, who saved it, when, and what changed.",
  description:
    'test_case.create saves version 1 and each test_case.update_steps the next. A Run of the case names the ' +
    'version it ran in trigger.testCaseVersion (GET /api/runs/{runId}). Page with `before`: the nextBefore of ' +
    'the previous page.',
  access: { scope: 'svc:read' },
  params: z.object({ testCaseId: idOf('tc') }),
  query: z.strictObject({
    limit: queryInt(1, 100, 20).describe('Versions per page, 1..100 (default 20).'),
    before: queryInt(1, 2 ** 31 - 1, 2 ** 31 - 1).describe('Only versions below this one (the nextBefore of a page).'),
  }),
  output: z.object({
    testCaseId: z.string(),
    current: z.number().int().describe('The newest version.'),
    items: z.array(testCaseVersion),
    nextBefore: z.number().int().optional().describe('Pass as `before` for the next page; absent on the last.'),
  }),
  async handler(input, { principal, deps }) {
    const db = deps.db.manager;
    const testCase = await testCaseRepository.get(db, principal.orgId, input.testCaseId);
    if (!testCase) throw notFound(`Test Case ${input.testCaseId}`);
    // One more than the page: the version below it, for what the page's last version changed.
    const rows = await testCaseRevisions.list(db, principal.orgId, testCase.id, {
      before: input.before,
      limit: input.limit + 1,
    });
    const page = rows.slice(0, input.limit);
    const current = (await testCaseRevisions.current(db, [testCase.id])).get(testCase.id) ?? 0;
    return {
      testCaseId: testCase.id,
      current,
      items: versionViews(page, rows[input.limit]),
      nextBefore: rows.length > input.limit ? page[page.length - 1].version : undefined,
    };
  },
});
