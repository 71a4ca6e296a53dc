import { newWebhookSecret } from '../../../core/webhooks';
import { webhookRepository } from '../../../db/repositories/webhooks';
import { ROTATION_OVERLAP_MS, secretContext } from '../../../domain/webhooks/secrets';
import { defineEndpoint } from '../../pipeline/model';
import { presentEndpoint, withSecret } from '../../presenters/webhooks';
import { access, reread, owned, webhookParams } from './shared';

export default defineEndpoint({
  name: 'webhooks.rotate_secret',
  bindings: { rest: { method: 'POST', path: '/api/webhooks/:webhookId/rotate-secret' } },
  summary: 'Replace the signing secret; for 24 hours deliveries carry signatures by the old and the new one.',
  access,
  idempotency: 'optional',
  params: webhookParams,
  output: withSecret,
  async handler(input, { principal, deps }) {
    const endpoint = await owned(deps, principal.orgId, input.webhookId);
    const secret = newWebhookSecret();
    const now = Date.now();
    await webhookRepository.updateEndpoint(deps.db.manager, endpoint.id, {
      secretSealed: deps.secrets.seal(secret, secretContext(endpoint.id)),
      previousSecretSealed: endpoint.secretSealed,
      previousSecretExpiresAt: now + ROTATION_OVERLAP_MS,
      updatedAt: now,
    });
    return { ...presentEndpoint(await reread(deps, endpoint.id)), secret };
  },
});
