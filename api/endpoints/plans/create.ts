import { z } from 'zod';
import { testPlanRepository } from '../../../db/repositories/test-plans';
import { description, recordName } from '../../schemas/catalog';
import { platforms } from '../../../core/runs';
import { newId } from '../../../core/ids';
import { apiAuthProfile, planConfig } from '../../../core/steps';
import { resourceSteps } from '../../../core/steps';
import { defineEndpoint } from '../../pipeline/model';

export default defineEndpoint({
  name: 'plans.create',
  bindings: { rest: { method: 'POST', path: '/api/plans', status: 201 } },
  idempotency: 'optional',
  summary: 'Create a Test Plan from inline resource-style steps.',
  description:
    'The plan runs its steps as one Run (no Test Case); flow steps expand when Runs are queued. ' +
    'v1 test_plan.get shows the plan with these steps. Literal credential-shaped values are refused: write {{env.NAME}}.',
  access: { scope: 'svc:plans:write' },
  body: z
    .strictObject({
      name: recordName,
      description: description.optional(),
      steps: resourceSteps.min(1),
      platforms: platforms.optional().describe('Default ["web"].'),
      apiAuthProfiles: z.array(apiAuthProfile).max(20).optional(),
      config: planConfig.optional(),
      mode: z.enum(['auto', 'manual']).optional().describe('Default manual.'),
    })
    .superRefine((body, ctx) => {
      const names = new Set<string>();
      (body.apiAuthProfiles ?? []).forEach((p, i) => {
        if (names.has(p.name))
          ctx.addIssue({
            code: 'custom',
            path: ['apiAuthProfiles', i, 'name'],
            message: `profile "${p.name}" is defined twice`,
          });
        names.add(p.name);
      });
      body.steps.forEach((s, i) => {
        const profile = s.config?.authProfile;
        if (profile && !names.has(profile))
          ctx.addIssue({
            code: 'custom',
            path: ['steps', i, 'config', 'authProfile'],
            message: `no apiAuthProfile named "${profile}"`,
          });
      });
    }),
  output: z.object({ testPlanId: z.string(), status: z.literal('created') }),
  async handler(input, { principal, deps }) {
    const now = Date.now();
    const id = newId('tp');
    await testPlanRepository.insert(deps.db.manager, {
      id,
      orgId: principal.orgId,
      name: input.name,
      description: input.description ?? '',
      platforms: input.platforms ?? ['web'],
      steps: input.steps,
      apiAuthProfiles: input.apiAuthProfiles ?? [],
      config: input.config ?? null,
      mode: input.mode ?? 'manual',
      status: 'created',
      failureReason: null,
      createdAt: now,
      updatedAt: now,
    });
    return { testPlanId: id, status: 'created' as const };
  },
});
