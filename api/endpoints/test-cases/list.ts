import { z } from 'zod';
import { testCaseRepository } from '../../../db/repositories/test-cases';
import { testCaseVersions } from '../../../db/repositories/test-case-versions';
import { DEFAULT_LIMIT, decodeCursor, pageFrom } from '../../pipeline/pagination';
import { defineEndpoint, listPage, pageOf } from '../../pipeline/model';
import { testCaseSummary } from '../../schemas/catalog';
import { VersionedAnswers } from './versioned-answers';
import { platform } from '../../../core/runs';
import { testCasePageAnswer } from '../../presenters/catalog';
import { serializedOnce } from '../../presenters/shared';

/**
 * Pages kept per API process against the organization's Test Case version: catalogs are read far
 * more often than written (CI and agents list them before every run), and a kept page is answered
 * for one primary-key read instead of composing its rows again. 16 MiB of answer text at most.
 */
const pages = new VersionedAnswers<ReturnType<typeof testCasePageAnswer>>(testCaseVersions.read, 16 * 1024 * 1024);

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
    const after = decodeCursor(input.cursor, filters);
    const key = JSON.stringify([input.platform ?? null, input.query ?? null, after, limit]);
    return pages.answer(db, orgId, key, async () => {
      const { rows, version } = await testCaseRepository.list(db, orgId, filters, after, limit + 1);
      // Answered with the stored JSON text of each row as it is (presenters/catalog.ts).
      const answer = testCasePageAnswer(pageFrom(rows, limit, filters, (row) => row));
      // A page with no text of its own (a null inside its arrays) is made again each time.
      return { answer, bytes: serializedOnce(answer)?.length ?? Infinity, version };
    });
  },
});
