import { z } from 'zod';
import { apiAuthProfile, planConfig, resourceStep } from '../../core/steps';

/** The resource-style plan record (GET /api/plans). */
export const resourcePlan = z.object({
  _id: z.string(),
  name: z.string(),
  platforms: z.array(z.string()),
  steps: z.array(resourceStep),
  apiAuthProfiles: z.array(apiAuthProfile),
  config: planConfig.optional(),
  mode: z.string().describe('auto (generated) or manual'),
  status: z
    .enum(['created', 'generating', 'ready', 'failed'])
    .describe('created or ready: can run; generating: wait; failed: see failureReason.'),
  failureReason: z.string().optional(),
  memberCount: z.number().int().describe('Member Test Cases (v1 membership); each runs as its own Run.'),
  createdAt: z.number(),
  updatedAt: z.number(),
});

/** The resource-style flow record (GET /api/flows/{slug}). */
export const flowRecord = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  steps: z.array(resourceStep),
  createdAt: z.number(),
  updatedAt: z.number(),
});
