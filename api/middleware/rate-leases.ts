import type { EntityManager } from 'typeorm';
import { limitRepository, type BucketRate, type TokenAnswer } from '../../db/repositories/limits';

/** How long this process may hold tokens it took from a shared bucket before spending them. */
export const LEASE_MS = 250;
/** A lease is renewed ahead once less than this is left of it (see `renew`). */
const RENEW_BEFORE_MS = LEASE_MS / 2;
/** What a held token answers; `renew`: the lease is near its end and no lease is being taken. */
export type HeldAnswer = TokenAnswer & { renew?: true };
const GRANTED: HeldAnswer = Object.freeze({ granted: 1, retryAfterMs: 0 });
const GRANTED_RENEW: HeldAnswer = Object.freeze({ granted: 1, retryAfterMs: 0, renew: true });
/** Buckets remembered before the idle ones are forgotten. */
const MAX_BUCKETS = 10_000;

interface Held {
  tokens: number;
  until: number;
  /** A refusal this process remembers (at most LEASE_MS) instead of asking MySQL per request. */
  refused?: { at: number; until: number; retryAfterMs: number };
  /** The lease being taken from MySQL: concurrent requests wait for it instead of each asking. */
  taking?: Promise<TokenAnswer>;
  /** `taking` tops a lease up: its tokens stay good until it answers (it bounds how long). */
  renewing?: boolean;
}

/**
 * Tokens this API process took from organizations' buckets in MySQL and has not spent yet. A
 * process takes what its organization may send in LEASE_MS (at most a quarter of the burst) in
 * one statement and spends them locally, so a busy organization costs one write per batch, not
 * one per request; unspent tokens lapse after LEASE_MS. Across N processes the limit then holds
 * to within N batches. At a slow rate a batch is one token: exact.
 *
 * A lease near its end, while requests still come, is renewed ahead (`renew`): topped up to a
 * batch in the background while the requests go on spending what is held. Without it, every
 * LEASE_MS the requests that arrived during the lease's write waited for it, each with a chain of
 * promises: under a burst, most of them, since the reply is read only after the burst's work.
 */
export class RateLeases {
  /** By bucket (a handful of kinds), then organization: found without building a key string a request. */
  readonly #held = new Map<string, Map<string, Held>>();

  /** `maxBuckets`: buckets remembered before the idle ones are forgotten (lower only in tests). */
  constructor(private readonly maxBuckets = MAX_BUCKETS) {}

  /** Buckets remembered now: kept under `maxBuckets` by forgetting idle ones. */
  get remembered(): number {
    let buckets = 0;
    for (const ofBucket of this.#held.values()) buckets += ofBucket.size;
    return buckets;
  }

  /** Tokens one lease takes for this rate. */
  static batch(rate: BucketRate): number {
    return Math.max(1, Math.min(Math.floor((rate.perSecond * LEASE_MS) / 1000), Math.floor(rate.burst / 4)));
  }

  /**
   * A token (or the refusal) this process already holds for the bucket, without a promise; undefined
   * when only MySQL can answer (then `take`).
   */
  takeHeld(orgId: string, bucket: string): HeldAnswer | undefined {
    const held = this.#held.get(bucket)?.get(orgId);
    return held && answerFromHeld(held);
  }

  /**
   * Tops the bucket's lease up to a batch, in the background, when a held token said `renew`: the
   * held tokens and the new ones last LEASE_MS from its answer. A process still holds at most a
   * batch. A failed renewal costs nothing: the lease lapses and the next request takes one.
   */
  renew(db: EntityManager, orgId: string, bucket: string, rate: BucketRate): Promise<void> {
    const held = this.#held.get(bucket)?.get(orgId);
    if (!held || held.taking) return Promise.resolve();
    held.renewing = true;
    const taking = this.#lease(db, orgId, bucket, rate, held, true).finally(() => {
      held.taking = undefined;
      held.renewing = false;
    });
    held.taking = taking;
    // Handled here: a request waiting for it (its tokens spent meanwhile) sees the failure itself.
    return taking.then(
      () => undefined,
      () => undefined,
    );
  }

  async take(db: EntityManager, orgId: string, bucket: string, rate: BucketRate): Promise<HeldAnswer> {
    let held = this.#held.get(bucket)?.get(orgId);
    if (!held) {
      if (this.remembered >= this.maxBuckets) this.#sweep();
      let ofBucket = this.#held.get(bucket);
      if (!ofBucket) this.#held.set(bucket, (ofBucket = new Map()));
      ofBucket.set(orgId, (held = { tokens: 0, until: 0 }));
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

  async #lease(
    db: EntityManager,
    orgId: string,
    bucket: string,
    rate: BucketRate,
    held: Held,
    topUp = false,
  ): Promise<TokenAnswer> {
    const batch = RateLeases.batch(rate);
    // A top-up asks for what the batch lacks now; the held tokens only go down meanwhile.
    const answer = await limitRepository.takeTokens(
      db,
      orgId,
      bucket,
      rate,
      topUp ? Math.max(1, batch - held.tokens) : batch,
    );
    const now = performance.now();
    if (answer.granted > 0) {
      held.tokens = topUp ? held.tokens + answer.granted : answer.granted;
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
    for (const [bucket, ofBucket] of this.#held) {
      for (const [orgId, held] of ofBucket)
        if (!held.taking && held.until < now && (held.refused?.until ?? 0) < now) ofBucket.delete(orgId);
      if (!ofBucket.size) this.#held.delete(bucket);
    }
  }
}

/** A token from what this process holds, or the refusal it holds; undefined when the lease is spent or old. */
function answerFromHeld(held: Held): HeldAnswer | undefined {
  const now = performance.now();
  // A lease being topped up stays good until the top-up answers: the event loop may read that
  // answer only after a burst's work, and its requests would each wait for it.
  if (held.tokens > 0 && (held.until > now || held.renewing)) {
    held.tokens--;
    return held.until - now < RENEW_BEFORE_MS && !held.taking ? GRANTED_RENEW : GRANTED;
  }
  if (held.refused && held.refused.until > now)
    return { granted: 0, retryAfterMs: held.refused.retryAfterMs - (now - held.refused.at) };
  return undefined;
}
