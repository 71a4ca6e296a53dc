import { z } from 'zod';
import { insightsRepository, PASS_RATE_MAX_RUNS } from '../../../db/repositories/insights';
import { testPlanRepository } from '../../../db/repositories/test-plans';
import { defineEndpoint } from '../../pipeline/model';
import { windowDays, windowFloor } from './window';

/** Most series one answer carries: the plan and Environment pairs with the most Runs. */
const MAX_SERIES = 20;

/** GET /api/insights/pass-rate: pass rate per day of each plan in each Environment, bounded. */
export default defineEndpoint({
  name: 'insights.pass_rate',
  bindings: { rest: { method: 'GET', path: '/api/insights/pass-rate' } },
  summary: 'Pass rate over time per Test Plan and Environment: ended plan Runs per UTC day and how many passed.',
  description:
    'Extension. Counts the ended Runs of plan groups created in the last `days` days, per plan, Environment and ' +
    `UTC day (a day with no ended Run is left out), over the newest ${PASS_RATE_MAX_RUNS} of them at most. ` +
    `At most ${MAX_SERIES} series, those with the most Runs.`,
  access: 'credential',
  query: z.strictObject({
    days: windowDays('count'),
  }),
  output: z.object({
    days: z.number().int(),
    series: z.array(
      z.object({
        testPlanId: z.string(),
        planName: z.string(),
        environmentSlug: z.string().optional().describe('Omitted for Runs against explicit targets.'),
        runs: z.number().int(),
        passRate: z.number().describe('Passing Runs / ended Runs over the whole window, 0..1.'),
        points: z.array(
          z.object({
            day: z.number().int().describe('Start of the UTC day (ms since epoch).'),
            runs: z.number().int(),
            passes: z.number().int(),
            passRate: z.number(),
          }),
        ),
      }),
    ),
  }),
  async handler(input, { principal, deps }) {
    const db = deps.db.manager;
    const rows = await insightsRepository.passRate(db, principal.orgId, windowFloor(input.days), MAX_SERIES);
    const series = new Map<string, { testPlanId: string; environmentSlug: string | null; rows: typeof rows }>();
    for (const row of rows) {
      const key = `${row.testPlanId} ${row.environmentSlug ?? ''}`;
      const entry = series.get(key) ?? { testPlanId: row.testPlanId, environmentSlug: row.environmentSlug, rows: [] };
      entry.rows.push(row);
      series.set(key, entry);
    }
    const total = (s: { rows: typeof rows }) => s.rows.reduce((n, r) => n + r.runs, 0);
    const kept = [...series.values()].sort((a, b) => total(b) - total(a)).slice(0, MAX_SERIES);
    const plans = await testPlanRepository.getMany(db, principal.orgId, [...new Set(kept.map((s) => s.testPlanId))]);
    const names = new Map(plans.map((p) => [p.id, p.name] as const));
    return {
      days: input.days,
      series: kept.map((s) => {
        const runs = total(s);
        const passes = s.rows.reduce((n, r) => n + r.passes, 0);
        return {
          testPlanId: s.testPlanId,
          planName: names.get(s.testPlanId) ?? '',
          ...(s.environmentSlug ? { environmentSlug: s.environmentSlug } : {}),
          runs,
          passRate: passes / runs,
          points: s.rows.map((r) => ({ day: r.day, runs: r.runs, passes: r.passes, passRate: r.passes / r.runs })),
        };
      }),
    };
  },
});
