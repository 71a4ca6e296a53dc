import type { EntityManager } from 'typeorm';
import { generateApiKey, sha256 } from '../core/crypto';
import { newId } from '../core/ids';
import { apiKeyRepository, organizationRepository } from '../db/repositories/organizations';

/**
 * Issues an organization API key: the full key is returned once; only the hash of its secret
 * is stored. The admin command, the tests and the benchmarks all make keys here.
 */
export async function issueApiKey(
  db: EntityManager,
  orgId: string,
  now = Date.now(),
  /** A name and its maker, for keys made from the console or the API (the admin command gives none). */
  about: { name?: string; createdBy?: string } = {},
): Promise<{ keyId: string; apiKey: string }> {
  const key = generateApiKey();
  await apiKeyRepository.create(db, {
    id: key.keyId,
    orgId,
    secretHash: sha256(key.secret),
    createdAt: now,
    revokedAt: null,
    name: about.name ?? null,
    createdBy: about.createdBy ?? null,
  });
  return { keyId: key.keyId, apiKey: key.apiKey };
}

/** Creates an organization with its first API key, named "first key" (what the console shows for what it did). */
export async function createOrganization(
  db: EntityManager,
  name: string,
): Promise<{ orgId: string; keyId: string; apiKey: string }> {
  const now = Date.now();
  const orgId = newId('org');
  await organizationRepository.create(db, { id: orgId, name, createdAt: now });
  return { orgId, ...(await issueApiKey(db, orgId, now, { name: 'first key' })) };
}
