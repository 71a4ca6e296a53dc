import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { readRun, type Follower, type RunSnapshot } from '../../runs/watcher';
import { isTerminal } from '../../../domain/runs/status';
import { runView } from '../../presenters/runs';
import { omitAbsent } from '../../presenters/absent';
import { shareResponse } from '../../presenters/shared';
import type { AppDeps } from '../../pipeline/deps';
import { defineEndpoint } from '../../pipeline/model';
import { LaterAnswer, type AnswerSink } from '../../runs/later';
import { signedReportUrl } from '../../../domain/runs/report-links';
import { reportLinks } from '../../presenters/plan-groups';
import { idOf as id } from '../../../core/ids';
import { MAX_WAIT_MS, runStatus, stepVerdicts } from '../../../core/runs';
import { visualAcceptance } from '../../../core/visual';
import { accessibilitySummary } from '../../../core/accessibility';
import { runOriginFields, runVerdictField } from '../../schemas/runs';

const views = new WeakMap<RunSnapshot, { timedOut?: object; changed?: object }>();

/**
 * The answer for one read of a Run. Waiters answered from the same shared read (a change, or
 * their deadlines) share one view, serialized once for all of them.
 */
function viewOf(snapshot: RunSnapshot, timedOut: boolean, config: AppDeps['config']) {
  let made = views.get(snapshot);
  if (!made) views.set(snapshot, (made = {}));
  const shared = timedOut ? made.timedOut : made.changed;
  if (shared) return shared as ReturnType<typeof runView>;
  const view = shareResponse(
    omitAbsent(
      runView(snapshot.run, snapshot.steps, timedOut, signedReportUrl(reportLinks(config), 'run', snapshot.run.id)),
    ),
  );
  if (timedOut) made.timedOut = view;
  else made.changed = view;
  return view;
}

const runStepState = z.object({
  index: z.number().int(),
  action: z.string(),
  target: z.string().optional(),
  status: z.enum(['pending', 'running', 'passed', 'failed', 'skipped']),
  verdict: z
    .enum(stepVerdicts)
    .optional()
    .describe(
      "The step's verdict: passed; failed when it demonstrated that the application misbehaves (diagnosis application); unverified when it failed without proving either way. Omitted for a step not finished or skipped.",
    ),
  startedAt: z
    .number()
    .int()
    .optional()
    .describe('When the running step began (ms since epoch); present only while its status is running.'),
});

export const runState = z
  .object({
    runId: z.string(),
    status: runStatus,
    verdict: runVerdictField,
    validity: z.enum(['not_evaluated', 'valid', 'invalid']),
    cursor: z.number().describe('Grows on every change; pass it back with waitMs to wait for the next change.'),
    timedOut: z.boolean().describe('true when the wait expired with no change (not an error).'),
    progress: z.object({
      total: z.number(),
      completed: z.number(),
      passed: z.number(),
      failed: z.number(),
      skipped: z.number(),
    }),
    steps: z.array(runStepState),
    evidenceAvailable: z.boolean(),
    next: z.enum(['wait', 'retry', 'evidence', 'none']).describe('Advice only.'),
    flaky: z.boolean(),
    diagnosis: z
      .object({ category: z.string(), suggestedAction: z.string(), reason: z.string().optional() })
      .optional(),
    ...runOriginFields,
    platforms: z.array(z.string()).optional(),
    attempt: z.number().int().optional().describe('Runner attempts so far.'),
    quarantined: z
      .boolean()
      .optional()
      .describe('Its Test Case was in quarantine when the Run was queued: the verdict is real but gates nothing.'),
    visualAcceptance: visualAcceptance
      .optional()
      .describe("Who accepted the Run's screenshots as its steps' visual baseline, and when; omitted until accepted."),
    accessibility: accessibilitySummary.optional(),
    reportUrl: z
      .string()
      .optional()
      .describe(
        'Signed link to the Run report page (no credential needed; valid REPORT_LINK_TTL_DAYS, default 14 days).',
      ),
    createdAt: z.number().optional(),
    updatedAt: z.number().optional(),
  })
  .passthrough();

export default defineEndpoint({
  name: 'run.get',
  bindings: { v1: true, mcp: true },
  summary: 'Run state, with optional long-poll.',
  description:
    'Current state of a Run. To follow a Run without busy polling, pass the cursor of the previous ' +
    'response and waitMs (up to 25000): the call returns as soon as the cursor grows or the Run ends, or with ' +
    'timedOut: true when nothing changed; repeat with the same cursor. Terminal statuses: passing, failed, ' +
    'unverified, canceled, invalid. Then read run.evidence.',
  access: { scope: 'svc:read' },
  idempotency: 'none',
  confirm: 'never',
  body: {
    runId: id('run'),
    cursor: z.number().int().min(0).optional().describe('The cursor of a previous response.'),
    waitMs: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('Wait up to this long for a change (0..25000; larger values are clamped).'),
  },
  output: runState,
  async handler(input, { db, orgId, deps, receivedAt, extendDeadline }) {
    const waitMs = Math.min(input.waitMs ?? 0, MAX_WAIT_MS);
    const snapshot =
      waitMs > 0 ? await deps.runWatcher.arrival(orgId, input.runId) : await readRun(db, input.runId, orgId);
    if (!snapshot) throw notFound(`Run ${input.runId}`);
    return stateOrWait(snapshot, input.cursor, waitMs, receivedAt, extendDeadline, deps);
  },
});

/** The Run's state now, or (a long-poll with nothing new yet) the answer it parks on. */
function stateOrWait(
  snapshot: RunSnapshot,
  cursor: number | undefined,
  waitMs: number,
  receivedAt: number,
  extendDeadline: (waitMs: number) => void,
  deps: AppDeps,
) {
  const { run } = snapshot;
  if (waitMs > 0) {
    const since = cursor ?? run.cursor;
    if (run.cursor <= since && !isTerminal(run.status)) {
      // Woken with the one shared read of the changed Run; at the deadline, what was read on arrival.
      // The request's deadline grows by the wait only now: reads before it keep the plain bound.
      // The wait counts from the request's arrival, in whole milliseconds as a timer's would (the
      // watcher answers it from one heap of deadlines, api/runs/watcher.ts).
      const remaining = Math.max(0, Math.ceil(waitMs - (performance.now() - receivedAt)));
      extendDeadline(remaining);
      return new LaterAnswer<RunAnswer>((sink) =>
        deps.runWatcher.park(run.id, since, remaining, new RunFollower(snapshot, deps.config, sink)),
      );
    }
  }
  return viewOf(snapshot, false, deps.config);
}

type RunAnswer = ReturnType<typeof viewOf>;

/** A parked run.get: told the change, or at its deadline (null) answers with what it read on arrival. */
class RunFollower implements Follower {
  constructor(
    private readonly arrived: RunSnapshot,
    private readonly config: AppDeps['config'],
    private readonly sink: AnswerSink<RunAnswer>,
  ) {}

  answered(changed: RunSnapshot | null): void {
    try {
      this.sink.answered(viewOf(changed ?? this.arrived, changed === null, this.config));
    } catch (error) {
      this.sink.failed(error); // called from a timer or the watcher's check: nothing else would catch it
    }
  }

  failed(error: unknown): void {
    this.sink.failed(error);
  }
}
