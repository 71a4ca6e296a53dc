import { retentionRepository } from '../../../db/repositories/retention';
import { defineEndpoint } from '../../pipeline/model';
import { policyView, presentPolicy } from '../../presenters/retention';
import { purgeNote } from '../../schemas/retention';

export default defineEndpoint({
  name: 'retention.get',
  bindings: { rest: { method: 'GET', path: '/api/retention' } },
  summary: "The organization's retention policy (the defaults until one is saved: 30, 90 and 400 days).",
  description: purgeNote,
  access: { scope: 'svc:read' },
  output: policyView,
  async handler(input, { principal, deps }) {
    return presentPolicy(await retentionRepository.policy(deps.db.manager, principal.orgId));
  },
});
