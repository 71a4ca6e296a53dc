import { quarantineRepository } from '../../../db/repositories/quarantine';
import { policyView } from '../../presenters/quarantine';
import { defineEndpoint } from '../../pipeline/model';

export default defineEndpoint({
  name: 'quarantine_policy.get',
  bindings: { rest: { method: 'GET', path: '/api/quarantine-policy' } },
  summary: "The organization's quarantine policy (off until turned on).",
  access: 'credential',
  output: policyView,
  async handler(_input, { principal, deps }) {
    return quarantineRepository.policy(deps.db.manager, principal.orgId);
  },
});
