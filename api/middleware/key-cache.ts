import { LRUCache } from 'lru-cache';
import type { EntityManager } from 'typeorm';
import { apiKeyRepository } from '../../db/repositories/organizations';
import { allScopes, type Principal, type Scope } from '../../core/scopes';

/** Every organization API key holds every scope; one set serves them all (principals never change it). */
const API_KEY_SCOPES: ReadonlySet<Scope> = new Set(allScopes);

/** How precise a key's "last used" is: its use is written at most once in this time (per process). */
export const LAST_USED_PRECISION_MS = 5_000;

/** What a request needs of an active API key: the digest to check the secret against, and who it is. */
export interface ActiveKey {
  id: string;
  orgId: string;
  secretHash: string;
  /** secretHash as bytes, for the constant-time comparison without a conversion per request. */
  digest: Buffer;
  /** The caller a request with this key's secret is (the same object for every such request). */
  principal: Principal;
  /**
   * The secret once a request showed it matches the digest (auth.ts checkSecret): kept in memory
   * only, and only while the key is cached, so a revoked key is still refused within the cache's ttl.
   */
  matched: Set<string>;
}

/**
 * Active API keys by key id, for `ttlMs`: most requests then authenticate without a query. The
 * secret is still checked on every request; unknown and revoked keys are never cached, so a
 * revocation takes effect in every API process within `ttlMs` (docs/configuration.md, API_KEY_CACHE_TTL_MS).
 * lru-cache bounds the memory and expires entries by itself.
 */
export class ApiKeyCache {
  private readonly cache: LRUCache<string, ActiveKey> | null;
  /** Lookups in flight: a burst of requests with one expired key makes one query, not thousands. */
  private readonly loading = new Map<string, Promise<ActiveKey | null>>();
  /** Keys whose use was written in the last LAST_USED_PRECISION_MS (see used()). */
  private readonly recentlyUsed = new LRUCache<string, true>({ max: 10_000, ttl: LAST_USED_PRECISION_MS });
  constructor(
    ttlMs: number,
    private readonly max = 10_000,
  ) {
    // Staleness is checked against a clock read at most every 50 ms (lru-cache's default, 1 ms, set a
    // timer for nearly every request under load): an entry may outlive its ttl by that much.
    this.cache = ttlMs > 0 ? new LRUCache<string, ActiveKey>({ max, ttl: ttlMs, ttlResolution: 50 }) : null;
  }

  /**
   * Records that a request used the key (its secret matched): one write per key per
   * LAST_USED_PRECISION_MS and process, in the background, so "last used" is that precise and no
   * request waits for it.
   */
  used(db: EntityManager, keyId: string): void {
    if (this.recentlyUsed.has(keyId)) return;
    this.recentlyUsed.set(keyId, true);
    void apiKeyRepository.touch(db, keyId, Date.now()).catch(() => this.recentlyUsed.delete(keyId));
  }

  /** Forgets a key at once in this process (revoked here; other processes within the ttl). */
  forget(keyId: string): void {
    this.cache?.delete(keyId);
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
    const key = {
      id: row.id,
      orgId: row.orgId,
      secretHash: row.secretHash,
      digest: Buffer.from(row.secretHash, 'hex'),
      principal: { kind: 'api_key' as const, orgId: row.orgId, subject: row.id, scopes: API_KEY_SCOPES },
      matched: new Set<string>(),
    };
    this.cache?.set(keyId, key);
    return key;
  }
}
