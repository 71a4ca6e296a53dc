import { z } from 'zod';
import { visualAcceptance } from '../../core/visual';

export const resourceRun = z
  .object({
    _id: z.string(),
    testPlanId: z.string().optional().describe('Omitted for a Run of a single Test Case.'),
    status: z.string(),
    platforms: z.array(z.string()),
    trigger: z.record(z.string(), z.unknown()),
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
