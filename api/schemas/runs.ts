import { z } from 'zod';
import { visualAcceptance } from '../../core/visual';

export const resourceRun = z
  .object({
    _id: z.string(),
    testPlanId: z.string().optional().describe('Omitted for a Run of a single Test Case.'),
    status: z.string(),
    platforms: z.array(z.string()),
    trigger: z
      .object({
        rerunOf: z
          .string()
          .optional()
          .describe('A Run queued again from one Run (POST /api/runs/{runId}/rerun): the Run it repeats.'),
        testCaseVersion: z.number().int().optional().describe('The version of the Test Case the Run executes.'),
        try: z.literal(true).optional().describe('A Run of unsaved steps (POST /api/runs/try).'),
      })
      .catchall(z.unknown())
      .describe('Where the Run came from and the deployment it tests, as recorded when it was queued.'),
    pinned: z.boolean().describe('Kept by retention whatever its age (POST /api/runs/{runId}/pin).'),
    mediaExpiredAt: z
      .number()
      .optional()
      .describe("When retention removed the Run's media (epoch ms); evidence then lists no media."),
    visualAcceptance: visualAcceptance
      .optional()
      .describe("Who accepted the Run's screenshots as its steps' visual baseline, and when; omitted until accepted."),
  })
  .passthrough();

/** What a Run was started from, as run.get and run.list name it (each omitted when none). */
export const runOriginFields = {
  testCaseId: z.string().optional().describe("The Test Case this Run executes; omitted for a plan's inline steps."),
  testPlanId: z.string().optional().describe('The Test Plan that queued this Run; omitted for a single Test Case.'),
  planGroupRunId: z.string().optional().describe('The plan group this Run belongs to; omitted outside a group.'),
  environmentSlug: z.string().optional().describe('The saved Environment; omitted for explicit targets.'),
};

/** A Run's verdict once it ended. */
export const runVerdictField = z
  .enum(['passed', 'failed', 'unverified'])
  .optional()
  .describe('Omitted while queued, running or retrying.');

export const logEntry = z.object({
  stepIndex: z.number().int(),
  action: z.string(),
  target: z.string(),
  status: z.string(),
  platform: z.string(),
  error: z.string(),
  durationMs: z.number(),
  timestamp: z.number(),
});
