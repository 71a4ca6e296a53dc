import { z } from 'zod';
import type { HealthRow } from '../../db/repositories/test-health';

export const caseHealth = z.object({
  environmentSlug: z.string().optional().describe('Omitted for Runs against explicit targets.'),
  runs: z.number().int().describe('Ended Runs counted (the most recent `window` in this environment).'),
  passes: z.number().int(),
  failures: z.number().int().describe('Runs that ended failed (a demonstrated defect).'),
  flakyPasses: z.number().int().describe('Passes that needed a retry or a recovery (flaky: true).'),
  flakeRate: z.number().describe('flakyPasses / runs, 0..1.'),
  lastPassAt: z
    .number()
    .optional()
    .describe('When the last passing Run of the window ended (epoch ms); omitted when none passed.'),
});

export function healthView(row: HealthRow) {
  return {
    ...(row.environmentSlug !== null ? { environmentSlug: row.environmentSlug } : {}),
    runs: row.runs,
    passes: row.passes,
    failures: row.failures,
    flakyPasses: row.flakyPasses,
    flakeRate: row.runs ? Math.round((row.flakyPasses / row.runs) * 1000) / 1000 : 0,
    ...(row.lastPassAt !== null ? { lastPassAt: row.lastPassAt } : {}),
  };
}
