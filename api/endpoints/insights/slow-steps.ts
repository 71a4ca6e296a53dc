import { z } from 'zod';
import { idFloor } from '../../../core/ids';
import { insightsRepository, SLOW_STEPS_MAX_RUNS } from '../../../db/repositories/insights';
import { testCaseRepository } from '../../../db/repositories/test-cases';
import { testPlanRepository } from '../../../db/repositories/test-plans';
import { defineEndpoint, queryInt } from '../../pipeline/model';

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
  query: z.strictObject({
    days: queryInt(1, 90, 14).describe('How many days back to count, 1..90 (default 14).'),
    limit: queryInt(1, 50, 10).describe('How many steps, 1..50 (default 10).'),
  }),
  output: z.object({
    days: z.number().int(),
    items: z.array(
      z.object({
        testCaseId: z.string().optional(),
        testPlanId: z.string().optional().describe("Set for a plan's own (inline) steps."),
        name: z.string().describe("The Test Case's name, or the plan's for its own steps."),
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
    const since = idFloor('run', Date.now() - input.days * 86_400_000);
    const rows = await insightsRepository.slowSteps(db, principal.orgId, since, input.limit);
    const caseIds = [...new Set(rows.flatMap((r) => (r.testCaseId ? [r.testCaseId] : [])))];
    const planIds = [...new Set(rows.flatMap((r) => (!r.testCaseId && r.testPlanId ? [r.testPlanId] : [])))];
    const [cases, plans] = await Promise.all([
      testCaseRepository.getMany(db, principal.orgId, caseIds),
      testPlanRepository.getMany(db, principal.orgId, planIds),
    ]);
    const names = new Map([...cases, ...plans].map((x) => [x.id, x.name] as const));
    return {
      days: input.days,
      items: rows.map((r) => ({
        ...(r.testCaseId ? { testCaseId: r.testCaseId } : r.testPlanId ? { testPlanId: r.testPlanId } : {}),
        name: names.get(r.testCaseId ?? r.testPlanId ?? '') ?? '',
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
