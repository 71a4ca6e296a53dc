import { z } from 'zod';

/** The specification's defaults, used for an organization that never saved a policy. */
export const defaultRetention = { mediaDays: 30, nonPassingMediaDays: 90, runDays: 400 } as const;

/** Webhook delivery-log entries (attempts and their deliveries) are kept this long, for every organization. */
export const WEBHOOK_LOG_DAYS = 30;

export const DAY_MS = 24 * 3600 * 1000;

const days = (what: string) =>
  z
    .number()
    .int()
    .min(1)
    .max(36_500)
    .describe(`${what}, in whole days (1 to 36500), counted from when it was recorded.`);

/** One organization's retention policy. */
export const retentionPolicy = z.object({
  mediaDays: days('How long evidence media (screenshots, frames, videos) of passing Runs is kept'),
  nonPassingMediaDays: days(
    'How long evidence media of Runs that did not pass (failed, unverified, canceled, invalid) is kept',
  ),
  runDays: days('How long a Run record (steps, evidence facts, media) is kept'),
});
export type RetentionPolicy = z.infer<typeof retentionPolicy>;
