import { z } from 'zod';
import { retentionPolicy, WEBHOOK_LOG_DAYS, type RetentionPolicy } from '../../core/retention';

/** The retention policy as GET and PUT /api/retention answer it. */
export const policyView = retentionPolicy.extend({
  webhookLogDays: z
    .literal(WEBHOOK_LOG_DAYS)
    .describe('How long the webhook delivery log is kept (fixed for every organization).'),
  updatedAt: z
    .number()
    .int()
    .optional()
    .describe('When the policy was last replaced; omitted while the organization uses the defaults.'),
});

export const presentPolicy = (p: RetentionPolicy & { updatedAt: number | null }): z.infer<typeof policyView> => ({
  mediaDays: p.mediaDays,
  nonPassingMediaDays: p.nonPassingMediaDays,
  runDays: p.runDays,
  webhookLogDays: WEBHOOK_LOG_DAYS as typeof WEBHOOK_LOG_DAYS,
  ...(p.updatedAt !== null ? { updatedAt: p.updatedAt } : {}),
});
