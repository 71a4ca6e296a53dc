import { z } from 'zod';
import { recordRerun } from '../../../domain/runs/rerun';
import { idOf as id } from '../../../core/ids';
import { startRunWorkflows } from '../../temporal/starts';
import { defineEndpoint } from '../../pipeline/model';

export default defineEndpoint({
  name: 'run.rerun',
  bindings: {
    v1: true,
    mcp: true,
    // POST /api/runs/rerun: the same, keyed by the Idempotency-Key header.
    rest: {
      method: 'POST',
      path: '/api/runs/rerun',
      shape: {
        summary: 'Re-run only the members of a finished plan group that did not pass (extension; also run.rerun).',
        description:
          'Requires an Idempotency-Key header: the same key returns the first answer and never queues twice. ' +
          'The new plan group is linked to the original by rerunOf; members that passed are carried as passed_in_original.',
        body: z.strictObject({ planGroupRunId: id('pgr'), only: z.literal('not_passing') }),
        response: z.object({
          planGroupRunId: z.string(),
          rerunOf: z.string(),
          runIds: z.array(z.string()),
          carried: z.array(z.object({ testCaseId: z.string().optional(), name: z.string(), runId: z.string() })),
        }),
        toResponse: (output) => output,
      },
    },
  },
  extension: true,
  summary: 'Re-run only the members of a finished plan group that did not pass, as a new linked plan group.',
  description:
    'Queue a new plan group holding only the members whose Run did not pass (failed, unverified, canceled, ' +
    'invalid) in planGroupRunId, with the same Environment, targets and deployment fields, linked to it by ' +
    'rerunOf. The members that passed are carried into the new group as passed_in_original, so its report and ' +
    'JUnit still cover the whole plan. Returns at once; follow each Run with run.get. FAILED_PRECONDITION while ' +
    'the group is still running. Also POST /api/runs/rerun.',
  access: { scope: 'svc:runs:write' },
  idempotency: 'required',
  confirm: 'never',
  body: {
    planGroupRunId: id('pgr').describe('The plan group to re-run (from run.trigger or run.get).'),
    only: z.literal('not_passing').describe('Which members to re-run: those whose Run did not pass.'),
  },
  output: z.object({
    planGroupRunId: z.string().describe('The new plan group.'),
    rerunOf: z.string(),
    runIds: z.array(z.string()).describe('The new Runs; empty when every member had passed.'),
    carried: z
      .array(z.object({ testCaseId: z.string().optional(), name: z.string(), runId: z.string() }))
      .describe('Members passed in the original, not run again.'),
  }),
  async handler(input, ctx) {
    const queued = await recordRerun(input.planGroupRunId, {
      db: ctx.db,
      orgId: ctx.orgId,
      secrets: ctx.deps.secrets,
    });
    ctx.afterCommit(() => startRunWorkflows(ctx.deps, queued));
    return {
      planGroupRunId: queued.planGroupRunId,
      rerunOf: queued.rerunOf,
      runIds: queued.runIds,
      carried: queued.carried.map((c) => ({ testCaseId: c.testCaseId, name: c.name, runId: c.runId })),
    };
  },
  async onReplay(output, ctx) {
    await startRunWorkflows(ctx.deps, output);
  },
});
