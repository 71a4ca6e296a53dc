import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';

/** The events an endpoint may subscribe to. */
export const webhookEventType = z
  .enum([
    'run.completed',
    'plan_group.completed',
    'run_request.completed',
    'assurance.ready',
    'schedule.state_changed',
    'test_case.quarantined',
    'test_case.released',
  ])
  .describe(
    'run.completed: a Run reached a terminal status; plan_group.completed: every Run of a plan trigger ' +
      "ended; run_request.completed: a run request ended; assurance.ready: an API Run's assurance snapshot is built; " +
      "schedule.state_changed: a schedule's state (passing, failing, flaky) changed with the group that just ended " +
      '(recovered: true when it passes again); test_case.quarantined / test_case.released: a Test Case entered or ' +
      'left quarantine (testCaseId, reason, source).',
  );
export type WebhookEventType = z.infer<typeof webhookEventType>;
export const webhookEventTypes = webhookEventType.options;

/** The event `POST /api/webhooks/{id}/test` sends: attempted once, never retried. */
export const TEST_EVENT_TYPE = 'webhook.test';

const progress = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});

/**
 * The thin payload of every event: what a CI job needs to act, no media links and no runtime
 * values. `runId` names the Run (for plan_group.completed and run_request.completed: the first
 * Run; `runIds` lists all); `status` is the Run's (or the group's worst) status.
 */
export const webhookEventData = z.object({
  runId: z.string().optional().describe('Omitted only for a run request that queued no Run.'),
  runIds: z.array(z.string()).optional().describe('plan_group.completed and run_request.completed: every Run.'),
  planGroupRunId: z.string().optional(),
  runRequestId: z.string().optional(),
  testPlanId: z.string().optional(),
  environmentSlug: z.string().optional(),
  status: z.string(),
  verdict: z.string().optional(),
  validity: z.string().optional(),
  progress: progress.optional(),
  flaky: z.boolean().optional(),
  branch: z.string().optional(),
  commitSha: z.string().optional(),
  pr: z.string().optional(),
  reportUrl: z.string().optional(),
  completedAt: z.number().int().optional().describe('Epoch milliseconds.'),
  scheduleId: z.string().optional().describe('schedule.state_changed: the schedule.'),
  state: z
    .enum(['passing', 'failing', 'flaky'])
    .optional()
    .describe("schedule.state_changed: the schedule's new state."),
  previousState: z
    .enum(['passing', 'failing', 'flaky'])
    .optional()
    .describe('schedule.state_changed: the state before; omitted after the first group.'),
  recovered: z.boolean().optional().describe('schedule.state_changed: true when the schedule passes again.'),
  testCaseId: z.string().optional().describe('test_case.quarantined / released: the Test Case.'),
  reason: z.string().optional().describe('test_case.quarantined / released: why.'),
  source: z
    .enum(['manual', 'policy'])
    .optional()
    .describe('test_case.quarantined / released: by hand or by the policy.'),
});
export type WebhookEventData = z.infer<typeof webhookEventData>;

export const webhookEvent = z.object({
  type: z.string(),
  timestamp: z.string().describe('ISO 8601 time the event happened.'),
  data: webhookEventData,
});
export type WebhookEvent = z.infer<typeof webhookEvent>;

/** A new endpoint secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks headers of one delivery, signed by the `standardwebhooks` reference
 * library (so every compliant receiver verifies them); during a rotation each secret signs and
 * the signatures are space-separated.
 */
export function signWebhook(
  secrets: string[],
  messageId: string,
  at: Date,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' '),
  };
}
