import type { SecretBox } from '../../core/crypto';
import type { WebhookEndpoint } from '../../db/entities/webhooks';

/** The sealing context of an endpoint's secret: a ciphertext copied to another endpoint does not open. */
export const secretContext = (endpointId: string) => `webhook:${endpointId}`;

/** How long a rotated-out secret still signs, so receivers can switch over. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

/** The secrets that sign now: the current one, and the previous one within its rotation window. */
export function endpointSecrets(box: SecretBox, endpoint: WebhookEndpoint, now: number): string[] {
  const current = box.open(endpoint.secretSealed, secretContext(endpoint.id));
  const previous =
    endpoint.previousSecretSealed && (endpoint.previousSecretExpiresAt ?? 0) > now
      ? [box.open(endpoint.previousSecretSealed, secretContext(endpoint.id))]
      : [];
  return [current, ...previous];
}
