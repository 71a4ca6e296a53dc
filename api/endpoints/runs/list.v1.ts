import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { DEFAULT_LIMIT, decodeCursor, pageFrom } from '../../pipeline/pagination';
import { runSummaryView } from '../../presenters/runs';
import { defineEndpoint, listPage, pageOf } from '../../pipeline/model';
import { runSources, runStatus } from '../../../core/runs';
import { runFilterBody, runFilterOf } from '../../schemas/run-filters';
import { runNames } from '../../runs/names';
import { runOriginFields, runVerdictField } from '../../schemas/runs';

const name = (what: string) => z.string().optional().describe(`The ${what}'s name (absent when none).`);

export default defineEndpoint({
  name: 'run.list',
  bindings: { v1: true, mcp: true },
  summary: 'Recent Runs, newest first; filter by status, Test Case, Environment or branch.',
  description:
    'Recent Runs, newest first; filter by status, Test Case, Environment or branch. Extension: also filter by verdict, plan, platform, source, commit, time and free text over names, and ask ' +
    'for the total count of the filter (includeTotal).',
  access: { scope: 'svc:read' },
  idempotency: 'none',
  confirm: 'never',
  body: {
    ...runFilterBody,
    includeTotal: z.boolean().optional().describe('Also answer `total`: how many Runs match the filters (all pages).'),
    ...listPage,
  },
  output: pageOf(
    z
      .object({
        runId: z.string(),
        status: runStatus,
        verdict: runVerdictField,
        ...runOriginFields,
        source: z
          .enum(runSources)
          .describe(
            'Where the Run came from: a schedule; an MCP client; ci (a run request, or a trigger naming a ' +
              'deployment commitSha or pr); the console; else manual (a script calling the API).',
          ),
        testCaseName: name('Test Case'),
        testPlanName: name('Test Plan'),
        environmentName: name('Environment'),
        branch: z.string().optional(),
        commitSha: z.string().optional().describe("The trigger's deployment.commitSha."),
        pr: z.string().optional(),
        startedAt: z.number().int().optional().describe('When a runner began it (ms since epoch).'),
        finishedAt: z.number().int().optional(),
        durationMs: z.number().int().optional().describe('finishedAt - startedAt, once both are known.'),
        createdAt: z.number().int().describe('When the Run was queued (ms since epoch).'),
        updatedAt: z.number().int().describe('When the Run last changed (ms since epoch).'),
      })
      .passthrough(),
  ).extend({
    total: z.number().int().optional().describe('With includeTotal: how many Runs match the filters.'),
  }),
  async handler(input, { db, orgId }) {
    const filters = runFilterOf(input);
    const limit = input.limit ?? DEFAULT_LIMIT;
    const [rows, total] = await Promise.all([
      runRepository.list(db, orgId, filters, decodeCursor(input.cursor, { ...filters }), limit + 1),
      input.includeTotal ? runRepository.count(db, orgId, filters) : undefined,
    ]);
    const names = await runNames(db, orgId, rows.slice(0, limit));
    const page = pageFrom(rows, limit, { ...filters }, (run) => runSummaryView(run, names));
    return total === undefined ? page : { ...page, total };
  },
});
