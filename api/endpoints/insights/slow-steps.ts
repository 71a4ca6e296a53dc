import { z } from 'zod';
import { insightsRepository, SLOW_STEPS_MAX_RUNS } from '../../../db/repositories/insights';
import { defineEndpoint } from '../../pipeline/model';
import { subjectFields, subjectsOf, windowFloor, windowQuery } from './window';

/** GET /api/insights/slow-steps: the steps that take longest on average, bounded. */
export default defineEndpoint({
  name: 'insights.slow_steps',
  bindings: { rest: { method: 'GET', path: '/api/insights/slow-steps' } },
  summary: 'The slowest steps: mean and longest duration of each step of a Test Case or plan over recent Runs.',
  description:
    'Extension. Steps that passed or failed in Runs created in the last `days` days, grouped by Test Case (or ' +
    "plan, for a plan's own steps), step index, action and target; slowest mean first. Counts the newest " +
    `${SLOW_STEPS_MAX_RUNS} Runs of the window at most.`,
  access: 'credential',
  query: windowQuery('count', 'steps'),
  output: z.object({
    days: z.number().int(),
    items: z.array(
      z.object({
        ...subjectFields,
        stepIndex: z.number().int(),
        action: z.string(),
        target: z.string().optional().describe('The first 200 characters of the target.'),
        runs: z.number().int(),
        avgMs: z.number().int(),
        maxMs: z.number().int(),
      }),
    ),
  }),
  async handler(input, { principal, deps }) {
    const db = deps.db.manager;
    const rows = await insightsRepository.slowSteps(db, principal.orgId, windowFloor(input.days), input.limit);
    const subject = await subjectsOf(db, principal.orgId, rows);
    return {
      days: input.days,
      items: rows.map((r) => ({
        ...subject(r),
        stepIndex: r.stepIndex,
        action: r.action,
        ...(r.target ? { target: r.target } : {}),
        runs: r.runs,
        avgMs: r.avgMs,
        maxMs: r.maxMs,
      })),
    };
  },
});
