import { z } from 'zod';
import { limitsOf } from '../../../core/config';
import { recordRuns, triggerFields } from '../../../domain/runs/trigger';
import { idOf as id } from '../../../core/ids';
import { platforms } from '../../../core/runs';
import { slug } from '../../../core/steps';
import { startRunWorkflows } from '../../temporal/starts';
import { defineEndpoint, triggerSource } from '../../pipeline/model';
import { memberSelection } from '../../schemas/catalog';

const supersededDoc =
  'With cancelSuperseded: the older plan groups (planGroupRunId) of the same plan, Environment and branch asked to ' +
  'cancel their unfinished members.';

export default defineEndpoint({
  name: 'run.trigger',
  bindings: {
    v1: true,
    mcp: true,
    // POST /api/trigger: a saved Test Plan's Runs in the resource-style shape.
    rest: {
      method: 'POST',
      path: '/api/trigger',
      shape: {
        summary:
          'Queue the Runs of a saved Test Plan (its inline steps as one Run, then one per member Test Case); returns at once.',
        description:
          'A web Run may use a saved Environment or an explicit targets.web.baseUrl; API and mobile Runs need ' +
          'environmentSlug or explicit targets. Send an Idempotency-Key header to make retries safe. When a plan has ' +
          'several Runs, runId is the first and runIds lists all of them. Flow steps expand now; an unknown flow is 422.',
        body: z.strictObject({
          testPlanId: id('tp'),
          platforms: platforms.optional(),
          branch: triggerFields.branch,
          pr: triggerFields.pr,
          environmentSlug: slug.optional(),
          targets: triggerFields.targets,
          deployment: triggerFields.deployment,
          failFast: triggerFields.failFast,
          cancelSuperseded: triggerFields.cancelSuperseded,
          accessibility: triggerFields.accessibility,
          video: triggerFields.video,
        }),
        response: z.object({
          runId: z.string(),
          status: z.literal('queued'),
          runIds: z.array(z.string()),
          planGroupRunId: z.string().optional(),
          superseded: z.array(z.string()).optional().describe(supersededDoc),
        }),
        // The header is honoured but was never documented here; documenting it is a change of the document.
        keyWhenAbsent: 'fresh',
        toResponse: (queued: { runIds: string[]; planGroupRunId?: string; superseded?: string[] }) => ({
          runId: queued.runIds[0],
          status: 'queued' as const,
          runIds: queued.runIds,
          ...(queued.planGroupRunId ? { planGroupRunId: queued.planGroupRunId } : {}),
          ...(queued.superseded ? { superseded: queued.superseded } : {}),
        }),
      },
    },
  },
  summary: 'Queue Runs of a Test Case or of every member of a Test Plan; returns at once.',
  description:
    'Queue Runs and return their ids at once, without waiting for them. Give exactly one of testCaseId ' +
    '(one Run) and testPlanId (one Run per member case, plus planGroupRunId). Target a saved Environment with ' +
    'environmentSlug or pass explicit targets. With scope "changed" and changedFiles, a plan member runs when one ' +
    'of its Test Case tags covers:<glob> matches a changed file; members without a covers: tag always run. Follow each Run with run.get (cursor + waitMs), then read run.evidence. ' +
    'A plan trigger queues at most PLAN_GROUP_MAX_MEMBERS Runs (default 500; larger: FAILED_PRECONDITION). Runs past ' +
    "the organization's active-Run cap (ORG_MAX_ACTIVE_RUNS, default 50) stay queued and start as others finish. " +
    'A plan group starts the members that failed last time on the Environment first, then the longest first (median ' +
    'of their recent Runs there; without history, by step count). failFast cancels the rest after the first failure ' +
    '(or afterFailures); cancelSuperseded cancels older unfinished groups of the same plan, Environment and branch.',
  access: { scope: 'svc:runs:write' },
  idempotency: 'required',
  confirm: 'never',
  body: triggerFields,
  bodyRules: { oneOf: [{ required: ['testCaseId'] }, { required: ['testPlanId'] }] },
  output: z.object({
    runIds: z.array(z.string()).describe('Follow each with run.get.'),
    planGroupRunId: z.string().optional().describe('Present when a Test Plan was triggered.'),
    selection: z
      .array(memberSelection)
      .optional()
      .describe('With scope "changed" on a Test Plan: every member, whether it runs, and why (the matching glob).'),
    superseded: z.array(z.string()).optional().describe(supersededDoc),
  }),
  async handler(input, ctx) {
    const queued = await recordRuns(
      input,
      {
        db: ctx.db,
        orgId: ctx.orgId,
        secrets: ctx.deps.secrets,
        planGroupMaxMembers: limitsOf(ctx.deps.config, ctx.orgId).planGroupMaxMembers,
      },
      triggerSource(ctx),
    );
    ctx.afterCommit(() => startRunWorkflows(ctx.deps, queued));
    return queued;
  },
  // A replay may follow a crash between commit and workflow start: make sure they run.
  async onReplay(output, ctx) {
    await startRunWorkflows(ctx.deps, output);
  },
});
