import { z } from 'zod';
import { testCaseRepository } from '../../db/repositories/test-cases';
import { DEFAULT_LIMIT, decodeCursor, pageFrom } from '../pagination';
import { defineEndpoint, listPage, pageOf } from './model';
import { testCaseSummary } from './shared/schemas';
import { platform } from '../../core/runs';
import { testCasePageAnswer } from '../presenters/catalog';

export default defineEndpoint({
  name: 'test_case.list',
  bindings: { v1: true, mcp: true },
  summary: 'List Test Cases of the organization, newest first; filter by platform or a name query.',
  access: { scope: 'svc:read' },
  idempotency: 'none',
  confirm: 'never',
  body: {
    platform: platform.optional().describe('Only cases that target this platform.'),
    query: z.string().min(1).max(200).optional().describe('Case-insensitive substring of the name.'),
    ...listPage,
  },
  output: pageOf(testCaseSummary),
  async handler(input, { db, orgId }) {
    const filters = { platform: input.platform, query: input.query };
    const limit = input.limit ?? DEFAULT_LIMIT;
    const rows = await testCaseRepository.list(db, orgId, filters, decodeCursor(input.cursor, filters), limit + 1);
    // Answered with the stored JSON text of each row as it is (presenters/catalog.ts).
    return testCasePageAnswer(pageFrom(rows, limit, filters, (row) => row));
  },
});
