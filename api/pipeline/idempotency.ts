import { canonicalJson, sha256 } from '../../core/crypto';
import { AppError } from '../../core/errors';
import { isDeadlock, isDuplicateKey } from '../../db/repositories/query';
import { idempotencyRepository as idem } from '../../db/repositories/idempotency';
import type { EntityManager } from 'typeorm';
import type { AppDeps } from './deps';

/** Idempotency records live at least 24 hours (the contract); we keep them two days. */
export const IDEMPOTENCY_TTL_MS = 48 * 60 * 60 * 1000;
/** A claim older than this whose owner never finished (a crash) may be taken over. */
const ABANDONED_AFTER_MS = 60_000;
const WAIT_FOR_OWNER_MS = 10_000;
const ATTEMPTS = 4;

/**
 * The two places a key comes from (the specification): the body's `idempotencyKey` of v1
 * operations and MCP tools, and the `Idempotency-Key` header of REST endpoints.
 */
export type KeySource = 'idempotencyKey' | 'Idempotency-Key';

/** A request's key from either source; both may be sent only when they agree. */
export function requestKey(
  fromBody: unknown,
  fromHeader: string | undefined,
): { key: string; source: KeySource } | null {
  const body = typeof fromBody === 'string' && fromBody !== '' ? fromBody : undefined;
  if (body && fromHeader && body !== fromHeader)
    throw new AppError('INVALID_ARGUMENT', 'the Idempotency-Key header and idempotencyKey differ; send one of them');
  if (body) return { key: body, source: 'idempotencyKey' };
  return fromHeader ? { key: fromHeader, source: 'Idempotency-Key' } : null;
}

export interface KeyedCall {
  deps: AppDeps;
  orgId: string;
  /** The endpoint's name: keys are unique per organization and endpoint. */
  name: string;
  key: string;
  source: KeySource;
  /** The request without its key: the same key with another request is CONFLICT. */
  request: unknown;
  /** Moves the request's deadline while it waits for another request's answer (a deliberate wait). */
  extendDeadline?: (waitMs: number) => void;
}

export type Mutation<T> = (db: EntityManager, afterCommit: (effect: () => Promise<void>) => void) => Promise<T>;

/**
 * Runs a mutation once per key. The first request claims the key and stores its answer; a retry
 * with the same request gets that answer (`replayed`), with another request CONFLICT.
 *
 * atomic: the claim, the mutation's writes (through the `db` it is given) and the answer commit in
 * one transaction, and effects run after the commit. A concurrent retry waits on the claim's row
 * lock; a failed or crashed attempt leaves no claim behind.
 *
 * not atomic, for mutations that start workflows and wait on them or write files (no transaction
 * can hold them): the claim commits first and the answer is stored after; a concurrent retry
 * waits for the answer, a failure gives the key back, and a claim abandoned by a crash is taken
 * over after a minute.
 */
export async function runOnce<T>(
  call: KeyedCall,
  atomic: boolean,
  mutation: Mutation<T>,
  keep: (answer: T) => unknown = (answer) => answer,
): Promise<{ value: T; replayed: boolean }> {
  const hash = sha256(canonicalJson(call.request));
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      return { value: await (atomic ? inOneTransaction : claimFirst)(call, hash, mutation, keep), replayed: false };
    } catch (error) {
      if (isDeadlock(error) && attempt < ATTEMPTS) continue;
      if (!isDuplicateKey(error)) throw error;
      const stored = await storedAnswer(call, hash, atomic);
      if (stored) return { value: stored.value as T, replayed: true };
      // released, rolled back or expired meanwhile: claim it ourselves
    }
  }
  throw new AppError('CONFLICT', `a request with ${call.source} "${call.key}" is still in flight; retry shortly`);
}

async function inOneTransaction<T>(
  call: KeyedCall,
  hash: string,
  mutation: Mutation<T>,
  keep: (answer: T) => unknown,
): Promise<T> {
  const effects: Array<() => Promise<void>> = [];
  const value = await call.deps.db.transaction(async (db) => {
    // The claim and the mutation commit together: a concurrent request with the same key blocks
    // on the row lock and then sees the committed answer (or, after a rollback, claims the key).
    await idem.claim(db, call.orgId, call.name, call.key, hash, Date.now(), IDEMPOTENCY_TTL_MS);
    const answer = await mutation(db, (effect) => effects.push(effect));
    await idem.complete(db, call.orgId, call.name, call.key, { value: keep(answer) });
    return answer;
  });
  for (const effect of effects) await effect();
  return value;
}

async function claimFirst<T>(
  call: KeyedCall,
  hash: string,
  mutation: Mutation<T>,
  keep: (answer: T) => unknown,
): Promise<T> {
  const db = call.deps.db.manager;
  await idem.claim(db, call.orgId, call.name, call.key, hash, Date.now(), IDEMPOTENCY_TTL_MS);
  try {
    const effects: Array<() => Promise<void>> = [];
    const answer = await mutation(db, (effect) => effects.push(effect));
    for (const effect of effects) await effect();
    await idem.complete(db, call.orgId, call.name, call.key, { value: keep(answer) });
    return answer;
  } catch (error) {
    await idem.release(db, call.orgId, call.name, call.key).catch(() => undefined);
    throw error;
  }
}

/**
 * The answer stored under a taken key, or null when the key is free again (its claim was given
 * back, rolled back, expired or abandoned). Waits while a claim-first owner is still working.
 */
async function storedAnswer(call: KeyedCall, hash: string, atomic: boolean): Promise<{ value: unknown } | null> {
  const { deps, orgId, name, key } = call;
  const db = deps.db.manager;
  const deadline = Date.now() + WAIT_FOR_OWNER_MS;
  let waiting = false;
  for (;;) {
    const stored = await idem.find(db, orgId, name, key);
    if (!stored) return null;
    if (stored.expiresAt < Date.now()) {
      await idem.removeExpired(db, orgId, name, key, Date.now());
      return null;
    }
    if (stored.requestHash !== hash) {
      throw new AppError(
        'CONFLICT',
        `${call.source} "${key}" was already used for a different ${name} request; use a new key for a different mutation`,
      );
    }
    if (stored.response) return stored.response as { value: unknown };
    // An atomic claim is only seen committed with its answer; this one is a claim-first owner's.
    if (atomic || stored.expiresAt - IDEMPOTENCY_TTL_MS < Date.now() - ABANDONED_AFTER_MS) {
      await idem.release(db, orgId, name, key);
      return null;
    }
    if (Date.now() > deadline)
      throw new AppError('CONFLICT', `a request with ${call.source} "${key}" is still in flight; retry shortly`);
    // Without this the request's own deadline (9 s) answers 503 before the wait ends in CONFLICT.
    if (!waiting) call.extendDeadline?.(WAIT_FOR_OWNER_MS);
    waiting = true;
    await new Promise((r) => setTimeout(r, 100));
  }
}
