import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { SecretBox } from '../../core/crypto';
import type { WebhookEndpoint } from '../../db/entities/webhooks';
import { ROTATION_OVERLAP_MS, endpointSecrets, secretContext } from '../../domain/webhooks/secrets';

/**
 * Which secrets sign a delivery (docs/webhooks-and-retention.md: after rotate-secret the old secret also signs for 24 hours,
 * so receivers can switch over): the current one always, the previous one only inside its window.
 */
describe('webhook signing secrets across a rotation', () => {
  const box = new SecretBox(randomBytes(32));
  const id = 'whk_000000000000000000000000a';
  const rotatedAt = 1_800_000_000_000;
  const endpoint = {
    id,
    secretSealed: box.seal('whsec_current', secretContext(id)),
    previousSecretSealed: box.seal('whsec_previous', secretContext(id)),
    previousSecretExpiresAt: rotatedAt + ROTATION_OVERLAP_MS,
  } as WebhookEndpoint;

  it('signs with both during the window, then with the current one only', () => {
    assert.equal(ROTATION_OVERLAP_MS, 24 * 3600 * 1000);
    assert.deepEqual(endpointSecrets(box, endpoint, rotatedAt + 1), ['whsec_current', 'whsec_previous']);
    assert.deepEqual(endpointSecrets(box, endpoint, rotatedAt + ROTATION_OVERLAP_MS - 1), [
      'whsec_current',
      'whsec_previous',
    ]);
    assert.deepEqual(endpointSecrets(box, endpoint, rotatedAt + ROTATION_OVERLAP_MS + 1), ['whsec_current']);
  });

  it('an endpoint never rotated signs with its one secret', () => {
    const fresh = { ...endpoint, previousSecretSealed: null, previousSecretExpiresAt: null } as WebhookEndpoint;
    assert.deepEqual(endpointSecrets(box, fresh, rotatedAt), ['whsec_current']);
  });
});
