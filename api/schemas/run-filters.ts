import { z } from 'zod';
import { idFloor, idOf } from '../../core/ids';
import { platform, runSources, runStatus } from '../../core/runs';
import { slug } from '../../core/steps';
import type { RunFilter } from '../../db/repositories/runs';
import { statusesOfVerdict } from '../../domain/runs/status';

/** The latest time a Run id can hold (a ULID's 48-bit time, in the year 10889): a bound past it names no Run. */
const LATEST_MS = 281_474_976_710_655;
const epochMs = z.number().int().min(0).max(LATEST_MS);

/**
 * The filters of a list of Runs, shared by run.list and its CSV export (GET /api/runs.csv), so a
 * console link, a script and the export mean the same Runs. `time` is how a bound arrives: a JSON
 * number, or a query string's digits.
 */
function runFilterShape<T extends z.ZodType<number | undefined>>(time: T) {
  return {
    status: runStatus.optional(),
    verdict: z
      .enum(['passed', 'failed', 'unverified'])
      .optional()
      .describe('The verdict of ended Runs (unverified covers canceled and invalid Runs too).'),
    testCaseId: idOf('tc').optional(),
    testPlanId: idOf('tp').optional().describe("A plan's Runs: its members' Runs and its own steps' Runs."),
    environmentSlug: slug.optional(),
    platform: platform.optional().describe('Runs on this platform (among others).'),
    source: z
      .enum(runSources)
      .optional()
      .describe('Where Runs came from: ci, schedule, console, mcp, or manual (a script calling the API).'),
    branch: z.string().min(1).max(255).optional(),
    commitSha: z
      .string()
      .regex(/^[0-9a-fA-F]{4,64}$/, 'a commit SHA or a prefix of it (4 to 64 hexadecimal digits)')
      .optional()
      .describe("The trigger's deployment.commitSha, or a prefix of at least 4 digits."),
    createdFrom: time.describe('Runs created at or after this time (epoch ms).'),
    createdBefore: time.describe('Runs created before this time (epoch ms).'),
    q: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe(
        "Free text: part of the Test Case's or plan's name, of the Environment's slug or name, or of the branch; or a Run id.",
      ),
  };
}

/** run.list's body fields. */
export const runFilterBody = runFilterShape(epochMs.optional());

const queryMs = z
  .string()
  .regex(/^\d{1,15}$/, 'must be epoch milliseconds')
  .transform(Number)
  .refine((ms) => ms <= LATEST_MS, `must be at most ${LATEST_MS} (epoch milliseconds)`)
  .meta({ type: 'integer', minimum: 0, maximum: LATEST_MS })
  .optional();

/** The same filters in a query string. */
export const runFilterQuery = runFilterShape(queryMs);

type RunFilterInput = { [K in keyof typeof runFilterBody]?: z.infer<(typeof runFilterBody)[K]> };

/** The repository's filter of the given fields (only those set, so the cursor digest names only them). */
export function runFilterOf(input: RunFilterInput): RunFilter {
  const f: RunFilter = {
    status: input.status,
    statuses: input.verdict ? statusesOfVerdict(input.verdict) : undefined,
    testCaseId: input.testCaseId,
    testPlanId: input.testPlanId,
    environmentSlug: input.environmentSlug,
    platform: input.platform,
    source: input.source,
    branch: input.branch,
    commitSha: input.commitSha?.toLowerCase(),
    fromId: input.createdFrom !== undefined ? idFloor('run', input.createdFrom) : undefined,
    beforeId: input.createdBefore !== undefined ? idFloor('run', input.createdBefore) : undefined,
    text: input.q,
  };
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as RunFilter;
}
