import { z } from 'zod';
import { runStatus } from '../../../core/runs';
import {
  FAILURE_CAUSES_MAX_RUNS,
  failureCausesRepository,
  RUNS_PER_CAUSE,
  type CauseRunRow,
} from '../../../db/repositories/failure-causes';
import { defineEndpoint } from '../../pipeline/model';
import { subjectFields, subjectsOf, windowFloor, windowQuery } from './window';

/** GET /api/insights/failure-causes: why Runs failed, grouped by cause, bounded and time-windowed. */
export default defineEndpoint({
  name: 'insights.failure_causes',
  bindings: { rest: { method: 'GET', path: '/api/insights/failure-causes' } },
  summary:
    'Why Runs failed, grouped: the same first failing step of the same Test Case (or plan) with the same ' +
    'diagnosis, with counts, first and last seen, and the Runs behind each cause.',
  description:
    'Extension. Runs created in the last `days` days that ended failed, unverified or invalid (canceled Runs ' +
    'are left out), the newest ' +
    `${FAILURE_CAUSES_MAX_RUNS} of them at most. A Run that failed before any step (a Run-level diagnosis, ` +
    'e.g. a missing Environment value) is grouped by that diagnosis without a step. Causes with the most Runs ' +
    `first; each lists its newest ${RUNS_PER_CAUSE} Runs.`,
  access: 'credential',
  query: windowQuery('look', 'causes'),
  output: z.object({
    days: z.number().int(),
    causes: z.array(
      z.object({
        ...subjectFields,
        stepIndex: z.number().int().optional().describe('The first failing step; omitted when none ran.'),
        action: z.string().optional(),
        target: z.string().optional().describe('The first 200 characters of the target.'),
        diagnosis: z.object({ category: z.string(), suggestedAction: z.string() }).optional(),
        runs: z.number().int().describe('Runs of the window with this cause.'),
        firstSeenAt: z.number().int().describe('When the first of them ended (epoch ms).'),
        lastSeenAt: z.number().int().describe('When the last of them ended (epoch ms).'),
        recentRuns: z
          .array(z.object({ runId: z.string(), status: runStatus, endedAt: z.number().int() }))
          .describe(`The newest ${RUNS_PER_CAUSE} Runs with this cause, newest first.`),
      }),
    ),
  }),
  async handler(input, { principal, deps }) {
    const db = deps.db.manager;
    const rows = await failureCausesRepository.causes(db, principal.orgId, windowFloor(input.days), input.limit);
    const causes = new Map<string, CauseRunRow[]>();
    for (const row of rows) {
      const key = JSON.stringify([
        row.testCaseId ?? row.testPlanId,
        row.stepIndex,
        row.action,
        row.target,
        row.category,
        row.suggestedAction,
      ]);
      causes.set(key, [...(causes.get(key) ?? []), row]);
    }
    const kept = [...causes.values()].slice(0, input.limit);
    const subject = await subjectsOf(
      db,
      principal.orgId,
      kept.map(([first]) => first),
    );
    return {
      days: input.days,
      causes: kept.map((runs) => {
        const [first] = runs;
        return {
          ...subject(first),
          ...(first.stepIndex !== null ? { stepIndex: first.stepIndex } : {}),
          ...(first.action ? { action: first.action } : {}),
          ...(first.target ? { target: first.target } : {}),
          ...(first.category
            ? {
                diagnosis: {
                  category: first.category,
                  // A suggestion names its Run as {runId} (core/suggestion.ts): here, the newest Run of the cause.
                  suggestedAction: (first.suggestedAction ?? '').replaceAll('{runId}', first.runId),
                },
              }
            : {}),
          runs: first.runs,
          firstSeenAt: first.firstSeenAt,
          lastSeenAt: first.lastSeenAt,
          recentRuns: runs.map((r) => ({ runId: r.runId, status: r.status, endedAt: r.seenAt })),
        };
      }),
    };
  },
});
