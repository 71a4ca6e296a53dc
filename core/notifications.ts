import { z } from 'zod';

/** Where a channel posts: a Slack incoming webhook (Block Kit) or a Microsoft Teams incoming webhook (Adaptive Card). */
export const channelKind = z
  .enum(['slack', 'teams'])
  .describe(
    'slack: a Slack incoming webhook, sent a Block Kit message; teams: a Microsoft Teams incoming webhook, sent an Adaptive Card.',
  );
export type ChannelKind = z.infer<typeof channelKind>;

/** When a matching plan group is sent. */
export const notifyWhen = z
  .enum(['every', 'failures', 'change'])
  .describe(
    'every: every matching plan group; failures: only groups whose verdict is not passed; change: only when the ' +
      'verdict differs from the previous matching group of the same plan, Environment and branch (a first group is ' +
      'sent when it does not pass).',
  );
export type NotifyWhen = z.infer<typeof notifyWhen>;

const names = (what: string) =>
  z
    .array(z.string().min(1).max(200))
    .max(50)
    .optional()
    .describe(`Only groups of these ${what}; omitted or empty: any.`);

/** One routing rule: which groups (every listed dimension must match) and when. */
export const routingRule = z.strictObject({
  testPlanIds: names('Test Plans (ids)'),
  scheduleIds: names('schedules (ids); a group no schedule fired never matches a rule that lists some'),
  environmentSlugs: names('Environments (slugs)'),
  branches: names('branches (exact names)'),
  when: notifyWhen.default('every'),
});
export type RoutingRule = z.infer<typeof routingRule>;

/** At most this many channels per organization. */
export const MAX_CHANNELS = 20;

/** One failed case of a group as a message names it: never a value, a URL of the target or a media link. */
export interface FailedCase {
  name: string;
  status: string;
  diagnosis?: string;
  consoleUrl: string;
}

/** What a message says about one plan group; built from records, so it can only hold names, verdicts, diagnoses and links. */
export interface GroupSummary {
  planGroupId: string;
  planName: string;
  environmentSlug?: string;
  branch?: string;
  commitSha?: string;
  scheduleName?: string;
  verdict: string;
  /** The verdict of the previous matching group when it differed (a change of state). */
  previousVerdict?: string;
  counts: { runs: number; passed: number; failed: number; other: number };
  failed: FailedCase[];
  /** Runs whose visual changes wait for a person's review (commit reports list them). */
  waitingReview?: Array<{ name: string; consoleUrl: string }>;
  consoleUrl: string;
  reportUrl: string;
}

/** How many failed cases a message lists before "and N more". */
export const MAX_LISTED_FAILURES = 10;
