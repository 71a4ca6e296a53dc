import { testCaseRepository } from '../../db/repositories/test-cases';
import { notFound } from '../../core/errors';
import { defineOperation } from './define';
import { testCase } from './schemas';
import { idOf as id } from '../../core/ids';
import { testCaseView } from '../presenters/catalog';

export default defineOperation({
  name: 'test_case.get',
  summary: 'One Test Case with its full step list.',
  scope: 'svc:read',
  idempotency: 'none',
  confirm: 'never',
  input: { testCaseId: id('tc') },
  output: testCase,
  async handler(input, { db, orgId }) {
    const row = await testCaseRepository.get(db, orgId, input.testCaseId);
    if (!row) throw notFound(`Test Case ${input.testCaseId}`);
    return testCaseView(row);
  },
});
