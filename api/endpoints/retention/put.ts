import { z } from 'zod';
import { confirmRequired } from '../../../core/errors';
import { retentionPolicy } from '../../../core/retention';
import { retentionRepository } from '../../../db/repositories/retention';
import { defineEndpoint } from '../../pipeline/model';
import { policyView, presentPolicy } from '../../presenters/retention';
import { purgeNote } from '../../schemas/retention';

export default defineEndpoint({
  name: 'retention.put',
  bindings: { rest: { method: 'PUT', path: '/api/retention' } },
  summary: "Replace the organization's retention policy (requires confirm: true when it changes anything).",
  description:
    `${purgeNote} Without "confirm": true a change answers 400 INVALID_ARGUMENT with ` +
    'details.confirmRequired and details.wouldChange ({ field: { from, to } } for each changed field) and ' +
    'writes nothing; shorter days take effect at the next purge. A body equal to the current policy answers it unchanged.',
  access: { scope: 'svc:retention:write' },
  idempotency: 'optional',
  confirm: 'when_changing',
  body: retentionPolicy
    .extend({
      confirm: z.boolean().optional().describe('true applies a change; otherwise the answer previews it.'),
    })
    .strict(),
  output: policyView,
  async handler(input, { principal, deps }) {
    const db = deps.db.manager;
    const current = await retentionRepository.policy(db, principal.orgId);
    const fields = ['mediaDays', 'nonPassingMediaDays', 'runDays'] as const;
    const changed = fields.filter((f) => current[f] !== input[f]);
    if (!changed.length) return presentPolicy(current);
    if (input.confirm !== true)
      throw confirmRequired(
        'Replacing the retention policy changes what the next purge removes.',
        Object.fromEntries(changed.map((f) => [f, { from: current[f], to: input[f] }])),
      );
    const now = Date.now();
    const policy = {
      mediaDays: input.mediaDays,
      nonPassingMediaDays: input.nonPassingMediaDays,
      runDays: input.runDays,
    };
    await retentionRepository.putPolicy(db, principal.orgId, policy, now);
    return presentPolicy({ ...policy, updatedAt: now });
  },
});
