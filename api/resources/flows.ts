import { z } from 'zod';
import { flowRepository } from '../../db/repositories/flows';
import { description, recordName } from '../catalog/schemas';
import { slug } from '../../core/steps';
import { invalid, notFound } from '../../core/errors';
import { newId } from '../../core/ids';
import { flowRecord } from '../plans/schemas';
import { resourceSteps } from '../../core/steps';
import { flowView } from '../presenters/plans';
import { defineEndpoint } from './define';

const slugParams = z.strictObject({ slug: slug.describe("The flow's slug, unique in the organization.") });

/** Any spelling may be asked for (the specification: length >= 1); one that is no slug names no flow. */
const lookupParams = z.strictObject({
  slug: z.string().min(1).max(1000).describe("The flow's slug; an unknown one, whatever its spelling, is 404."),
});

export const getFlowEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/flows/:slug',
  summary: "One of the team's reusable step sequences, by slug.",
  access: 'credential',
  params: lookupParams,
  response: flowRecord,
  async handler({ params, principal, deps }) {
    // Checked before the query: the column's collation would match `Login` to `login`.
    const flow = slug.safeParse(params.slug).success
      ? await flowRepository.bySlug(deps.db.manager, principal.orgId, params.slug)
      : null;
    if (!flow) throw notFound(`Flow ${params.slug}`);
    return flowView(flow);
  },
});

export const putFlowEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/flows/:slug',
  summary: 'Save a flow (create, or replace its name, description and steps).',
  description:
    'A step {"action":"flow","target":"<slug>"} in a plan or another flow is replaced by these steps when ' +
    'Runs are queued, so a change here applies to the next Run. Flows may nest 5 deep; cycles are refused then.',
  access: { scope: 'svc:plans:write' },
  params: slugParams,
  body: z.strictObject({ name: recordName, description: description.optional(), steps: resourceSteps.min(1) }),
  response: flowRecord,
  async handler({ params, body, principal, deps }) {
    const self = body.steps.findIndex((s) => s.action === 'flow' && s.target === params.slug);
    if (self >= 0) throw invalid(`steps[${self}]: flow "${params.slug}" cannot use itself`);
    const now = Date.now();
    await flowRepository.upsert(deps.db.manager, {
      id: newId('flow'),
      orgId: principal.orgId,
      slug: params.slug,
      name: body.name,
      description: body.description ?? '',
      steps: body.steps,
      createdAt: now,
      updatedAt: now,
    });
    const saved = await flowRepository.bySlug(deps.db.manager, principal.orgId, params.slug);
    // A DELETE that came in between: the flow is gone, as that request said.
    if (!saved) throw notFound(`Flow ${params.slug}`);
    return flowView(saved);
  },
});

export const flowEndpoints = [getFlowEndpoint, putFlowEndpoint];
