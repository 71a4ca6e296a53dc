import { quarantinePolicy } from '../../../core/quarantine';
import { quarantineRepository } from '../../../db/repositories/quarantine';
import { policyView } from '../../presenters/quarantine';
import { defineEndpoint } from '../../pipeline/model';

export default defineEndpoint({
  name: 'quarantine_policy.put',
  bindings: { rest: { method: 'PUT', path: '/api/quarantine-policy' } },
  summary:
    'Set the quarantine policy: quarantine after N flaky passes in the last M Runs, release after K clean passes.',
  description:
    "Applied as each Run of a Test Case ends, over the case's ended Runs since it was last released. The policy " +
    'releases only cases it quarantined; a quarantine made by hand is released by hand.',
  access: { scope: 'svc:test_cases:write' },
  idempotency: 'optional',
  body: quarantinePolicy,
  output: policyView,
  async handler(input, { principal, deps }) {
    await quarantineRepository.putPolicy(deps.db.manager, principal.orgId, input);
    return quarantineRepository.policy(deps.db.manager, principal.orgId);
  },
});
