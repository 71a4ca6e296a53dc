import { testCaseRepository } from '../../db/repositories/test-cases';
import { notFound } from '../../core/errors';
import { defineOperation } from './define';
import { testCase } from './schemas';
import { idOf as id } from '../../core/ids';
import { testCaseAnswer } from '../presenters/catalog';

export default defineOperation({
  name: 'test_case.get',
  summary: 'One Test Case with its full step list.',
  scope: 'svc:read',
  idempotency: 'none',
  confirm: 'never',
  input: { testCaseId: id('tc') },
  output: testCase,
  async handler(input, { db, orgId }) {
    // Answered with the stored JSON text as it is: no parse and re-serialization per read.
    const row = await testCaseRepository.getStored(db, orgId, input.testCaseId);
    if (!row) throw notFound(`Test Case ${input.testCaseId}`);
    return testCaseAnswer(row);
  },
});
