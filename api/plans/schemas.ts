import { z } from 'zod';
import { variableName } from '../catalog/schemas';

const text = (max: number) => z.string().min(1).max(max);
const environmentSource = z.literal('environment').describe('Secrets come from the Environment\'s runtime values only.');

/** A named API identity of a plan; its secrets are runtime value names, never values. */
export const apiAuthProfile = z.strictObject({
  name: text(100),
  credentials: z.array(z.strictObject({
    kind: text(50).describe('e.g. bearer'),
    source: environmentSource,
    variable: variableName,
  })).max(10),
  principal: z.strictObject({ source: environmentSource, variable: variableName }).optional(),
});

/** The resource-style plan record (GET /api/plans). */
export const resourcePlan = z.object({
  _id: z.string(),
  name: z.string(),
  platforms: z.array(z.string()),
  steps: z.array(z.record(z.string(), z.unknown())),
  apiAuthProfiles: z.array(z.record(z.string(), z.unknown())),
  mode: z.string().describe('auto (generated) or manual'),
  status: z.enum(['created', 'generating', 'ready', 'failed']).describe('created or ready: can run; generating: wait; failed: see failureReason.'),
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
  steps: z.array(z.record(z.string(), z.unknown())),
  createdAt: z.number(),
  updatedAt: z.number(),
});
