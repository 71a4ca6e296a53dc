import { z } from 'zod';
import { recordRunRerun } from '../../../domain/runs/rerun';
import { idOf } from '../../../core/ids';
import { startRunWorkflows } from '../../temporal/starts';
import { defineEndpoint, triggerSource } from '../../pipeline/model';

export default defineEndpoint({
  name: 'runs.rerun',
  bindings: { rest: { method: 'POST', path: '/api/runs/:runId/rerun', status: 201 } },
  summary: 'Run one ended Run again, as it was queued: a new Run that repeats it (its trigger names it in rerunOf).',
  description:
    "Any ended Run: a Test Case's, a plan's own steps in a plan group, one with explicit targets. The new Run has " +
    'the same steps, Environment, targets, branch, deployment fields and Run-only runtime values, outside any plan ' +
    'group; follow it with run.get. To run a changed Test Case, trigger it (run.trigger); to re-run the members of a ' +
    'plan group that did not pass, POST /api/runs/rerun. FAILED_PRECONDITION while the Run has not ended. Send an ' +
    'Idempotency-Key header: a retried request with the same key queues once.',
  access: { scope: 'svc:runs:write' },
  idempotency: 'required',
  params: z.object({ runId: idOf('run') }),
  output: z.object({
    runId: z.string().describe('The new Run.'),
    rerunOf: z.string().describe('The Run it repeats.'),
  }),
  async handler(input, ctx) {
    const queued = await recordRunRerun(input.runId, {
      db: ctx.db,
      orgId: ctx.orgId,
      secrets: ctx.deps.secrets,
      source: triggerSource(ctx),
    });
    ctx.afterCommit(() => startRunWorkflows(ctx.deps, queued));
    return { runId: queued.runIds[0], rerunOf: input.runId };
  },
  async onReplay(output, ctx) {
    await startRunWorkflows(ctx.deps, { runIds: [output.runId] });
  },
});
