import { testCaseRepository } from '../../db/repositories/test-cases';
import { notFound } from '../../core/errors';
import { defineEndpoint } from './model';
import { testCase } from './shared/schemas';
import { idOf as id } from '../../core/ids';
import { testCaseAnswer } from '../presenters/catalog';

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
    // Answered with the stored JSON text as it is: no parse and re-serialization per read.
    const row = await testCaseRepository.getStored(db, orgId, input.testCaseId);
    if (!row) throw notFound(`Test Case ${input.testCaseId}`);
    return testCaseAnswer(row);
  },
});
