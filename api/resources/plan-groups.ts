import { z } from 'zod';
import { runRepository } from '../../db/repositories/runs';
import { AppError, notFound } from '../../core/errors';
import { idOf as id } from '../../core/ids';
import { slug } from '../../core/steps';
import { operationsByName } from '../catalog';
import { invokeOperation } from '../catalog/invoke';
import { loadPlanGroup, planGroupState, planGroupView, reportLinks } from '../presenters/plan-groups';
import { defineEndpoint, queryInt } from './define';

/** GET /api/plan-groups/{planGroupRunId}: every member of a plan trigger, for CI gates and reports. */
export const getPlanGroupEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/plan-groups/:planGroupRunId',
  summary: 'One plan group: each plan member with its Run status, verdict and report link, and a summary.',
  description:
    'Extension. Members a re-run carried over show passed_in_original; members a scope "changed" trigger skipped ' +
    'show not_selected with the reason. finished is true when every member Run is terminal.',
  access: 'credential',
  params: z.object({ planGroupRunId: id('pgr') }),
  response: planGroupState,
  async handler({ params, principal, deps }) {
    const group = await runRepository.planGroup(deps.db.manager, principal.orgId, params.planGroupRunId);
    if (!group) throw notFound(`plan group ${params.planGroupRunId}`);
    return planGroupView(await loadPlanGroup(deps.db.manager, group), reportLinks(deps.config));
  },
});

/** GET /api/plan-groups: the newest plan groups of a plan (how `qa run --rerun-failed last` finds one). */
export const listPlanGroupsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/plan-groups',
  summary: 'Plan groups of a Test Plan, newest first; filter by commit and Environment.',
  description: 'Extension. Each item is the plan group state of GET /api/plan-groups/{planGroupRunId}.',
  access: 'credential',
  query: z.strictObject({
    testPlanId: id('tp'),
    commitSha: z
      .string()
      .regex(/^[0-9a-fA-F]{7,64}$/)
      .optional(),
    environmentSlug: slug.optional(),
    limit: queryInt(1, 20, 5),
  }),
  response: z.array(planGroupState),
  async handler({ query, principal, deps }) {
    const { limit, ...filter } = query;
    const groups = await runRepository.planGroups(deps.db.manager, principal.orgId, filter, limit);
    const links = reportLinks(deps.config);
    return Promise.all(groups.map(async (g) => planGroupView(await loadPlanGroup(deps.db.manager, g), links)));
  },
});

/** POST /api/runs/rerun: the run.rerun operation in the resource-style shape. */
export const rerunEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/runs/rerun',
  summary: 'Re-run only the members of a finished plan group that did not pass (extension; also run.rerun).',
  description:
    'Requires an Idempotency-Key header: the same key returns the first answer and never queues twice. ' +
    'The new plan group is linked to the original by rerunOf; members that passed are carried as passed_in_original.',
  access: { scope: 'svc:runs:write' },
  requiresIdempotencyKey: true,
  body: z.strictObject({ planGroupRunId: id('pgr'), only: z.literal('not_passing') }),
  response: z.object({
    planGroupRunId: z.string(),
    rerunOf: z.string(),
    runIds: z.array(z.string()),
    carried: z.array(z.object({ testCaseId: z.string().optional(), name: z.string(), runId: z.string() })),
  }),
  async handler({ body, principal, deps, requestId, koa }) {
    const idempotencyKey = koa.get('Idempotency-Key');
    if (!idempotencyKey) throw new AppError('INVALID_ARGUMENT', 'send an Idempotency-Key header');
    return invokeOperation(
      operationsByName.get('run.rerun')!,
      { ...body, idempotencyKey },
      { principal, deps, requestId },
    );
  },
});

export const planGroupEndpoints = [getPlanGroupEndpoint, listPlanGroupsEndpoint, rerunEndpoint];
