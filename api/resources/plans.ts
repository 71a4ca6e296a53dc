import { z } from 'zod';
import { testPlanRepository } from '../../db/repositories/test-plans';
import { resourcePlanRepository } from '../../db/repositories/resource-plans';
import { description, recordName } from '../catalog/schemas';
import { platforms } from '../../core/runs';
import { newId } from '../../core/ids';
import { resourcePlan } from '../plans/schemas';
import { apiAuthProfile, planConfig } from '../../core/steps';
import { resourceSteps } from '../../core/steps';
import { resourcePlanView } from '../presenters/plans';
import { defineEndpoint, queryInt } from './define';

export const listPlansEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/plans',
  summary: 'Test Plans of the organization, newest first, in the resource-style shape.',
  description:
    'Plans made here and v1 plans share one catalog: a v1 plan shows its membership as memberCount and ' +
    'empty steps; a generated plan shows status generating until it is ready (or failed, with failureReason).',
  access: 'credential',
  query: z.strictObject({
    limit: queryInt(1, 100, 20).describe('Page size, 1..100 (default 20), as GET /api/runs.'),
    offset: queryInt(0, 1_000_000, 0).describe('Plans to skip, newest first (default 0).'),
  }),
  response: z.array(resourcePlan),
  async handler({ query, principal, deps }) {
    const rows = await resourcePlanRepository.list(deps.db.manager, principal.orgId, query.offset, query.limit);
    const counts = await testPlanRepository.memberCounts(
      deps.db.manager,
      rows.map((p) => p.id),
    );
    return rows.map((p) => resourcePlanView(p, counts.get(p.id) ?? 0));
  },
});

export const createPlanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/plans',
  idempotent: true,
  summary: 'Create a Test Plan from inline resource-style steps.',
  description:
    'The plan runs its steps as one Run (no Test Case); flow steps expand when Runs are queued. ' +
    'v1 test_plan.get shows the plan with these steps. Literal credential-shaped values are refused: write {{env.NAME}}.',
  access: { scope: 'svc:plans:write' },
  status: 201,
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
  response: z.object({ testPlanId: z.string(), status: z.literal('created') }),
  async handler({ body, principal, deps }) {
    const now = Date.now();
    const id = newId('tp');
    await testPlanRepository.insert(deps.db.manager, {
      id,
      orgId: principal.orgId,
      name: body.name,
      description: body.description ?? '',
      platforms: body.platforms ?? ['web'],
      steps: body.steps,
      apiAuthProfiles: body.apiAuthProfiles ?? [],
      config: body.config ?? null,
      mode: body.mode ?? 'manual',
      status: 'created',
      failureReason: null,
      createdAt: now,
      updatedAt: now,
    });
    return { testPlanId: id, status: 'created' as const };
  },
});

export const planEndpoints = [listPlansEndpoint, createPlanEndpoint];
