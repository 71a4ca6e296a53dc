import { z } from 'zod';
import type { RunRequestRead } from '../runs/run-request-read';
import { progressOf } from './runs';
import type { Presented } from './absent';

const failedStatuses = new Set(['failed', 'unverified', 'canceled', 'invalid']);

export const runRequestEntry = z.object({
  runId: z.string().optional().describe("The entry's Run; omitted when it could not be queued (see queueError)."),
  testPlanId: z.string(),
  planName: z.string(),
  testCaseId: z
    .string()
    .optional()
    .describe("The member Test Case this Run executes; omitted for the plan's inline steps."),
  platforms: z.array(z.string()),
  target: z.object({ kind: z.literal('environment'), slug: z.string(), name: z.string() }),
  queueError: z.string().optional().describe('Why the entry could not be queued; omitted when it was.'),
  runStatus: z
    .string()
    .optional()
    .describe("The Run's live status (queued, running, retrying, passing, failed, unverified, canceled, invalid)."),
  runError: z.string().optional().describe('Why the Run did not pass, once it is final; omitted otherwise.'),
  progress: z
    .object({ total: z.number(), completed: z.number(), passed: z.number(), failed: z.number(), skipped: z.number() })
    .optional(),
});

export const runRequestRecord = z.object({
  requestId: z.string(),
  idempotencyKey: z.string().describe('The key this request is stored under (generated when none was sent).'),
  status: z
    .enum(['interpreting', 'queued', 'completed', 'rejected', 'failed', 'canceled'])
    .describe(
      'interpreting → queued → completed, or rejected / failed / canceled. Final: completed, rejected, failed, canceled.',
    ),
  request: z.string().optional().describe('The natural-language request; omitted for a structured one.'),
  resolutionSource: z.enum(['structured', 'interpreter']).optional().describe('Omitted while interpreting.'),
  rejectionReasons: z.array(z.string()),
  error: z.string().optional().describe('Why the request failed; omitted otherwise.'),
  createdAt: z.number(),
  completedAt: z.number().optional().describe('When the request reached a final status; omitted before.'),
  entries: z.array(runRequestEntry),
});

/** The record of a run request with each entry's live Run state. */
export function runRequestView({
  request: r,
  entries,
  states,
  steps,
}: RunRequestRead): Presented<z.infer<typeof runRequestRecord>> {
  return {
    requestId: r.id,
    idempotencyKey: r.idemKey,
    status: r.status,
    request: r.request,
    resolutionSource: r.resolutionSource,
    rejectionReasons: r.rejectionReasons,
    error: r.error,
    createdAt: r.createdAt,
    completedAt: r.completedAt,
    entries: entries.map((e) => {
      const state = e.runId ? states.get(e.runId) : undefined;
      return {
        runId: e.runId,
        testPlanId: e.testPlanId,
        planName: e.planName,
        testCaseId: e.testCaseId,
        platforms: e.platforms,
        target: { kind: 'environment' as const, slug: e.environmentSlug, name: e.environmentName },
        queueError: e.queueError,
        runStatus: state?.status ?? null,
        runError: state && failedStatuses.has(state.status) ? (state.reason ?? `the Run ended ${state.status}`) : null,
        progress: e.runId ? progressOf(steps.get(e.runId) ?? []) : null,
      };
    }),
  };
}
