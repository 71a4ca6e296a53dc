import { z } from 'zod';
import { limitsOf } from '../../core/config';
import { recordRuns, triggerFields } from '../../domain/runs/trigger';
import { startRunWorkflows } from '../workflow-starts';
import { defineOperation } from './define';
import { memberSelection } from './schemas';

export default defineOperation({
  name: 'run.trigger',
  summary: 'Queue Runs of a Test Case or of every member of a Test Plan; returns at once.',
  description:
    'Queue Runs and return their ids at once, without waiting for them. Give exactly one of testCaseId ' +
    '(one Run) and testPlanId (one Run per member case, plus planGroupRunId). Target a saved Environment with ' +
    'environmentSlug or pass explicit targets. With scope "changed" and changedFiles, a plan member runs when one ' +
    'of its Test Case tags covers:<glob> matches a changed file; members without a covers: tag always run. Follow each Run with run.get (cursor + waitMs), then read run.evidence. ' +
    'A plan trigger queues at most PLAN_GROUP_MAX_MEMBERS Runs (default 500; larger: FAILED_PRECONDITION). Runs past ' +
    "the organization's active-Run cap (ORG_MAX_ACTIVE_RUNS, default 50) stay queued and start as others finish.",
  scope: 'svc:runs:write',
  idempotency: 'required',
  confirm: 'never',
  input: triggerFields,
  inputRules: { oneOf: [{ required: ['testCaseId'] }, { required: ['testPlanId'] }] },
  output: z.object({
    runIds: z.array(z.string()).describe('Follow each with run.get.'),
    planGroupRunId: z.string().optional().describe('Present when a Test Plan was triggered.'),
    selection: z
      .array(memberSelection)
      .optional()
      .describe('With scope "changed" on a Test Plan: every member, whether it runs, and why (the matching glob).'),
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
      ctx.surface,
    );
    ctx.afterCommit(() => startRunWorkflows(ctx.deps, queued));
    return queued;
  },
  // A replay may follow a crash between commit and workflow start: make sure they run.
  async onReplay(output, ctx) {
    await startRunWorkflows(ctx.deps, output);
  },
});
