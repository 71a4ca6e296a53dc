import { z } from 'zod';
import { recordName } from '../../schemas/catalog';
import { platforms } from '../../../core/runs';
import { slug } from '../../../core/steps';
import { startGeneration } from '../../plans/generation';
import { defineEndpoint } from '../../pipeline/model';

export default defineEndpoint({
  name: 'plans.generate',
  bindings: { rest: { method: 'POST', path: '/api/generate', status: 202 } },
  idempotency: 'optional',
  summary: 'Create a placeholder plan (status generating) and generate its steps from a prompt or a git diff.',
  description:
    'Give exactly one of prompt and diff (a unified git diff). The plan shows status generating in GET /api/plans ' +
    'until it is ready (with steps) or failed (with failureReason). The generator derives pages (paths such as /login), ' +
    'fields and buttons; secret-looking fields read {{env.NAME}} from the Environment; other fields let the agent choose. ' +
    'With environmentSlug, a web runner explores that Environment instead, writes cases from the pages it saw and tries each: ' +
    'the plan becomes ready (without steps) when some case passed, else failed with the reason; the proposed cases are in ' +
    'GET /api/generate/{testPlanId} and are saved only when a person creates them (test_case.create, test_plan.set_members with confirm).',
  access: { scope: 'svc:plans:write' },
  body: z
    .strictObject({
      name: recordName,
      mode: z.literal('auto').optional().describe('Only auto: the steps are generated.'),
      prompt: z
        .string()
        .trim()
        .min(1)
        .max(20_000)
        .meta({ pattern: '\\S' })
        .optional()
        .describe('What to test, in words.'),
      diff: z.string().min(1).max(900_000).optional().describe('A unified git diff of the change to test.'),
      platforms: platforms.optional().describe('Default ["web"].'),
      environmentSlug: slug
        .optional()
        .describe(
          "With a prompt: the Environment whose web target is explored (its runtime values sign in, as a Run's do). " +
            'Each case written is tried there; GET /api/generate/{testPlanId} lists them as ready or draft. No steps are saved to the plan.',
        ),
    })
    .refine((b) => !!b.prompt !== !!b.diff, { message: 'give exactly one of prompt and diff', path: ['prompt'] })
    .refine((b) => !b.environmentSlug || !!b.prompt, {
      message: 'environmentSlug goes with a prompt: a diff is read, not explored',
      path: ['environmentSlug'],
    })
    .refine((b) => !b.environmentSlug || !b.platforms || b.platforms.includes('web'), {
      message: 'exploring an Environment needs the web platform',
      path: ['platforms'],
    })
    .meta({ oneOf: [{ required: ['prompt'] }, { required: ['diff'] }] }),
  output: z.object({ testPlanId: z.string(), status: z.literal('generating') }),
  async handler(input, { principal, deps }) {
    const testPlanId = await startGeneration(deps, {
      orgId: principal.orgId,
      name: input.name,
      platforms: input.platforms ?? ['web'],
      ...(input.environmentSlug ? { environmentSlug: input.environmentSlug } : {}),
      ...(input.prompt
        ? { source: 'prompt' as const, text: input.prompt }
        : { source: 'diff' as const, text: input.diff! }),
    });
    return { testPlanId, status: 'generating' as const };
  },
});
