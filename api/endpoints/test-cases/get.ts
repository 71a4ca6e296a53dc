import { testCaseRepository } from '../../../db/repositories/test-cases';
import { testCaseVersions } from '../../../db/repositories/test-case-versions';
import { notFound } from '../../../core/errors';
import { defineEndpoint } from '../../pipeline/model';
import { testCase } from '../../schemas/catalog';
import { VersionedAnswers } from './versioned-answers';
import { idOf as id } from '../../../core/ids';
import { testCaseAnswer } from '../../presenters/catalog';
import { serializedOnce } from '../../presenters/shared';

/** Answers kept per API process against the organization's Test Case version, as test_case.list's pages. */
const cases = new VersionedAnswers<ReturnType<typeof testCaseAnswer>>(testCaseVersions.read, 16 * 1024 * 1024);

export default defineEndpoint({
  name: 'test_case.get',
  bindings: { v1: true, mcp: true },
  summary: 'One Test Case with its full step list.',
  access: { scope: 'svc:read' },
  idempotency: 'none',
  confirm: 'never',
  body: { testCaseId: id('tc') },
  output: testCase,
  async handler(input, { db, orgId }) {
    return cases.answer(db, orgId, input.testCaseId, async () => {
      const { row, version } = await testCaseRepository.getStored(db, orgId, input.testCaseId);
      if (!row) throw notFound(`Test Case ${input.testCaseId}`);
      // Answered with the stored JSON text as it is: no parse and re-serialization per read.
      const answer = testCaseAnswer(row);
      // An answer with no text of its own (a null inside its arrays) is made again each time.
      return { answer, bytes: serializedOnce(answer)?.length ?? Infinity, version };
    });
  },
});
