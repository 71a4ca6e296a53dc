import { WorkflowNotFoundError } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { runRepository, terminalStatuses } from '../../db/repositories/runs';
import { operationsByName } from '../catalog';
import { invokeOperation } from '../catalog/invoke';
import { idOf as id } from '../../core/ids';
import { platforms } from '../../core/runs';
import { slug } from '../../core/steps';
import { runStatus } from '../../core/runs';
import { AppError, notFound } from '../../core/errors';
import { resourceRunView } from '../presenters/runs';
import { triggerFields } from '../../domain/runs/trigger';
import { defineEndpoint, queryInt } from './define';
import { isTerminal } from '../../domain/runs/status';
import { cancelRunWorkflow } from '../workflow-starts';
import { signedReportUrl } from '../../domain/runs/report-links';
import { reportLinks } from '../presenters/plan-groups';
import { STORAGE_URL_TTL_S } from './media';

const resourceRun = z
  .object({
    _id: z.string(),
    testPlanId: z.string().optional().describe('Omitted for a Run of a single Test Case.'),
    status: z.string(),
    platforms: z.array(z.string()),
    trigger: z.record(z.string(), z.unknown()),
    pinned: z.boolean().describe('Kept by retention whatever its age (POST /api/runs/{runId}/pin).'),
    mediaExpiredAt: z
      .number()
      .optional()
      .describe("When retention removed the Run's media (epoch ms); evidence then lists no media."),
  })
  .passthrough();

const logEntry = z.object({
  stepIndex: z.number().int(),
  action: z.string(),
  target: z.string(),
  status: z.string(),
  platform: z.string(),
  error: z.string(),
  durationMs: z.number(),
  timestamp: z.number(),
});

/** POST /api/trigger: the run.trigger operation in the resource-style shape. */
export const triggerEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/trigger',
  summary:
    'Queue the Runs of a saved Test Plan (its inline steps as one Run, then one per member Test Case); returns at once.',
  description:
    'A web Run may use a saved Environment or an explicit targets.web.baseUrl; API and mobile Runs need ' +
    'environmentSlug or explicit targets. Send an Idempotency-Key header to make retries safe. When a plan has ' +
    'several Runs, runId is the first and runIds lists all of them. Flow steps expand now; an unknown flow is 422.',
  access: { scope: 'svc:runs:write' },
  body: z.strictObject({
    testPlanId: id('tp'),
    platforms: platforms.optional(),
    branch: triggerFields.branch,
    pr: triggerFields.pr,
    environmentSlug: slug.optional(),
    targets: triggerFields.targets,
    deployment: triggerFields.deployment,
  }),
  response: z.object({
    runId: z.string(),
    status: z.literal('queued'),
    runIds: z.array(z.string()),
    planGroupRunId: z.string().optional(),
  }),
  async handler({ body, principal, deps, requestId, koa }) {
    const idempotencyKey = koa.get('Idempotency-Key') || randomUUID();
    const queued = (await invokeOperation(
      operationsByName.get('run.trigger')!,
      { ...body, idempotencyKey },
      { principal, deps, requestId, surface: 'resource' },
    )) as { runIds: string[]; planGroupRunId?: string };
    return {
      runId: queued.runIds[0],
      status: 'queued' as const,
      runIds: queued.runIds,
      ...(queued.planGroupRunId ? { planGroupRunId: queued.planGroupRunId } : {}),
    };
  },
});

export const listRunsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/runs',
  summary: 'Recent Runs, newest first, by offset.',
  access: 'credential',
  query: z.strictObject({
    limit: queryInt(1, 100, 20),
    offset: queryInt(0, 1_000_000, 0),
    status: runStatus.extract(['queued', 'running', 'retrying', 'passing', 'failed', 'canceled']).optional(),
  }),
  response: z.array(resourceRun.extend({ logs: z.array(logEntry) })),
  async handler({ query, principal, deps }) {
    const runs = await runRepository.listByOffset(
      deps.db.manager,
      principal.orgId,
      query.status,
      query.offset,
      query.limit,
    );
    const steps = await runRepository.steps(
      deps.db.manager,
      runs.map((r) => r.id),
    );
    return runs.map((r) => resourceRunView(r, steps.get(r.id) ?? []));
  },
});

export const getRunEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/runs/:runId',
  summary: 'One Run with its step logs.',
  access: 'credential',
  params: z.object({ runId: id('run') }),
  response: resourceRun.extend({
    logs: z.array(logEntry),
    reportUrl: z.string().describe('Signed link to the Run report page (no credential needed).'),
  }),
  async handler({ params, principal, deps }) {
    const run = await runRepository.get(deps.db.manager, principal.orgId, params.runId);
    if (!run) throw notFound(`Run ${params.runId}`);
    const steps = (await runRepository.steps(deps.db.manager, [run.id])).get(run.id)!;
    return resourceRunView(run, steps, signedReportUrl(reportLinks(deps.config), 'run', run.id));
  },
});

