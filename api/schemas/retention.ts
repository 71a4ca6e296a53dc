import { z } from 'zod';

export const purgeNote =
  'A daily Temporal Schedule (retention-purge) removes media of ended Runs older than mediaDays ' +
  '(passing Runs) or nonPassingMediaDays (other ended Runs), and Run records older than runDays; ages ' +
  'count from the Run\u2019s creation. Pinned Runs are never touched. Evidence of a Run whose media ' +
  'expired carries mediaExpiredAt and no media links.';

export const pinView = z.object({
  runId: z.string(),
  pinned: z.boolean(),
});
