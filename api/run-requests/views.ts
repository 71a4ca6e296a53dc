import { z } from 'zod';
import type { EntityManager } from 'typeorm';
import type { RunRequest } from '../../db/entities/run-requests';
import { runRepository } from '../../db/repositories/runs';
import { runRequestRepository } from '../../db/repositories/run-requests';
import { progressOf } from '../runs/views';

const failedStatuses = new Set(['failed', 'unverified', 'canceled', 'invalid']);

export const runRequestEntry = z.object({
  runId: z.string().nullable().describe("The entry's Run; null when it could not be queued (see queueError)."),
  testPlanId: z.string(),
  planName: z.string(),
  testCaseId: z
    .string()
    .nullable()
    .describe("The member Test Case this Run executes; null for the plan's inline steps."),
  platforms: z.array(z.string()),
  target: z.object({ kind: z.literal('environment'), slug: z.string(), name: z.string() }),
  queueError: z.string().nullable(),
  runStatus: z
    .string()
    .nullable()
    .describe("The Run's live status (queued, running, retrying, passing, failed, unverified, canceled, invalid)."),
  runError: z.string().nullable().describe('Why the Run did not pass, once it is final.'),
  progress: z
    .object({ total: z.number(), completed: z.number(), passed: z.number(), failed: z.number(), skipped: z.number() })
    .nullable(),
});

export const runRequestRecord = z.object({
  requestId: z.string(),
  idempotencyKey: z.string().describe('The key this request is stored under (generated when none was sent).'),
  status: z
    .enum(['interpreting', 'queued', 'completed', 'rejected', 'failed', 'canceled'])
    .describe(
      'interpreting → queued → completed, or rejected / failed / canceled. Final: completed, rejected, failed, canceled.',
    ),
  request: z.string().nullable(),
  resolutionSource: z.enum(['structured', 'interpreter']).nullable(),
  rejectionReasons: z.array(z.string()),
  error: z.string().nullable(),
  createdAt: z.number(),
  completedAt: z.number().nullable().describe('When the request reached a final status.'),
  entries: z.array(runRequestEntry),
});

/** The record of a run request with each entry's live Run state. */
export async function runRequestView(db: EntityManager, r: RunRequest): Promise<z.infer<typeof runRequestRecord>> {
  const entries = await runRequestRepository.entries(db, r.id);
  const runIds = entries.map((e) => e.runId).filter((id): id is string => !!id);
  const [states, steps] = await Promise.all([
    runRequestRepository.runStates(db, runIds),
    runRepository.steps(db, runIds),
  ]);
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
