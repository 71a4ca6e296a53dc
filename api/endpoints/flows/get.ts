import { flowRepository } from '../../../db/repositories/flows';
import { slug } from '../../../core/steps';
import { notFound } from '../../../core/errors';
import { flowRecord } from '../../plans/schemas';
import { flowView } from '../../presenters/plans';
import { defineEndpoint } from '../../pipeline/model';
import { lookupParams } from './params';

export default defineEndpoint({
  name: 'flows.get',
  bindings: { rest: { method: 'GET', path: '/api/flows/:slug' } },
  summary: "One of the team's reusable step sequences, by slug.",
  access: 'credential',
  params: lookupParams,
  output: flowRecord,
  async handler(input, { principal, deps }) {
    // Checked before the query: the column's collation would match `Login` to `login`.
    const flow = slug.safeParse(input.slug).success
      ? await flowRepository.bySlug(deps.db.manager, principal.orgId, input.slug)
      : null;
    if (!flow) throw notFound(`Flow ${input.slug}`);
    return flowView(flow);
  },
});
