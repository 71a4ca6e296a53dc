import { LRUCache } from 'lru-cache';
import type { EntityManager } from 'typeorm';
import { apiKeyRepository } from '../../db/repositories/organizations';

/** What a request needs of an active API key: its organization and the digest to check the secret against. */
export interface ActiveKey {
  id: string;
  orgId: string;
  secretHash: string;
}

/**
 * Active API keys by key id, for `ttlMs`: most requests then authenticate without a query. The
 * secret is still checked on every request; unknown and revoked keys are never cached, so a
 * revocation takes effect in every API process within `ttlMs` (README "Authentication").
 * lru-cache bounds the memory and expires entries by itself.
 */
export class ApiKeyCache {
  private readonly cache: LRUCache<string, ActiveKey> | null;
  /** Lookups in flight: a burst of requests with one expired key makes one query, not thousands. */
  private readonly loading = new Map<string, Promise<ActiveKey | null>>();

  constructor(ttlMs: number, max = 10_000) {
    this.cache = ttlMs > 0 ? new LRUCache<string, ActiveKey>({ max, ttl: ttlMs }) : null;
  }

  async find(db: EntityManager, keyId: string): Promise<ActiveKey | null> {
    const cached = this.cache?.get(keyId);
    if (cached) return cached;
    let lookup = this.loading.get(keyId);
    if (!lookup) {
      lookup = this.load(db, keyId).finally(() => this.loading.delete(keyId));
      this.loading.set(keyId, lookup);
    }
    return lookup;
  }

  private async load(db: EntityManager, keyId: string): Promise<ActiveKey | null> {
    const row = await apiKeyRepository.findActive(db, keyId);
    if (!row) return null;
    const key = { id: row.id, orgId: row.orgId, secretHash: row.secretHash };
    this.cache?.set(keyId, key);
    return key;
  }
}