export const reportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/runs/report',
  summary: 'Update an existing step log of a Run (organization API keys only).',
  access: 'api_key_only',
  body: z.strictObject({
    runId: id('run'),
    stepIndex: z.number().int().min(0),
    status: z.enum(['pending', 'running', 'passed', 'failed', 'skipped']),
  }),
  response: z.object({ success: z.literal(true) }),
  async handler({ body, principal, deps }) {
    const run = await runRepository.get(deps.db.manager, principal.orgId, body.runId);
    if (!run) throw notFound(`Run ${body.runId}`);
    if (terminalStatuses.includes(run.status)) {
      throw new AppError(
        'FAILED_PRECONDITION',
        `Run ${run.id} has ended (${run.status}); its record no longer changes`,
      );
    }
    if (!(await runRepository.putStep(deps.db.manager, run.id, body.stepIndex, { status: body.status }))) {
      throw new AppError('NOT_FOUND', `Run ${run.id} has no step ${body.stepIndex}`);
    }
    return { success: true as const };
  },
});

/** POST /api/runs/{runId}/cancel: what `qa --on-timeout cancel` and `--on-interrupt cancel` call. */
export const cancelRunEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/runs/:runId/cancel',
  summary: 'Cancel a Run that has not ended (extension); it becomes canceled.',
  description:
    "Answers the Run's status when the cancellation was requested; the Run records canceled shortly after. " +
    'A Run that has already ended keeps its outcome: FAILED_PRECONDITION (422) with details.status. ' +
    'An Idempotency-Key header makes a retry answer the first response.',
  access: { scope: 'svc:runs:write' },
  idempotent: true,
  params: z.object({ runId: id('run') }),
  body: z.strictObject({}),
  response: z.object({ runId: z.string(), status: z.string() }),
  async handler({ params, principal, deps }) {
    const orgId = principal.orgId;
    const run = await runRepository.get(deps.db.manager, orgId, params.runId);
    if (!run) throw notFound(`Run ${params.runId}`);
    const ended = (status: string) =>
      new AppError('FAILED_PRECONDITION', `Run ${run.id} has already ended (${status}); it keeps its outcome`, {
        status,
      });
    if (isTerminal(run.status)) throw ended(run.status);
    try {
      await cancelRunWorkflow(deps, run.id);
    } catch (error) {
      // The Run ended between the read and the cancel: its workflow is closed.
      const now = await runRepository.get(deps.db.manager, orgId, run.id);
      if (now && isTerminal(now.status)) throw ended(now.status);
      // A plan group's member is recorded before the group starts its workflow: retry shortly.
      if (error instanceof WorkflowNotFoundError)
        throw new AppError('UNAVAILABLE', `Run ${run.id} is still being started; retry`, undefined, {
          'Retry-After': '1',
        });
      throw error;
    }
    return { runId: run.id, status: run.status };
  },
});

/**
 * GET /api/runs/{runId}/trace: the Run's redacted Playwright trace, for the organization's engineers.
 * Not External Evidence (it holds DOM snapshots, the call log, network entries), so neither OAuth
 * clients nor MCP reach it, and run.evidence never links it.
 */
export const runTraceEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/runs/:runId/trace',
  summary: "The Run's Playwright trace (organization API keys only): redirects to a short-lived download link.",
  description:
    'Outside External Evidence: a debugging artifact for your engineers, kept for a Run that did not pass ' +
    '(RUNNER_TRACE=on-failure, the default) or every Run (always). Secrets are masked, and a trace records ' +
    'nothing from the moment a Run types a secret: later steps are listed with their screenshots only. ' +
    'The link lives one minute; open the zip with `npx playwright-core show-trace trace.zip`. 404 when the Run ' +
    'kept no trace or retention removed it.',
  access: 'api_key_only',
  params: z.object({ runId: id('run') }),
  response: z.null(),
  status: 302,
  responses: { 302: 'Redirect to the trace zip (application/zip)', 404: 'No such Run, or no trace kept' },
  async handler({ params, principal, deps, koa }) {
    const run = await runRepository.get(deps.db.manager, principal.orgId, params.runId);
    if (!run) throw notFound(`Run ${params.runId}`);
    const trace = run.mediaExpiredAt === null ? await runRepository.trace(deps.db.manager, run.id) : null;
    if (!trace || !(await deps.storage.exists(trace.storageKey)))
      throw new AppError('NOT_FOUND', `Run ${run.id} kept no trace`);
    koa.redirect(await deps.storage.readUrl(trace.storageKey, STORAGE_URL_TTL_S));
    return undefined;
  },
});

export const runEndpoints = [
  triggerEndpoint,
  listRunsEndpoint,
  getRunEndpoint,
  reportEndpoint,
  cancelRunEndpoint,
  runTraceEndpoint,
];
