import type { EntityManager } from 'typeorm';
import { limitRepository, type BucketRate, type TokenAnswer } from '../../db/repositories/limits';

/** How long this process may hold tokens it took from a shared bucket before spending them. */
export const LEASE_MS = 250;
const GRANTED: TokenAnswer = Object.freeze({ granted: 1, retryAfterMs: 0 });
/** Buckets remembered before the idle ones are forgotten. */
const MAX_BUCKETS = 10_000;

interface Held {
  tokens: number;
  until: number;
  /** A refusal this process remembers (at most LEASE_MS) instead of asking MySQL per request. */
  refused?: { at: number; until: number; retryAfterMs: number };
  /** The lease being taken from MySQL: concurrent requests wait for it instead of each asking. */
  taking?: Promise<TokenAnswer>;
}

/**
 * Tokens this API process took from organizations' buckets in MySQL and has not spent yet. A
 * process takes what its organization may send in LEASE_MS (at most a quarter of the burst) in
 * one statement and spends them locally, so a busy organization costs one write per batch, not
 * one per request; unspent tokens lapse after LEASE_MS. Across N processes the limit then holds
 * to within N batches. At a slow rate a batch is one token: exact.
 */
export class RateLeases {
  readonly #held = new Map<string, Held>();

  /** `maxBuckets`: buckets remembered before the idle ones are forgotten (lower only in tests). */
  constructor(private readonly maxBuckets = MAX_BUCKETS) {}

  /** Buckets remembered now: kept under `maxBuckets` by forgetting idle ones. */
  get remembered(): number {
    return this.#held.size;
  }

  /** Tokens one lease takes for this rate. */
  static batch(rate: BucketRate): number {
    return Math.max(1, Math.min(Math.floor((rate.perSecond * LEASE_MS) / 1000), Math.floor(rate.burst / 4)));
  }

  /**
   * A token (or the refusal) this process already holds for the bucket, without a promise; undefined
   * when only MySQL can answer (then `take`).
   */
  takeHeld(orgId: string, bucket: string): TokenAnswer | undefined {
    const held = this.#held.get(`${orgId}\u0000${bucket}`);
    return held && answerFromHeld(held);
  }

  async take(db: EntityManager, orgId: string, bucket: string, rate: BucketRate): Promise<TokenAnswer> {
    const key = `${orgId}\u0000${bucket}`;
    let held = this.#held.get(key);
    if (!held) {
      if (this.#held.size >= this.maxBuckets) this.#sweep();
      this.#held.set(key, (held = { tokens: 0, until: 0 }));
    }
    for (;;) {
      const fromHeld = answerFromHeld(held);
      if (fromHeld) return fromHeld;
      if (!held.taking) {
        held.taking = this.#lease(db, orgId, bucket, rate, held).finally(() => (held.taking = undefined));
      }
      const answer = await held.taking;
      // Waiters that found the lease spent by the requests before them ask again.
      if (answer.granted === 0) return answer;
    }
  }

  async #lease(db: EntityManager, orgId: string, bucket: string, rate: BucketRate, held: Held): Promise<TokenAnswer> {
    const answer = await limitRepository.takeTokens(db, orgId, bucket, rate, RateLeases.batch(rate));
    const now = performance.now();
    if (answer.granted > 0) {
      held.tokens = answer.granted;
      held.until = now + LEASE_MS;
      held.refused = undefined;
    } else if (answer.retryAfterMs > 0) {
      held.refused = {
        at: now,
        until: now + Math.min(LEASE_MS, answer.retryAfterMs),
        retryAfterMs: answer.retryAfterMs,
      };
    }
    return answer;
  }

  /** Forgets buckets with nothing held, so the map stays bounded by the organizations sending now. */
  #sweep(): void {
    const now = performance.now();
    for (const [key, held] of this.#held) {
      if (!held.taking && held.until < now && (held.refused?.until ?? 0) < now) this.#held.delete(key);
    }
  }
}

/** A token from what this process holds, or the refusal it holds; undefined when the lease is spent or old. */
function answerFromHeld(held: Held): TokenAnswer | undefined {
  const now = performance.now();
  if (held.tokens > 0 && held.until > now) {
    held.tokens--;
    return GRANTED;
  }
  if (held.refused && held.refused.until > now)
    return { granted: 0, retryAfterMs: held.refused.retryAfterMs - (now - held.refused.at) };
  return undefined;
}
