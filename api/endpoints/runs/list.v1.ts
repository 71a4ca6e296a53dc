import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { DEFAULT_LIMIT, decodeCursor, pageFrom } from '../../pipeline/pagination';
import { runSummaryView } from '../../presenters/runs';
import { defineEndpoint, listPage, pageOf } from '../../pipeline/model';
import { idOf as id } from '../../../core/ids';
import { slug } from '../../../core/steps';
import { runStatus } from '../../../core/runs';

export default defineEndpoint({
  name: 'run.list',
  bindings: { v1: true, mcp: true },
  summary: 'Recent Runs, newest first; filter by status, Test Case, Environment or branch.',
  access: { scope: 'svc:read' },
  idempotency: 'none',
  confirm: 'never',
  body: {
    status: runStatus.optional(),
    testCaseId: id('tc').optional(),
    environmentSlug: slug.optional(),
    branch: z.string().min(1).max(255).optional(),
    ...listPage,
  },
  output: pageOf(
    z
      .object({
        runId: z.string(),
        status: runStatus,
        source: z
          .enum(['ci', 'schedule', 'manual', 'mcp'])
          .describe(
            'Where the Run came from: a schedule; an MCP client; ci (a run request, or a trigger naming a ' +
              'deployment commitSha or pr); else manual.',
          ),
        branch: z.string().optional(),
        commitSha: z.string().optional().describe("The trigger's deployment.commitSha."),
        pr: z.string().optional(),
        startedAt: z.number().int().optional().describe('When a runner began it (ms since epoch).'),
        finishedAt: z.number().int().optional(),
        durationMs: z.number().int().optional().describe('finishedAt - startedAt, once both are known.'),
      })
      .passthrough(),
  ),
  async handler(input, { db, orgId }) {
    const filters = {
      status: input.status,
      testCaseId: input.testCaseId,
      environmentSlug: input.environmentSlug,
      branch: input.branch,
    };
    const limit = input.limit ?? DEFAULT_LIMIT;
    const rows = await runRepository.list(db, orgId, filters, decodeCursor(input.cursor, filters), limit + 1);
    return pageFrom(rows, limit, filters, runSummaryView);
  },
});
