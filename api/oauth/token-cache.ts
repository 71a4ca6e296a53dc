/**
 * Remembers verified tokens for a short while, keyed by the token's SHA-256 (never the token
 * itself). An entry never outlives the token's `exp`, so an expired token is never accepted
 * from the cache; membership is not cached here (it is checked on every request).
 */
export class TokenCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  constructor(
    private readonly maxAgeMs = 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** `expiresAt` is the token's own expiry in epoch ms, when known. */
  set(key: string, value: T, expiresAt: number | undefined, now = Date.now()): void {
    const until = Math.min(now + this.maxAgeMs, expiresAt ?? Infinity);
    if (until <= now) return;
    if (this.entries.size >= this.maxEntries) this.evict(now);
    this.entries.set(key, { value, until });
  }

  /** Drops expired entries, then the oldest ones if the cache is still full. */
  private evict(now: number): void {
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}
