import { z } from 'zod';
import { recordTry } from '../../../domain/runs/try';
import { triggerTargets } from '../../../domain/runs/trigger';
import { platforms } from '../../../core/runs';
import { slug, steps } from '../../../core/steps';
import { startRunWorkflows } from '../../temporal/starts';
import { defineEndpoint } from '../../pipeline/model';
import { guardCredentials } from '../test-cases/shared';

export default defineEndpoint({
  name: 'runs.try',
  bindings: { rest: { method: 'POST', path: '/api/runs/try', status: 201 } },
  summary: 'Try unsaved steps (a draft Test Case) against an Environment: one Run, marked as a try, returned at once.',
  description:
    'The steps are checked as test_case.create checks them (a credential-shaped literal is refused: refer to an ' +
    'Environment value instead). The Run has no Test Case and no plan, its trigger says try: true, and it counts in no ' +
    "health, flake rate or insight; follow it with run.get and read each step's result, screenshot and suggested " +
    'change with run.evidence. Give environmentSlug or explicit targets. Send an Idempotency-Key header: a retried ' +
    'request with the same key queues once.',
  access: { scope: 'svc:runs:write' },
  idempotency: 'required',
  atomic: true,
  body: z.strictObject({
    steps,
    platforms: platforms.optional().describe('Platforms to run on (default web).'),
    environmentSlug: slug.optional().describe('A saved Environment to try against.'),
    targets: triggerTargets.optional(),
  }),
  output: z.object({ runId: z.string().describe('The try Run; follow it with run.get.') }),
  async handler(input, ctx) {
    const { steps: checked } = await guardCredentials(input.steps, undefined, ctx, false);
    const queued = await recordTry(
      {
        steps: checked,
        platforms: input.platforms ?? ['web'],
        environmentSlug: input.environmentSlug ?? undefined,
        targets: input.targets ?? undefined,
      },
      { db: ctx.db, orgId: ctx.orgId, source: ctx.surface },
    );
    ctx.afterCommit(() => startRunWorkflows(ctx.deps, queued));
    return { runId: queued.runIds[0] };
  },
  async onReplay(output, ctx) {
    await startRunWorkflows(ctx.deps, { runIds: [output.runId] });
  },
});
